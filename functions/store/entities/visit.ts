import * as z from 'zod';
import type { AppPage, EventBody } from '../../../shared/schemas/events';
import { keys } from '../keys';
import { TTL_ATTRIBUTE, putItem, updateItemReturningOld, type Item } from '../table';

/**
 * A signed-in user's browsing session (`VISIT#userId#sessionId`, listed under its user on gsi1 by start time)
 * and its page-view and feature-use events (`EVENT#id`, the session's children on gsi2 in time order). Both
 * expire by TTL; the engagement rollup they feed is a counter (store/entities/counter.ts).
 */
export const VISIT = 'VISIT';
export const EVENT = 'EVENT';

/** Version 1; items written before versions were stored have none and read as 1. */
const eventSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  type: z.enum(['page_view', 'feature_use']) satisfies z.ZodType<EventBody['type']>,
  /** Pages and features as the lists of shared/schemas/events.ts named them when the event was stored. */
  page: z.string(),
  path: z.string(),
  feature: z.string().optional(),
  /** The client's clock, kept for reference only. */
  clientAt: z.string().optional(),
  /** The server's clock. */
  at: z.string(),
  expiresAt: z.number(),
});
export type EventRecord = Omit<z.infer<typeof eventSchema>, 'v'>;

const visitSchema = z.object({
  v: z.literal(1).default(1),
  userId: z.string(),
  sessionId: z.string(),
  startedAt: z.string(),
  lastAt: z.string(),
  lastPage: z.string(),
  views: z.number(),
  expiresAt: z.number(),
});
export type VisitRecord = Omit<z.infer<typeof visitSchema>, 'v'>;

/** Events and sessions are children and listings of the session `userId#sessionId`. */
export const sessionOf = (userId: string, sessionId: string) => `${userId}#${sessionId}`;

export function eventToItem(e: EventRecord): Item {
  return {
    ...keys.entity(EVENT, e.id),
    ...keys.childOf(VISIT, sessionOf(e.userId, e.sessionId), EVENT, `${e.at}#${e.id}`),
    entity: EVENT,
    v: 1,
    ...e,
  };
}

export function eventFromItem(item: Item): EventRecord {
  const { v: _v, ...event } = eventSchema.parse(item);
  return event;
}

export function visitToItem(s: VisitRecord): Item {
  return { ...keys.visit(s.userId, s.sessionId), ...keys.ownedBy(s.userId, VISIT, `${s.startedAt}#${s.sessionId}`), entity: VISIT, v: 1, ...s };
}

export function visitFromItem(item: Item): VisitRecord {
  const { v: _v, ...visit } = visitSchema.parse(item);
  return visit;
}

/** Stores an event (ids are fresh ULIDs: nothing to guard). */
export async function putEvent(e: EventRecord): Promise<void> {
  await putItem(eventToItem(e));
}

/** A page view as the session sees it. */
export interface PageView {
  userId: string;
  sessionId: string;
  page: AppPage;
  at: string;
  expiresAt: number;
}

/**
 * Counts a page view on its session in one UpdateItem, creating the session on its first view (its start time
 * and listing are written once), and returns the session as it was before: undefined for a new session.
 * Concurrent views of one session each see a distinct previous state.
 */
export async function recordView(view: PageView): Promise<Partial<VisitRecord> | undefined> {
  const key = keys.visit(view.userId, view.sessionId);
  const listing = keys.ownedBy(view.userId, VISIT, `${view.at}#${view.sessionId}`);
  const previous = await updateItemReturningOld(key, {
    set: { v: 1, entity: VISIT, userId: view.userId, sessionId: view.sessionId, lastAt: view.at, lastPage: view.page, [TTL_ATTRIBUTE]: view.expiresAt },
    setIfAbsent: { startedAt: view.at, ...listing },
    add: { views: 1 },
  });
  return previous && visitSchema.partial().parse(previous);
}
