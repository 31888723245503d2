import * as z from 'zod';
import { SOURCE_KINDS, type SourceHealth, type SourceKind } from '../../../shared/schemas/sources';
import * as counter from '../counters';
import { keys } from '../keys';
import { GSI1, query, type Item } from '../table';

/**
 * A source's health (issue 25): `SOURCE#<kind>:<target>` / `HEALTH`, one item per source (a Telegram channel, a
 * subreddit, a leak site rule) across all creators, its counters ADDed by every run of the search workflow's
 * QuerySource task, so concurrent branches never lose a count. Listed for the admin on gsi1 (`SOURCE_HEALTH`).
 */
const SOURCE_HEALTH = 'SOURCE_HEALTH';

/** Most sources the admin list reads (one Query; the platform watches far fewer distinct sources). */
export const MAX_LISTED = 1000;

/** Version 1; counters absent until a run adds to them read as 0. */
const itemSchema = z.object({
  v: z.literal(1).default(1),
  kind: z.enum(SOURCE_KINDS),
  target: z.string(),
  runs: z.coerce.number().default(0),
  failures: z.coerce.number().default(0),
  requests: z.coerce.number().default(0),
  candidates: z.coerce.number().default(0),
  rateLimitWaitMs: z.coerce.number().default(0),
  lastRunAt: z.string().nullish().transform((v) => v ?? null),
  lastSuccessAt: z.string().nullish().transform((v) => v ?? null),
  lastProblem: z.string().nullish().transform((v) => v ?? null),
});

const idOf = (kind: SourceKind, target: string) => `${kind}:${target.toLowerCase()}`;

export function fromItem(item: Item): SourceHealth {
  const { v: _v, ...h } = itemSchema.parse(item);
  return { ...h, errorRate: h.runs > 0 ? Math.min(1, h.failures / h.runs) : 0 };
}

/** One finished run of a source: `ok` false when its branch failed or stopped for a reason (`problem`). */
export interface SourceRunRecord {
  kind: SourceKind;
  target: string;
  at: string;
  ok: boolean;
  requests: number;
  candidates: number;
  rateLimitWaitMs: number;
  problem?: string;
}

/**
 * Adds one run to the source's counters in one UpdateItem (ADD runs, failures, requests, candidates, waits; SET
 * the last run's time, the last success's or the last problem, and the listing keys). Creates the item on the
 * source's first run.
 */
export async function recordRun(run: SourceRunRecord): Promise<void> {
  const id = idOf(run.kind, run.target);
  const set: Item = {
    ...keys.sourceHealthListing(id),
    entity: SOURCE_HEALTH,
    v: 1,
    kind: run.kind,
    target: run.target.toLowerCase(),
    lastRunAt: run.at,
    ...(run.ok ? { lastSuccessAt: run.at } : {}),
    ...(run.problem ? { lastProblem: run.problem.slice(0, 500) } : {}),
  };
  // runs is always 1, so the update always happens (counter.add skips an all-zero delta).
  await counter.add(
    keys.sourceHealth(id),
    { runs: 1, failures: run.ok ? 0 : 1, requests: run.requests, candidates: run.candidates, rateLimitWaitMs: run.rateLimitWaitMs },
    set,
  );
}

/** Every source's health, by kind and name. */
export async function list(): Promise<SourceHealth[]> {
  const items = await query({ index: GSI1.indexName, partition: keys.sourceHealthPartition, limit: MAX_LISTED });
  return items.map(fromItem);
}
