import * as z from 'zod';
import { dmcaSearchEngineSchema, submissionPlatformSchema } from '../../../shared/schemas/cases';
import type { BulkSubmissionInput } from '../../../shared/workflows/bulk-submission';
import { keys } from '../keys';
import { Cond, TABLE_KEYS, batchDelete, expiresIn, getItem, putItemIf, query, updateItemIf, type Item } from '../table';
import { DUE_ATTRIBUTES } from './due';

/**
 * The record of one bulk submission execution (docs/ARCHITECTURE.md, "Bulk submission", "Crash safety"), three
 * kinds of item in the partition `BULK#id`: the small head (`sk = BULK`: status, counts, and while running a
 * `BULK_SUBMISSION_SWEEP_DUE` entry on gsi3), the input (`sk = INPUT`, written once), and one marker per settled
 * item (`sk = ITEM#<result id>`, a conditional Put), so settling an item is one small write whatever the size of
 * the batch. None carries `entity` (they never did).
 */
export const BULK = 'BULK';
/** Every item is kept a month (TTL): long enough for any recovery, then of no use. */
const KEEP_SECONDS = 30 * 86_400;

export type BulkExecutionStatus = 'running' | 'succeeded' | 'stopped';

/** Version 1 of the head; items written before versions were stored have none and read as 1. */
const headSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  userId: z.string(),
  startedAt: z.string(),
  status: z.enum(['running', 'succeeded', 'stopped']),
  itemCount: z.number(),
  settledCount: z.number(),
  expiresAt: z.number(),
  endedAt: z.string().optional(),
  /** Why recovery stopped it (the reason its items' cases were given). */
  reason: z.string().optional(),
});
export type BulkHead = Omit<z.infer<typeof headSchema>, 'v'>;

/** The workflow input as the endpoint started it (shared/workflows/bulk-submission.ts). */
const inputSchema = z.object({
  bulkId: z.string(),
  userId: z.string(),
  options: z.object({
    originalUrl: z.string().optional(), // optional since issue 23: only My sites URLs, or none
    description: z.string().optional(),
    searchEngine: dmcaSearchEngineSchema,
    platforms: z.array(submissionPlatformSchema),
  }),
  allowance: z.object({
    refs: z.array(
      z.object({
        key: z.object({ pk: z.string(), sk: z.string() }),
        attribute: z.string(),
        set: z.record(z.string(), z.unknown()).optional(),
        ttl: z.number().optional(),
      }),
    ),
    n: z.number(),
  }),
  items: z.array(z.object({ resultId: z.string(), caseId: z.string() })),
}) satisfies z.ZodType<BulkSubmissionInput>;
const inputItemSchema = z.object({ v: z.literal(1).default(1), input: inputSchema, expiresAt: z.number() });

const headKey = (bulkId: string) => keys.entity(BULK, bulkId);

export function headToItem(head: BulkHead, sweepAt?: string): Item {
  return { ...headKey(head.id), ...keys.ownedBy(head.userId, BULK, head.id), ...(sweepAt ? keys.due('BULK_SUBMISSION_SWEEP', sweepAt, head.id) : {}), v: 1, ...head };
}

export function headFromItem(item: Item): BulkHead {
  const { v: _v, ...head } = headSchema.parse(item);
  return head;
}

export function inputToItem(input: BulkSubmissionInput, expiresAt: number): Item {
  return { ...keys.bulkInput(input.bulkId), v: 1, input, expiresAt };
}

export function inputFromItem(item: Item): BulkSubmissionInput {
  return inputItemSchema.parse(item).input;
}

/**
 * Records an execution about to start: its input, then its head (running, none settled) with its sweep entry due
 * at `sweepAt`, each only where none exists. Input first, so a head the sweep finds always has its input. False
 * when the id was taken (nothing of this call's is then trusted).
 */
export async function create(input: BulkSubmissionInput, startedAt: Date, sweepAt: string): Promise<boolean> {
  const expiresAt = expiresIn(KEEP_SECONDS, startedAt);
  if (!(await putItemIf(inputToItem(input, expiresAt), Cond.notExists()))) return false;
  const head: BulkHead = {
    id: input.bulkId,
    userId: input.userId,
    startedAt: startedAt.toISOString(),
    status: 'running',
    itemCount: input.items.length,
    settledCount: 0,
    expiresAt,
  };
  return putItemIf(headToItem(head, sweepAt), Cond.notExists());
}

/** Deletes the head and the input of an execution that never started (no item of it was settled). */
export function forget(bulkId: string): Promise<void> {
  return batchDelete([headKey(bulkId), keys.bulkInput(bulkId)]);
}

export async function getHead(bulkId: string): Promise<BulkHead | undefined> {
  const item = await getItem(headKey(bulkId));
  return item && headFromItem(item);
}

export async function getInput(bulkId: string): Promise<BulkSubmissionInput | undefined> {
  const item = await getItem(keys.bulkInput(bulkId));
  return item && inputFromItem(item);
}

/** One settled item: its result, and whether recovery settled it (the execution had stopped before reaching it). */
export interface SettledItem {
  resultId: string;
  byRecovery: boolean;
}

/** The settled items of an execution: its markers, read consistently, keys and flags only. */
export async function listSettled(bulkId: string): Promise<SettledItem[]> {
  const sk = TABLE_KEYS.sortKey;
  const items = await query({ partition: headKey(bulkId).pk, sortBeginsWith: keys.bulkItemPrefix, consistent: true, attributes: [sk, 'byRecovery'] });
  return items.map((item) => ({ resultId: String(item[sk]).slice(keys.bulkItemPrefix.length), byRecovery: !!item.byRecovery }));
}

/** Settles one item, once: its marker is put only where none exists. False when it was settled before. */
export function settle(bulkId: string, resultId: string, opts: { byRecovery?: boolean; at: Date }): Promise<boolean> {
  const marker = {
    ...keys.bulkItem(bulkId, resultId),
    v: 1,
    settledAt: opts.at.toISOString(),
    ...(opts.byRecovery ? { byRecovery: true } : {}),
    expiresAt: expiresIn(KEEP_SECONDS, opts.at),
  };
  return putItemIf(marker, Cond.notExists());
}

/** Counts one settled item on the head: the head as written, or undefined when the execution has no head. */
export async function countSettled(bulkId: string): Promise<BulkHead | undefined> {
  const item = await updateItemIf(headKey(bulkId), { add: { settledCount: 1 } }, Cond.exists());
  return item && headFromItem(item);
}

/** Ends a running execution `status` (with `reason`, when given) and takes it out of the sweep index; false when it was not running. */
export async function end(bulkId: string, status: Exclude<BulkExecutionStatus, 'running'>, at: Date, reason?: string): Promise<boolean> {
  const written = await updateItemIf(
    headKey(bulkId),
    { set: { status, endedAt: at.toISOString(), reason }, remove: DUE_ATTRIBUTES },
    Cond.eq('status', 'running'),
  );
  return !!written;
}
