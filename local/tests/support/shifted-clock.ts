/*
 * Test-only, preloaded into the runtime's process by startRuntime (local/tests/support/runtime.ts): with
 * VIGIL_CLOCK_OFFSET_MS set, the process's clock (Date.now, new Date()) runs that many milliseconds ahead of the
 * system's, as if the runtime had been down that long. The crash suite starts its last run with it past a
 * submission's re-check deadline instead of waiting for the deadline on the wall clock. Timers are not touched.
 */
import { dateWithClock } from '../../../test/clock';

const offset = Number(process.env.VIGIL_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const RealDate = Date;
  globalThis.Date = dateWithClock(RealDate, () => RealDate.now() + offset);
}
