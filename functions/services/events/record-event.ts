import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { pageOf, type AppPage, type EventBody } from '../../../shared/schemas/events';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { TTL_ATTRIBUTE } from '../../store/table';
import { TooManyRequestsError } from '../../lib/errors';
import * as counters from '../../store/entities/counter';
import type { CounterValues } from '../../store/entities/counter';
import { COUNTERS } from '../metrics/counters';
import { recordActivity } from '../metrics/hooks';
import { takeRateToken, type RateLimit } from '../metrics/rate-limit';

/**
 * Page-view and feature-use events (`POST /api/events`) and the engagement rollup they keep up to date.
 *
 * Each event is stored (`EVENT#id`, a child of its browsing session on gsi2, expiring after 90 days). A page
 * view also updates its session item (`VISIT#userId#sessionId`: startedAt, lastAt, lastPage, views; listed per
 * user on gsi1) in one UpdateItem that returns the item as it was, and from the difference ADDs to the
 * engagement rollup of the day the session started (`COUNTER#engagement / DAY#...`): a new session adds a
 * session, a bounce, a view and an exit on its page; a later view adds a view and the time since the previous
 * view (capped at 30 minutes: idle time is not engagement), takes the bounce back on the second view, and
 * moves the exit from the previous page to this one. Concurrent views of one session each see a distinct
 * previous state (the session update is atomic), so the rollup stays exact without transactions.
 */

export const EVENT_RATE_LIMIT: RateLimit = { name: 'events', max: 60, windowSeconds: 60 };
export const EVENTS_RATE_MESSAGE = 'Too many events. Please slow down.';
/** Longest gap between two views counted as time in the session. */
export const SESSION_GAP_CAP_MS = 30 * 60 * 1000;
/** Raw events and session items are kept this long (the rollups stay). */
export const EVENT_RETENTION_DAYS = 90;
/** Views of one session beyond this are stored but no longer rolled up (a runaway client cannot skew figures). */
export const MAX_ROLLED_UP_VIEWS = 500;

export const VISIT = 'VISIT';
export const EVENT = 'EVENT';

/** Attribute names of the engagement rollup items. */
export const ENGAGEMENT_ATTRIBUTES = {
  sessions: 'sessions',
  pageViews: 'pageViews',
  bounces: 'bounces',
  durationMs: 'durationMs',
  view: (page: string) => `view:${page}`,
  exit: (page: string) => `exit:${page}`,
  feature: (feature: string) => `feature:${feature}`,
} as const;

interface VisitBefore {
  startedAt?: string;
  lastAt?: string;
  lastPage?: AppPage;
  views?: number;
}

/** The rollup deltas of one page view given the session as it was before it (undefined: a new session). */
export function pageViewDeltas(before: VisitBefore | undefined, page: AppPage, at: Date): CounterValues {
  const A = ENGAGEMENT_ATTRIBUTES;
  if (!before?.views) return { [A.sessions]: 1, [A.bounces]: 1, [A.pageViews]: 1, [A.view(page)]: 1, [A.exit(page)]: 1 };
  if (before.views >= MAX_ROLLED_UP_VIEWS) return {};
  const gap = before.lastAt ? at.getTime() - Date.parse(before.lastAt) : 0;
  const deltas: CounterValues = {
    [A.pageViews]: 1,
    [A.view(page)]: 1,
    [A.durationMs]: Math.min(SESSION_GAP_CAP_MS, Math.max(0, gap)),
  };
  if (before.views === 1) deltas[A.bounces] = -1;
  if (before.lastPage && before.lastPage !== page) {
    deltas[A.exit(before.lastPage)] = -1;
    deltas[A.exit(page)] = (deltas[A.exit(page)] ?? 0) + 1;
  }
  return deltas;
}

/**
 * Records an event of the signed-in `userId`. The server's clock times sessions (`at` from the client is kept
 * on the event for reference only). Throws TooManyRequestsError past 60 events a minute per user.
 */
export async function recordEvent(userId: string, body: EventBody, now = new Date()): Promise<{ id: string }> {
  if (!(await takeRateToken(EVENT_RATE_LIMIT, userId, now))) throw new TooManyRequestsError(EVENTS_RATE_MESSAGE);
  const at = now.toISOString();
  const id = ulid(now.getTime());
  const page = pageOf(body.path);
  const expiresAt = Math.floor(now.getTime() / 1000) + EVENT_RETENTION_DAYS * 86400;
  const parent = `${userId}#${body.sessionId}`;

  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.entity(EVENT, id),
        ...keys.childOf(VISIT, parent, EVENT, `${at}#${id}`),
        entity: EVENT,
        id,
        userId,
        sessionId: body.sessionId,
        type: body.type,
        page,
        path: body.path.slice(0, 300),
        ...(body.type === 'feature_use' ? { feature: body.feature } : {}),
        ...(body.at ? { clientAt: body.at } : {}),
        at,
        [TTL_ATTRIBUTE]: expiresAt,
      },
    }),
  );

  if (body.type === 'feature_use') {
    await counters.add(COUNTERS.engagement, { [ENGAGEMENT_ATTRIBUTES.feature(body.feature)]: 1 }, { total: false, daily: true, at });
    return { id };
  }

  const listing = keys.ownedBy(userId, VISIT, `${at}#${body.sessionId}`);
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.visit(userId, body.sessionId),
      UpdateExpression:
        'SET entity = :entity, userId = :u, sessionId = :s, startedAt = if_not_exists(startedAt, :at), lastAt = :at, ' +
        'lastPage = :page, gsi1pk = if_not_exists(gsi1pk, :g1pk), gsi1sk = if_not_exists(gsi1sk, :g1sk), #ttl = :ttl ADD #views :one',
      ExpressionAttributeNames: { '#views': 'views', '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: {
        ':entity': VISIT,
        ':u': userId,
        ':s': body.sessionId,
        ':at': at,
        ':page': page,
        ':g1pk': listing.gsi1pk,
        ':g1sk': listing.gsi1sk,
        ':ttl': expiresAt,
        ':one': 1,
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  const before = Attributes as VisitBefore | undefined;
  const deltas = pageViewDeltas(before, page, now);
  await counters.add(COUNTERS.engagement, deltas, { total: false, daily: true, at: before?.startedAt ?? at });
  // A user's first session of the month makes them active this month (recordActivity counts once a month).
  if (!before?.views) await recordActivity(userId, now);
  return { id };
}

