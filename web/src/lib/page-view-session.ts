/*
 * The per-tab analytics session id of page-view events (kept apart from the hook so it can be tested without a
 * router or a browser). shared/schemas/events.ts describes how the server uses it.
 */

/** sessionStorage keys of this tab's analytics session id and of its last activity (ms since the epoch). */
export const SESSION_ID_KEY = 'vigil.sessionId';
export const SESSION_SEEN_KEY = 'vigil.sessionSeenAt';
/** A session ends after 30 minutes without activity, as web analytics usually count it. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * This tab's session id at `now`: the stored one while the tab was active in the last 30 minutes, otherwise a
 * new one from `makeId`; either way the activity time is refreshed. sessionStorage is per tab and ends with it.
 * Without usable storage (some private modes throw) a fresh id is returned each time; those events then count as
 * separate sessions, which is harmless.
 */
export function sessionIdFrom(storage: SessionStorageLike | undefined, makeId: () => string, now: number = Date.now()): string {
  try {
    const existing = storage?.getItem(SESSION_ID_KEY);
    const seenAt = Number(storage?.getItem(SESSION_SEEN_KEY));
    const fresh = existing && Number.isFinite(seenAt) && now - seenAt <= SESSION_IDLE_MS;
    const id = fresh ? existing : makeId();
    storage?.setItem(SESSION_ID_KEY, id);
    storage?.setItem(SESSION_SEEN_KEY, String(now));
    return id;
  } catch {
    return makeId();
  }
}

/**
 * A random 32-character hex id. `crypto.getRandomValues` works on plain-http origins too, where
 * `crypto.randomUUID` does not exist.
 */
export function randomSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
