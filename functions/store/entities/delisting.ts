import * as z from 'zod';
import { keys } from '../keys';
import { Cond, GSI1, GSI2, getItem, putItemIf, query, updateItemIf, withoutKeys, type Item } from '../table';

/**
 * A search-engine delisting request (issue 23, ladder step 5): one URL of one case for one engine, filed by the
 * company's agent (`DELIST#id / DELIST`). Listed in the agent's queue per engine on gsi1 (oldest first) and under
 * its case on gsi2. Its status moves queued -> filed -> delisted | refused, each move conditional on the one
 * before, so two agents never file one request twice.
 */
export const DELIST = 'DELIST';
const CASE = 'CASE';

export const DELISTING_ENGINES = ['google', 'bing'] as const;
export const DELISTING_STATUSES = ['queued', 'filed', 'delisted', 'refused'] as const;

const delistingSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  caseId: z.string(),
  userId: z.string(),
  caseNumber: z.string(),
  engine: z.enum(DELISTING_ENGINES),
  url: z.string(),
  status: z.enum(DELISTING_STATUSES),
  queuedAt: z.string(),
  filedAt: z.string().optional(),
  /** The engine's reference number for the filed request. */
  reference: z.string().optional(),
  /** The agent (user id) who filed it. */
  filedBy: z.string().optional(),
  /** When the engine was last asked whether the URL is still listed. */
  checkedAt: z.string().optional(),
  decidedAt: z.string().optional(),
  /** Why the engine refused, as the agent recorded it. */
  note: z.string().optional(),
});
export type DelistingRecord = Omit<z.infer<typeof delistingSchema>, 'v'>;
export type DelistingEngine = DelistingRecord['engine'];

const sortValue = (d: Pick<DelistingRecord, 'queuedAt' | 'id'>) => `${d.queuedAt}#${d.id}`;

export function toItem(d: DelistingRecord): Item {
  return {
    ...keys.entity(DELIST, d.id),
    ...keys.agentQueue(d.engine, sortValue(d)),
    ...keys.childOf(CASE, d.caseId, DELIST, sortValue(d)),
    entity: DELIST,
    v: 1,
    ...d,
  };
}

export function fromItem(item: Item): DelistingRecord {
  const { v: _v, ...d } = delistingSchema.parse(withoutKeys(item));
  return d;
}

/** Writes a new request; false when one with its id exists (a retried task queues once). */
export function create(d: DelistingRecord): Promise<boolean> {
  return putItemIf(toItem(d), Cond.notExists());
}

export async function get(id: string): Promise<DelistingRecord | undefined> {
  const item = await getItem(keys.entity(DELIST, id), { consistent: true });
  return item && fromItem(item);
}

/** One engine's queue, oldest first (at most `limit`). */
export async function listQueue(engine: DelistingEngine, limit: number): Promise<DelistingRecord[]> {
  const items = await query({ index: GSI1.indexName, partition: keys.agentQueuePartition(engine), limit });
  return items.map(fromItem);
}

/** A case's requests (every engine), oldest first. */
export async function listForCase(caseId: string): Promise<DelistingRecord[]> {
  const items = await query({ index: GSI2.indexName, partition: keys.childOfPartition(CASE, caseId, DELIST) });
  // The index is eventually consistent: read each again for its current status.
  return (await Promise.all(items.map((i) => get(i.id as string)))).filter((d): d is DelistingRecord => !!d);
}

/** queued -> filed with the engine's reference; the request as written, or undefined when it was not queued. */
export async function markFiled(id: string, reference: string, by: string, at: string): Promise<DelistingRecord | undefined> {
  const item = await updateItemIf(keys.entity(DELIST, id), { set: { status: 'filed', reference, filedBy: by, filedAt: at } }, Cond.eq('status', 'queued'));
  return item && fromItem(item);
}

/** filed -> delisted or refused (or a queued one refused); undefined when it had moved on. */
export async function decide(id: string, status: 'delisted' | 'refused', at: string, note?: string): Promise<DelistingRecord | undefined> {
  const from = status === 'refused' ? ['queued', 'filed'] : ['filed'];
  const item = await updateItemIf(keys.entity(DELIST, id), { set: { status, decidedAt: at, checkedAt: at, note } }, Cond.in('status', from));
  return item && fromItem(item);
}

/** Records that the engine was asked (the URL was still listed). */
export async function touchChecked(id: string, at: string): Promise<boolean> {
  return !!(await updateItemIf(keys.entity(DELIST, id), { set: { checkedAt: at } }, Cond.exists()));
}
