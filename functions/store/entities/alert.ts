import * as z from 'zod';
import { alertModeSchema, alertSchema } from '../../../shared/schemas/monitor';
import { keys } from '../keys';
import { Cond, GSI1, TTL_ATTRIBUTE, expiresIn, putItemIf, queryNewest, updateItemIf, type Item } from '../table';

/**
 * An alert of the bell (`ALERT#id`), listed newest first under its owner on gsi1 (`createdAt#id`), kept 180 days
 * (TTL). Its id derives from the run and kind, so a retried follow-up writes it once.
 */
export const ALERT = 'ALERT';
/** How long the table keeps an alert. */
const ALERT_TTL_SECONDS = 180 * 86_400;

/** Version 1; items written before versions were stored have none and read as 1. */
const itemSchema = alertSchema.extend({
  v: z.literal(1).default(1),
  userId: z.string(),
  items: alertSchema.shape.items.default([]),
  read: z.boolean().default(false),
  /** Mailed (instant, or in a digest): a digest never mails it again. */
  mailed: z.boolean().default(false),
  /** The monitor's alert setting when it was raised (absent on alerts raised before it was stored). */
  alertMode: alertModeSchema.optional(),
});
export type AlertRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

export function toItem(a: AlertRecord): Item {
  return {
    ...keys.entity(ALERT, a.id),
    ...keys.ownedBy(a.userId, ALERT, `${a.createdAt}#${a.id}`),
    entity: ALERT,
    v: 1,
    ...a,
    [TTL_ATTRIBUTE]: expiresIn(ALERT_TTL_SECONDS, new Date(a.createdAt)),
  };
}

export function fromItem(item: Item): AlertRecord {
  const { v: _v, ...a } = itemSchema.parse(item);
  return a;
}

/** Writes a new alert; false when it was raised before (a retried step). */
export function raise(a: AlertRecord): Promise<boolean> {
  return putItemIf(toItem(a), Cond.notExists());
}

/** A user's newest alerts, at most `limit`, without expired ones (TTL deletes late on AWS, never on dynalite). */
export async function listByOwner(userId: string, limit: number): Promise<AlertRecord[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, ALERT), limit });
  const now = Date.now() / 1000;
  return items.filter((i) => !(typeof i[TTL_ATTRIBUTE] === 'number' && i[TTL_ATTRIBUTE] < now)).map(fromItem);
}

/** Marks the user's unread alert read; false when it is read already, someone else's or gone. */
export async function markRead(userId: string, id: string): Promise<boolean> {
  return (await updateItemIf(keys.entity(ALERT, id), { set: { read: true } }, Cond.and(Cond.eq('userId', userId), Cond.eq('read', false)))) !== undefined;
}

/** Marks an alert mailed (an alert expired meanwhile is left gone). */
export async function markMailed(id: string): Promise<void> {
  await updateItemIf(keys.entity(ALERT, id), { set: { mailed: true } }, Cond.exists());
}
