import * as z from 'zod';
import { auditActionSchema } from '../../../shared/schemas/platform';
import { keys } from '../keys';
import { Cond, GSI1, putItemIf, queryNewest, type Item } from '../table';

/**
 * The admin audit log (issue 26): one item per change an administrator makes (`AUDIT#id`, id a ULID of the
 * time), listed newest first on gsi1 under `AUDIT`. Written once, never changed, kept without expiry.
 */
export const AUDIT = 'AUDIT';

/** Version 1. */
const itemSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: auditActionSchema,
  targetId: z.string().optional(),
  summary: z.string(),
  /** The values before and after, for the record (not shown on the dashboard). */
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

export function toItem(r: AuditRecord): Item {
  return { ...keys.audit(r.id), ...keys.auditListing(r.id), entity: AUDIT, v: 1, ...r };
}

export function fromItem(item: Item): AuditRecord {
  const { v: _v, ...r } = itemSchema.parse(item);
  return r;
}

/** Writes a new entry; false when its id is taken. */
export function create(r: AuditRecord): Promise<boolean> {
  return putItemIf(toItem(r), Cond.notExists());
}

/** The newest entries, at most `limit`. */
export async function listNewest(limit: number): Promise<AuditRecord[]> {
  return (await queryNewest({ index: GSI1.indexName, partition: keys.auditPartition, limit })).map(fromItem);
}
