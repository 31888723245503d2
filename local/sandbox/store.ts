import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Bytes and small JSON documents of the sandbox web: kept in memory, and under `dataDir` when one is given so
 * generated images, planted copies and removals survive a restart (links handed out keep working).
 */
export class SandboxStore {
  private readonly memory = new Map<string, Buffer>();

  constructor(readonly dataDir?: string) {}

  private file(key: string): string {
    const resolved = path.resolve(this.dataDir!, key);
    // Keys are built by the sandbox, but a request path ends up in some of them: never leave dataDir.
    if (!resolved.startsWith(path.resolve(this.dataDir!) + path.sep)) throw new Error(`bad store key ${key}`);
    return resolved;
  }

  async get(key: string): Promise<Buffer | undefined> {
    const hit = this.memory.get(key);
    if (hit || !this.dataDir) return hit;
    try {
      const data = await readFile(this.file(key));
      this.memory.set(key, data);
      return data;
    } catch {
      return undefined;
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    this.memory.set(key, data);
    if (!this.dataDir) return;
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a crash never leaves a half-written image that later reads as valid.
    const tmp = `${target}.${process.pid}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, target);
  }

  async getJson<T>(key: string): Promise<T | undefined> {
    const data = await this.get(key);
    return data ? (JSON.parse(data.toString('utf8')) as T) : undefined;
  }

  putJson(key: string, value: unknown): Promise<void> {
    return this.put(key, Buffer.from(JSON.stringify(value, null, 1)));
  }

  /** Computes a value once per key: concurrent callers share the same promise; a failure is not cached. */
  private readonly pending = new Map<string, Promise<Buffer>>();
  async getOrCreate(key: string, create: () => Promise<Buffer>): Promise<Buffer> {
    const existing = await this.get(key);
    if (existing) return existing;
    let p = this.pending.get(key);
    if (!p) {
      p = create().then(async (data) => {
        await this.put(key, data);
        return data;
      });
      this.pending.set(key, p);
      p.finally(() => this.pending.delete(key)).catch(() => undefined);
    }
    return p;
  }
}
