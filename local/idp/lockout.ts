/**
 * Failed sign-ins per e-mail at the local identity provider (issue 10): after MAX_FAILURES wrong passwords within
 * WINDOW_MS for one e-mail, sign-ins for it are refused with 429 for LOCK_MS. In memory (the local IdP is one
 * process); on AWS Cognito's threat protection does this. Hand-written: a few lines of bookkeeping, and the
 * rate-limit packages key by IP address rather than by the account being guessed.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
export const LOCK_MS = 15 * 60_000;

export function createLockout(now: () => number = Date.now) {
  const failures = new Map<string, number[]>();
  const lockedUntil = new Map<string, number>();
  const key = (email: string) => email.trim().toLowerCase();

  return {
    /** Milliseconds the e-mail stays locked, or 0 when it may try. */
    lockedFor(email: string): number {
      const until = lockedUntil.get(key(email)) ?? 0;
      return Math.max(0, until - now());
    },
    /** Records a wrong password; the fifth within the window locks the e-mail. */
    failed(email: string): void {
      const k = key(email);
      const t = now();
      const recent = (failures.get(k) ?? []).filter((at) => t - at < WINDOW_MS);
      recent.push(t);
      failures.set(k, recent);
      if (recent.length >= MAX_FAILURES) {
        lockedUntil.set(k, t + LOCK_MS);
        failures.delete(k);
      }
    },
    /** A successful sign-in clears the count. */
    succeeded(email: string): void {
      failures.delete(key(email));
    },
  };
}
