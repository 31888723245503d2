import { config, type CrashPoint } from './config';

/**
 * A seam for the crash suite (local/tests/crash.test.ts): with VIGIL_CRASH_AT=<point> (local runtime only;
 * refused on Lambda by config()), the process kills itself outright here, as `kill -9` would, so a test can
 * stop the runtime at an exact point between two writes instead of hoping to hit the window. A no-op otherwise.
 */
export function crashPoint(point: CrashPoint): void {
  if (config().crashAt === point) process.kill(process.pid, 'SIGKILL');
}
