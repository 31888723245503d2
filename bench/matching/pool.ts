import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { OriginalDesc } from './dataset';
import type { GreyZone } from './distractors';
import type { QueryResult } from './evaluate';

/**
 * Worker threads for bench:match's vigil queries (issue 29: a folder of about 40 photographs within 25 minutes
 * on 2 cores). Hashing (the DCT) and verification (opencv-js) run in JavaScript on the thread that calls them,
 * so one process keeps one core busy however many originals it has in flight; each worker thread takes one
 * query original at a time (all 33 edits of a reference, or one distractor original's generated queries) and
 * writes the same disk cache as the in-process path, so results do not depend on the number of workers.
 */

/** What every worker is given once: the gallery as plain data, the seed, the cache folder and code versions. */
export interface PoolInit {
  cacheDir: string;
  seed: number;
  refs: OriginalDesc[];
  /** Each reference's packed hashes (cache.ts `packWords`) and PDQ quality, in `refs` order. */
  hashes: string[];
  qualities: number[];
  galleryKey: string;
  versions: { hashing: string; verify: string };
  grey: GreyZone;
  /** Grey-zone reference queries verified as they are hashed (`hashQueries`). */
  inline?: { version: string; upTo: number };
}

export type PoolTask =
  | { kind: 'reference'; original: OriginalDesc; fold: 0 | 1 }
  | { kind: 'distractor'; original: OriginalDesc; fold: 0 | 1; count: number; chunks?: [number, number] };

type Reply = { id: number; result: QueryResult[] } | { id: number; error: string };

/** Worker threads run bench/matching/worker.ts through tsx, as the benchmark itself runs. */
const ENTRY = `require('tsx/cjs'); require(${JSON.stringify(path.join(__dirname, 'worker.ts'))});`;

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly queue: { id: number; task: PoolTask }[] = [];
  private readonly pending = new Map<number, { resolve: (r: QueryResult[]) => void; reject: (e: Error) => void; worker?: Worker }>();
  private next = 0;
  private readonly workers: Worker[] = [];

  constructor(size: number, init: PoolInit) {
    for (let k = 0; k < size; k++) {
      const w = new Worker(ENTRY, { eval: true, workerData: init });
      w.on('message', (m: Reply) => {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if ('error' in m) p?.reject(new Error(m.error));
        else p?.resolve(m.result);
        this.idle.push(w);
        this.dispatch();
      });
      w.on('error', (e: Error) => {
        for (const [id, p] of this.pending) {
          if (p.worker === w) {
            this.pending.delete(id);
            p.reject(e);
          }
        }
      });
      this.workers.push(w);
      this.idle.push(w);
    }
  }

  get size(): number {
    return this.workers.length;
  }

  run(task: PoolTask): Promise<QueryResult[]> {
    const id = this.next++;
    const done = new Promise<QueryResult[]>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.queue.push({ id, task });
    this.dispatch();
    return done;
  }

  private dispatch(): void {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.pop()!;
      const { id, task } = this.queue.shift()!;
      this.pending.get(id)!.worker = w;
      w.postMessage({ id, task });
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
