import { PLAN_ORDER } from '../../../shared/plans';
import type { PlanRateLimit, RateLimits, RateLimitSettings } from '../../../shared/schemas/platform';
import type { PlanId } from '../../../shared/schemas/user';
import { TooManyRequestsError } from '../../lib/errors';
import * as buckets from '../../store/entities/rate-bucket';
import * as settings from '../../store/entities/setting';
import { readStoredPlan } from '../profile-store';
import { recordAudit, type Actor } from './audit';

/**
 * Per-plan rate limits on costly requests (issue 26): each user has one token bucket (store/entities/rate-bucket.ts)
 * shared by every costly route; the plan's `burst` is its size and `perMinute` its refill. The handler chain
 * takes a token before a costly route runs (functions/http/chain), so a refusal (429 with Retry-After) costs
 * nothing. The administrator sets the limits on the dashboard (Rate Limiting, Configure).
 */

/** The routes that spend money or heavy compute: provider searches, Step Functions, Bedrock, PDF rendering, mail. */
export const COSTLY_ROUTES = [
  'startSearch',
  'chat',
  'generatePdf',
  'submitAutomated',
  'bulkSubmit',
  'exportGoogleSelected',
  'createMonitor',
  'runMonitor',
  'userReport',
  'platformReport',
  'sendReportNow',
  'businessReport',
  'sendContact',
] as const;

/** Until an administrator sets them: generous enough for any person, a stop for a script. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  trial: { perMinute: 30, burst: 60 },
  basic: { perMinute: 60, burst: 120 },
  pro: { perMinute: 120, burst: 240 },
  enterprise: { perMinute: 240, burst: 480 },
};

/** The limits are read at most every few seconds per process (a change applies within that time everywhere). */
const CACHE_MS = 5000;
let cached: { at: number; limits: RateLimits } | undefined;

function complete(stored: Record<string, PlanRateLimit> | undefined): RateLimits {
  return Object.fromEntries(PLAN_ORDER.map((p) => [p, stored?.[p] ?? DEFAULT_RATE_LIMITS[p]])) as RateLimits;
}

export async function getRateLimits(): Promise<RateLimitSettings> {
  const stored = await settings.get('rate-limits');
  return {
    limits: complete(stored?.limits),
    routes: [...COSTLY_ROUTES],
    ...(stored ? { updatedAt: stored.updatedAt, updatedBy: stored.updatedBy } : {}),
  };
}

async function currentLimits(now: number): Promise<RateLimits> {
  if (cached && now - cached.at < CACHE_MS) return cached.limits;
  const limits = (await getRateLimits()).limits;
  cached = { at: now, limits };
  return limits;
}

const describe = (l: RateLimits) => PLAN_ORDER.map((p) => `${p} ${l[p].perMinute}/min (burst ${l[p].burst})`).join(', ');

/** Saves the limits of every plan (the administrator's Configure), recorded in the audit log. */
export async function setRateLimits(actor: Actor, limits: RateLimits, now = new Date()): Promise<RateLimitSettings> {
  const before = (await getRateLimits()).limits;
  await settings.put('rate-limits', { limits, updatedAt: now.toISOString(), updatedBy: actor.userId });
  cached = { at: now.getTime(), limits };
  await recordAudit(actor, 'rate-limits', `Set rate limits: ${describe(limits)}`, { before, after: limits, at: now });
  return { limits, routes: [...COSTLY_ROUTES], updatedAt: now.toISOString(), updatedBy: actor.userId };
}

export const isCostlyRoute = (name: string) => (COSTLY_ROUTES as readonly string[]).includes(name);

/**
 * Takes one token of the user's bucket under their plan's limit, or throws 429 naming the limit and when to try
 * again.
 */
export async function takeCostlyRequest(userId: string, now = Date.now()): Promise<void> {
  const [limits, stored] = await Promise.all([currentLimits(now), readStoredPlan(userId)]);
  const plan: PlanId = stored?.plan ?? 'trial';
  const limit = limits[plan];
  const result = await buckets.take(userId, { capacity: limit.burst, refillPerSecond: limit.perMinute / 60 }, now);
  if (result.taken) return;
  throw new TooManyRequestsError(
    `Too many requests: your plan allows ${limit.perMinute} scans, reports and other costly actions a minute (${limit.burst} at once). Please try again in ${result.retryAfterSeconds} s.`,
    result.retryAfterSeconds,
  );
}
