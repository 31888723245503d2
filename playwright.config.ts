import { tmpdir } from 'node:os';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The second server: the same runtime with VIGIL_HANDLERS=bundles (the Lambda bundles, each in its own process). */
const BUNDLES_PORT = Number(process.env.E2E_BUNDLES_PORT ?? PORT + 1);
/**
 * The journeys that also run against the bundles, the tests tagged `@bundles`: the scan, the allowlist and the
 * takedown (case, notice PDF with its fonts, automated submission, resolved), what breaks when a module, font or
 * binding is not in a bundle. The bulk journey runs against the source only, to keep CI time in bounds.
 */
/** E2E_BUNDLES=0 leaves the bundles server and project out (a quicker local run of one spec; CI runs both). */
const WITH_BUNDLES = process.env.E2E_BUNDLES !== '0';
/**
 * The main journeys again at a phone's width (issue 14), the tests tagged `@mobile`: sign-in, scan and the review
 * queue (review.spec.ts), and the takedown (case, notice PDF, upgrade, submission, resolved; submission-journey.spec.ts), in
 * a 390 x 844 viewport (a narrowed desktop Chromium, no touch emulation). Two journeys, to keep CI time small.
 */
const MOBILE_VIEWPORT = { width: 390, height: 844 };
/** Playwright workers (E2E_WORKERS; see the note on the config below). */
const WORKERS = Number(process.env.E2E_WORKERS ?? 1);
/**
 * The sources' politeness (requests a minute per host, the pause between two requests) is tested in the integration
 * tier (source-rate-limit.test.ts); here every journey's monitors read the same sandbox hosts, so with the default
 * 30 a minute a journey waited for windows earlier journeys had used up (sources.spec.ts took 35 s alone and 1.7 min
 * in the suite).
 */
const FAST_SOURCES = { SOURCE_RATE_LIMIT_PER_MINUTE: '600', SOURCE_MIN_INTERVAL_MS: '0' };
/** Where the e2e server writes sent e-mail, so journeys can open the message a host would receive. */
export const E2E_OUTBOX = process.env.E2E_OUTBOX ?? `${tmpdir()}/vigil-e2e-outbox-${PORT}`;
/** The e2e server's support inbox (not the sandbox default), so a page showing a built-in address fails. */
export const E2E_SUPPORT_EMAIL = 'help@vigil-e2e.test';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the real local runtime,
 * started in memory by e2e/support/serve.ts: every journey against the handlers run from source (project
 * `source`), and the scan and takedown journeys again against the deployable Lambda bundles (project
 * `bundles`, a second server with VIGIL_HANDLERS=bundles). Both servers write mail to one outbox.
 *
 * Journeys keep out of each other's way, so `E2E_WORKERS=2` (or more) can run spec files side by side: each
 * signs in as its own user, uploads demo photos made its own (e2e/support/photos.ts, so the sandbox plants copies
 * per journey), and finds its own mail in the outbox by what it names. The tests tagged `@alone` assert
 * platform-wide figures (the admin's totals), so project `alone` runs them last, after every other project.
 * One worker by default. On CI's two cores, with tracing off, two workers measured 8.0 against 9.5 min for the
 * whole suite here, but they double every step's latency against the journeys' timeouts; one keeps CI inside its
 * budget without that risk. (With tracing on, the journeys were CPU-bound and two workers gained nothing.)
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Tracing records every step's snapshot and a screencast, which made Chromium's compositor and the runner
    // the journeys' biggest CPU users (a third of the suite's time on CI's two cores). Off unless asked for:
    // E2E_TRACE=retain-on-failure npx playwright test e2e/scan.spec.ts keeps a failed journey's trace.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
    screenshot: 'only-on-failure',
    // No animations (web/src/styles/index.css shortens them under reduced motion): spinners and transitions would
    // keep the compositor drawing frames while a journey waits for the server.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'source', grepInvert: /@alone/, testIgnore: /bundles\.spec\.ts$/, use: { baseURL: `http://localhost:${PORT}` } },
    { name: 'mobile', grep: /@mobile/, testIgnore: /bundles\.spec\.ts$/, use: { baseURL: `http://localhost:${PORT}`, viewport: MOBILE_VIEWPORT } },
    ...(WITH_BUNDLES ? [{ name: 'bundles', grep: /@bundles/, timeout: 180_000, use: { baseURL: `http://localhost:${BUNDLES_PORT}` } }] : []),
    // With one worker the projects run in this order, so `alone` is last anyway; with more, it waits for the others
    // (a dependency runs its whole project even when a run names one spec file, so it is only added when needed).
    { name: 'alone', grep: /@alone/, ...(WORKERS > 1 ? { dependencies: ['source', 'mobile', ...(WITH_BUNDLES ? ['bundles'] : [])] } : {}), use: { baseURL: `http://localhost:${PORT}` } },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/support/serve.ts',
      url: `http://localhost:${PORT}/api/health`,
      env: { PORT: String(PORT), ADMIN_EMAILS: 'admin@vigil.test', AGENT_EMAILS: 'agent@vigil.test', DELISTING_CHECKS: '30', LOG_LEVEL: 'WARN', OUTBOX_DIR: E2E_OUTBOX, SUPPORT_EMAIL: E2E_SUPPORT_EMAIL, RECHECK_AFTER_SECONDS: '4', MONITOR_INTERVAL_OVERRIDE_SECONDS: '20', MONITOR_TICK_SECONDS: '5', VIDEO_SAMPLE_TIMEOUT_MS: '120000', ...FAST_SOURCES },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    ...(WITH_BUNDLES ? [{
      command: 'npx tsx e2e/support/serve.ts',
      url: `http://localhost:${BUNDLES_PORT}/api/health`,
      env: {
        PORT: String(BUNDLES_PORT),
        VIGIL_HANDLERS: 'bundles',
        ADMIN_EMAILS: 'admin@vigil.test',
        LOG_LEVEL: 'WARN',
        OUTBOX_DIR: E2E_OUTBOX,
        RECHECK_AFTER_SECONDS: '4',
      },
      reuseExistingServer: false,
      // Builds every bundle first (a few seconds on an idle machine).
      timeout: 180_000,
    }] : []),
  ],
});
