import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where benchmark JSON goes by default (gitignored). */
export const OUT_DIR = path.resolve(__dirname, '..', 'out');

/** Writes a benchmark's JSON report, creating its folder; returns the absolute path written. */
export async function writeReport(file: string, report: unknown): Promise<string> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(report, null, 2) + '\n');
  return target;
}
