import * as z from 'zod';
import { keys } from '../keys';
import { Cond, expiresIn, putItemIf, query, updateItemIf, withoutKeys, type Item } from '../table';

/**
 * A creator's data export job (issue 27): `USER#id / EXPORT#<ulid>`. The request writes it `queued`; the export
 * function claims it (`building`), streams the archive into `exports/<userId>/` and records `ready` with the
 * archive's key and counts, or `failed` with the reason. The item expires with its archive (7 days).
 */
export const DATA_EXPORT = 'DATA_EXPORT';
/** Archives and their jobs live 7 days (the `expire-data-exports` lifecycle rule says the same of the files). */
export const EXPORT_TTL_SECONDS = 7 * 24 * 3600;

export const exportStatusSchema = z.enum(['queued', 'building', 'ready', 'failed']);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

const itemSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  userId: z.string(),
  status: exportStatusSchema,
  requestedAt: z.string(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  /** The archive's object key (uploads bucket), once ready. */
  key: z.string().optional(),
  items: z.number().int().nonnegative().optional(),
  files: z.number().int().nonnegative().optional(),
  bytes: z.number().int().nonnegative().optional(),
  error: z.string().optional(),
});
export type DataExportRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

export function toItem(r: DataExportRecord): Item {
  return { ...keys.dataExport(r.userId, r.id), entity: DATA_EXPORT, v: 1, ...r, expiresAt: expiresIn(EXPORT_TTL_SECONDS, new Date(r.requestedAt)) };
}

export function fromItem(item: Item): DataExportRecord {
  const { v: _v, ...r } = itemSchema.parse(withoutKeys(item));
  return r;
}

/** Writes a new queued job (never over an existing one). */
export function create(r: Pick<DataExportRecord, 'id' | 'userId' | 'requestedAt'>): Promise<boolean> {
  return putItemIf(toItem({ ...r, status: 'queued' }), Cond.notExists('pk'));
}

/** The user's newest export job, if any. */
export async function newest(userId: string): Promise<DataExportRecord | undefined> {
  const [item] = await query({ partition: keys.dataExport(userId, '').pk, sortBeginsWith: keys.dataExportPrefix, descending: true, limit: 1, consistent: true });
  return item ? fromItem(item) : undefined;
}

/** Claims a queued job for building; false when it is gone or another invocation has it (a retried event). */
export async function claim(userId: string, exportId: string, at: string): Promise<boolean> {
  const updated = await updateItemIf(keys.dataExport(userId, exportId), { set: { status: 'building', startedAt: at } }, Cond.eq('status', 'queued'));
  return updated !== undefined;
}

/** Records the built archive on a job being built. */
export async function finish(userId: string, exportId: string, done: Required<Pick<DataExportRecord, 'key' | 'items' | 'files' | 'bytes' | 'finishedAt'>>): Promise<boolean> {
  const updated = await updateItemIf(keys.dataExport(userId, exportId), { set: { status: 'ready', ...done } }, Cond.eq('status', 'building'));
  return updated !== undefined;
}

/** Records why a job (queued or building) did not produce an archive. */
export async function fail(userId: string, exportId: string, error: string, at: string): Promise<boolean> {
  const updated = await updateItemIf(
    keys.dataExport(userId, exportId),
    { set: { status: 'failed', error: error.slice(0, 500), finishedAt: at } },
    Cond.in('status', ['queued', 'building']),
  );
  return updated !== undefined;
}
