/**
 * One worker thread of bench:match (bench/matching/pool.ts): rebuilds the vigil gallery from the plain data it
 * is given, then runs one query original at a time through the same code as the in-process path.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DiskCache, unpackWords } from './cache';
import { reviveOriginal } from './dataset';
import { runDistractorQueries } from './distractors';
import { vigil } from './methods';
import type { PoolInit, PoolTask } from './pool';
import { galleryFrom, hashQueries } from './run';

const init = workerData as PoolInit;
const cache = new DiskCache(init.cacheDir);
const refs = init.refs.map((d) => reviveOriginal(d, cache));
const gallery = galleryFrom(
  refs,
  new Map(refs.map((r, k) => [r.id, unpackWords(init.hashes[k])])),
  new Map(refs.map((r, k) => [r.id, init.qualities[k]])),
  8,
  init.galleryKey,
);
const method = vigil();

// One task at a time: the pool sends the next only after this one's reply.
parentPort!.on('message', ({ id, task }: { id: number; task: PoolTask }) => {
  (async () => {
    const original = reviveOriginal(task.original, cache);
    if (task.kind === 'distractor') return runDistractorQueries(original, task.fold, task.count, gallery, init.grey, init.seed, cache, init.versions, task.chunks);
    const m = await method;
    return (await hashQueries({ original, fold: task.fold, role: 'reference' }, [m], new Map([[m.name, gallery]]), init.seed, cache, init.inline)).vigil;
  })().then(
    (result) => parentPort!.postMessage({ id, result }),
    (e: unknown) => parentPort!.postMessage({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
  );
});
