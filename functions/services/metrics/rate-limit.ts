import * as counter from '../../store/counters';
import { keys } from '../../store/keys';

export interface RateLimit {
  /** Name of the limit (part of the key), e.g. `contact`. */
  name: string;
  /** Most uses per window. */
  max: number;
  /** Window length; windows are aligned to the epoch (an hour limit resets on the hour). */
  windowSeconds: number;
}

function windowRef(limit: RateLimit, subject: string, now: Date): counter.CounterRef {
  const window = counter.windowAt(limit.windowSeconds, now);
  return { key: keys.rateWindow(limit.name, subject, window.id), attribute: 'count', ttl: window.ttl };
}

/**
 * Takes one use of a fixed-window rate limit for `subject` (a user id), so concurrent requests can never exceed
 * it. Returns false when the window is full. The window's item expires by TTL a minute after the window ends.
 */
export async function takeRateToken(limit: RateLimit, subject: string, now = new Date()): Promise<boolean> {
  return (await counter.take(windowRef(limit, subject, now), limit.max)).taken;
}

/** Gives a use back (the request it was taken for failed before doing anything). Best-effort. */
export async function returnRateToken(limit: RateLimit, subject: string, now = new Date()): Promise<void> {
  await counter.give(windowRef(limit, subject, now)).catch(() => undefined);
}
