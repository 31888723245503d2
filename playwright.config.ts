import { tmpdir } from 'node:os';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Where the e2e server writes sent e-mail, so journeys can open the message a host would receive. */
export const E2E_OUTBOX = process.env.E2E_OUTBOX ?? `${tmpdir()}/vigil-e2e-outbox-${PORT}`;

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the real local runtime,
 * started in memory by e2e/support/serve.ts.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
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
  webServer: {
    command: 'npx tsx e2e/support/serve.ts',
    url: `http://localhost:${PORT}/api/health`,
    env: { PORT: String(PORT), ADMIN_EMAILS: 'admin@vigil.test', LOG_LEVEL: 'WARN', OUTBOX_DIR: E2E_OUTBOX, RECHECK_AFTER_SECONDS: '4', MONITOR_INTERVAL_OVERRIDE_SECONDS: '20', MONITOR_TICK_SECONDS: '5' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
