import * as z from 'zod';
import { activityKindSchema } from '../../../shared/schemas/platform';
import { keys } from '../keys';
import { Cond, GSI1, TTL_ATTRIBUTE, expiresIn, putItemIf, queryNewest, type Item } from '../table';

/**
 * The platform's activity feed (issue 26): one item per business event (`ACTIVITY#id`, id a ULID of the time),
 * listed newest first on gsi1 under `ACTIVITY`, kept 90 days (TTL). It holds no creator identity: the kind and a
 * sentence of plan and figures.
 */
export const ACTIVITY = 'ACTIVITY';
const ACTIVITY_TTL_SECONDS = 90 * 86_400;

/** Version 1. */
const itemSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  at: z.string(),
  kind: activityKindSchema,
  summary: z.string(),
});
export type ActivityRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

export function toItem(r: ActivityRecord): Item {
  return { ...keys.activity(r.id), ...keys.activityListing(r.id), entity: ACTIVITY, v: 1, ...r, [TTL_ATTRIBUTE]: expiresIn(ACTIVITY_TTL_SECONDS, new Date(r.at)) };
}

export function fromItem(item: Item): ActivityRecord {
  const { v: _v, ...r } = itemSchema.parse(item);
  return r;
}

/** Writes a new event; false when its id is taken. */
export function create(r: ActivityRecord): Promise<boolean> {
  return putItemIf(toItem(r), Cond.notExists());
}

/** The newest events, at most `limit`, without expired ones (TTL deletes late on AWS, never on dynalite). */
export async function listNewest(limit: number): Promise<ActivityRecord[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.activityPartition, limit });
  const now = Date.now() / 1000;
  return items.filter((i) => !(typeof i[TTL_ATTRIBUTE] === 'number' && i[TTL_ATTRIBUTE] < now)).map(fromItem);
}
