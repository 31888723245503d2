/*
 * The tests' clock, for code that reads the time itself (`new Date()`, `Date.now()`) rather than taking it as a
 * parameter. A test that needs time to pass moves this clock instead of sleeping, and a test that must not see
 * the time change (a calendar month, an hour's window, an age compared against a limit) stops it. Timers and I/O
 * are never touched: stand-ins, workflows and timeouts run as usual.
 *
 * Keep a moved clock within minutes of the real one in a file that calls S3: the SDK corrects its clock from the
 * Date header Node's http server writes (the real clock) and s3rver refuses a request more than 15 minutes off
 * its own (the test's) clock. `shiftClock(middleOfThisMonth())` (up to weeks away) is for files without S3.
 *
 *   const clock = shiftClock();        // Date runs as usual, plus what the test moved it by
 *   shiftClock(middleOfThisMonth());   // Date runs on from noon UTC on the 15th of this month
 *   clock.advance(5_000);              // five seconds pass, at once
 *   clock.restore();                   // in afterAll (or finally)
 *
 *   const frozen = freezeClock(at);    // Date stands at `at` until moved (jest's fake Date, nothing else faked)
 *   frozen.set(at + 60_000);
 *   frozen.restore();
 */

/** A Date constructor whose clock is `now()`: `new Date()` and `Date.now()` read it, everything else is Date's own. */
export function dateWithClock(RealDate: DateConstructor, now: () => number): DateConstructor {
  // A function, not a subclass, so `Date()` called bare still answers a string; instances are real Dates.
  const ClockDate = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now()).toString();
    return args.length ? new (RealDate as unknown as new (...a: unknown[]) => Date)(...args) : new RealDate(now());
  } as unknown as DateConstructor;
  Object.defineProperties(ClockDate, Object.getOwnPropertyDescriptors(RealDate));
  Object.defineProperty(ClockDate, 'now', { value: now, writable: true, configurable: true });
  return ClockDate;
}

export interface ShiftedClock {
  /** Moves the clock `ms` forward, as that much time passing would, without waiting. */
  advance(ms: number): void;
  /** Moves the clock forward to `epochMs` if it is not there yet (never back). */
  advanceTo(epochMs: number): void;
  /** Puts the real Date back. */
  restore(): void;
}

/**
 * Replaces this test file's Date with one that runs on from `startAt` (default: now), and ahead by what the test
 * moves it. `middleOfThisMonth()` as `startAt` keeps a file's month and day whenever it runs.
 */
export function shiftClock(startAt?: number): ShiftedClock {
  const RealDate = globalThis.Date;
  let offset = startAt === undefined ? 0 : startAt - RealDate.now();
  const now = () => RealDate.now() + offset;
  globalThis.Date = dateWithClock(RealDate, now);
  return {
    advance: (ms) => {
      offset += Math.max(0, ms);
    },
    advanceTo: (epochMs) => {
      offset += Math.max(0, epochMs - now());
    },
    restore: () => {
      globalThis.Date = RealDate;
    },
  };
}

/** Noon UTC on the 15th of the current month: far from any month's or day's edge, in the month it is now. */
export function middleOfThisMonth(now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15, 12);
}

/** Every fake of jest's timers but Date: with it, only Date stands still, timers and I/O run for real. */
const NOT_DATE = [
  'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback',
  'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout',
] as const;

export interface FrozenClock {
  /** Sets the clock to `epochMs`. */
  set(epochMs: number): void;
  /** Puts the real Date back (jest.useRealTimers). */
  restore(): void;
}

/** Stops this test file's Date at `at` (default: now) with jest's fake Date; nothing else is faked. */
export function freezeClock(at: number = Date.now()): FrozenClock {
  jest.useFakeTimers({ now: at, doNotFake: [...NOT_DATE] });
  return {
    set: (epochMs) => jest.setSystemTime(epochMs),
    restore: () => jest.useRealTimers(),
  };
}
