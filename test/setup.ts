// Runs before every test file: polyfills, and quiet logs unless a test run asks for them.
import childProcess from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import './polyfills';

// A file of the fast tier switches its guard on (test/fast-tier-guard.ts); every file starts with it off, so a
// fast file that ended early in this worker cannot leave it on for the next.
(childProcess as unknown as Record<symbol, boolean>)[Symbol.for('vigil.fastTierGuard.active')] = false;

process.env.LOG_LEVEL ??= 'SILENT';
// Request metrics go to an EMF log of this test file's own, which the admin figures read as they read
// CloudWatch on AWS (functions/adapters/metrics); tracing is off (no X-Ray daemon).
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
process.env.POWERTOOLS_TRACE_ENABLED = 'false';
process.env.METRICS_LOG_DIR ??= mkdtempSync(join(tmpdir(), 'vigil-jest-metrics-'));
