import * as z from 'zod';
import { keys } from '../keys';
import { Cond, TTL_ATTRIBUTE, getItem, putItemIf, type Item } from '../table';

/**
 * A source host's request window (issue 25): `SOURCEHOST#<host>` / `WINDOW`, the send times reserved for the
 * latest requests to one host by every QuerySource container, and `seq`, the number of writes. A reservation reads
 * the window, picks the earliest time that keeps the host within its limit (at most `perWindow` reserved times in
 * any `windowMs + marginMs`, each at least `minIntervalMs` after the one before), and writes the window back on
 * the `seq` it read (or on its absence), so two containers can never take the same place: the loser reads again.
 * Times may lie in the future (a request waits for its time); only the last `perWindow` are kept, which is all the
 * rule looks at. The item expires by TTL an hour after its last reserved time.
 */
export const SOURCE_HOST_WINDOW = 'SOURCE_HOST_WINDOW';
const IDLE_TTL_SECONDS = 3600;
/** Attempts before giving up on a window many containers write at once (each attempt is one read and one write). */
export const ATTEMPTS = 12;

/** Version 1. */
const itemSchema = z.object({ v: z.literal(1).default(1), host: z.string(), slots: z.array(z.number()), seq: z.number().int() });
export type WindowState = Omit<z.infer<typeof itemSchema>, 'v'>;

export interface WindowRule {
  /** Requests allowed in any window. */
  perWindow: number;
  /** The window, in ms (a minute for the sources' per-minute limits). */
  windowMs: number;
  /** Shortest gap between two requests, in ms. */
  minIntervalMs: number;
  /**
   * Added to the window when spacing reserved times, so a request sent a little after its reserved time (timer
   * lateness, clock skew between containers) still cannot make `perWindow + 1` requests fall in one window.
   */
  marginMs: number;
}

export function toItem(host: string, s: Omit<WindowState, 'host'>): Item {
  const last = s.slots.at(-1) ?? 0;
  return { ...keys.sourceHostWindow(host), entity: SOURCE_HOST_WINDOW, v: 1, host, ...s, [TTL_ATTRIBUTE]: Math.floor(last / 1000) + IDLE_TTL_SECONDS };
}

export function fromItem(item: Item): WindowState {
  const { v: _v, ...s } = itemSchema.parse(item);
  return s;
}

/**
 * The earliest time at or after `nowMs` a request may be sent, given the times already reserved (ascending), and
 * the reserved times to keep with it. Pure: the reservation's rule, tested on its own.
 */
export function nextSlot(slots: readonly number[], rule: WindowRule, nowMs: number): { at: number; slots: number[] } {
  const live = slots.filter((t) => t > nowMs - rule.windowMs - rule.marginMs);
  let at = nowMs;
  if (live.length >= rule.perWindow) at = Math.max(at, live[live.length - rule.perWindow]! + rule.windowMs + rule.marginMs);
  if (live.length > 0) at = Math.max(at, live[live.length - 1]! + rule.minIntervalMs);
  return { at, slots: [...live, at].slice(-rule.perWindow) };
}

/** Reserves the next send time for a request to `host` (ms since the epoch; the caller waits until then). */
export async function reserve(host: string, rule: WindowRule, nowMs = Date.now()): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const item = await getItem(keys.sourceHostWindow(host), { consistent: true });
    const state = item ? fromItem(item) : undefined;
    const next = nextSlot(state?.slots ?? [], rule, nowMs);
    const seq = (state?.seq ?? 0) + 1;
    if (await putItemIf(toItem(host, { slots: next.slots, seq }), state ? Cond.eq('seq', state.seq) : Cond.notExists())) return next.at;
  }
  throw new Error(`the request window of ${host} is contended beyond ${ATTEMPTS} attempts`);
}
