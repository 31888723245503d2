import { ulid } from 'ulid';
import { pageOf, type AppPage, type EventBody } from '../../../shared/schemas/events';
import * as visits from '../../store/entities/visit';
import type { VisitRecord } from '../../store/entities/visit';
import { TooManyRequestsError } from '../../lib/errors';
import type { CounterValues } from '../../store/entities/counter';
import { publishCounts } from '../../adapters/metrics/metric-sums';
import { recordActivity } from '../metrics/hooks';
import { takeRateToken, type RateLimit } from '../metrics/rate-limit';

/**
 * Page-view and feature-use events (`POST /api/events`) and the engagement rollup they keep up to date.
 *
 * Each event is stored (store/entities/visit.ts: a child of its browsing session, expiring after 90 days). A page
 * view also counts on its session (startedAt, lastAt, lastPage, views) in one update that returns the session as
 * it was, and from the difference adds to the engagement rollup of the day the session started. The rollup is
 * a set of CloudWatch metrics (EMF, service ENGAGEMENT_SERVICE, timestamped on that day; adapters/metrics/
 * metric-sums.ts), not a counter item: one item written on every page view of every user was a hot key
 * (issue 27). A new session adds a session, a bounce, a view and an exit on its page; a
 * later view adds a view and the time since the previous view (capped at 30 minutes: idle time is not
 * engagement), takes the bounce back on the second view, and moves the exit from the previous page to this one. Concurrent views of one session each see a distinct
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

/** The metrics' `service` dimension. */
export const ENGAGEMENT_SERVICE = 'vigil-engagement';

/** Metric names of the engagement rollup (and attribute names of the counter items written before issue 27). */
export const ENGAGEMENT_ATTRIBUTES = {
  sessions: 'sessions',
  pageViews: 'pageViews',
  bounces: 'bounces',
  durationMs: 'durationMs',
  view: (page: string) => `view:${page}`,
  exit: (page: string) => `exit:${page}`,
  feature: (feature: string) => `feature:${feature}`,
} as const;

type VisitBefore = Partial<Pick<VisitRecord, 'startedAt' | 'lastAt' | 'lastPage' | 'views'>>;

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
  await visits.putEvent({
    id,
    userId,
    sessionId: body.sessionId,
    type: body.type,
    page,
    path: body.path.slice(0, 300),
    ...(body.type === 'feature_use' ? { feature: body.feature } : {}),
    ...(body.at ? { clientAt: body.at } : {}),
    at,
    expiresAt,
  });

  if (body.type === 'feature_use') {
    publishCounts(ENGAGEMENT_SERVICE, { [ENGAGEMENT_ATTRIBUTES.feature(body.feature)]: 1 }, now);
    return { id };
  }

  const before = await visits.recordView({ userId, sessionId: body.sessionId, page, at, expiresAt });
  const deltas = pageViewDeltas(before, page, now);
  publishCounts(ENGAGEMENT_SERVICE, deltas, new Date(before?.startedAt ?? at));
  // A user's first session of the month makes them active this month (recordActivity counts once a month).
  if (!before?.views) await recordActivity(userId, now);
  return { id };
}

