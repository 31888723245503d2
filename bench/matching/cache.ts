import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * An on-disk cache for the benchmarks: decoded tiles, edited-and-hashed queries, reference hashes and
 * verification decisions survive between runs, so a second run (another threshold, another report) costs
 * minutes instead of an hour of CPU. Entries are keyed by everything that determines them (seed, original,
 * edit, a digest of the hashing code); stale keys are simply never read again. Default folder:
 * `${XDG_CACHE_HOME:-~/.cache}/vigil-bench/cache`, outside the repository.
 */
export class DiskCache {
  constructor(readonly dir: string) {}

  static defaultDir(): string {
    return path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'), 'vigil-bench', 'cache');
  }

  private file(kind: string, key: string): string {
    const digest = createHash('sha1').update(key).digest('hex');
    return path.join(this.dir, kind, digest.slice(0, 2), digest);
  }

  async get(kind: string, key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.file(kind, key));
    } catch {
      return undefined;
    }
  }

  /** Writes atomically (temporary file, then rename), so an interrupted run never leaves half an entry. */
  async put(kind: string, key: string, bytes: Buffer | string): Promise<void> {
    const file = this.file(kind, key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  }

  async json<T>(kind: string, key: string, make: () => Promise<T>): Promise<T> {
    const hit = await this.get(kind, key);
    if (hit) return JSON.parse(hit.toString()) as T;
    const value = await make();
    await this.put(kind, key, JSON.stringify(value));
    return value;
  }

  async bytes(kind: string, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = await this.get(kind, key);
    if (hit) return hit;
    const value = await make();
    await this.put(kind, key, value);
    return value;
  }
}

/** Packs hash arrays for the cache (base64 of the little-endian words). */
export const packWords = (w: Uint32Array): string => Buffer.from(w.buffer, w.byteOffset, w.byteLength).toString('base64');
export function unpackWords(s: string): Uint32Array {
  const b = Buffer.from(s, 'base64');
  const out = new Uint32Array(b.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = b.readUInt32LE(i * 4);
  return out;
}

/** A digest of source files: cache entries made by other hashing code are never reused. */
export async function sourceDigest(dir: string, files: string[]): Promise<string> {
  const h = createHash('sha1');
  for (const f of files.sort()) h.update(f).update(await readFile(path.join(dir, f)));
  return h.digest('hex').slice(0, 12);
}
