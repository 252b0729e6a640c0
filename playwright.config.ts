import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

/** A free port, chosen once and shared with the workers through the environment. */
function freePort(): string {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return execFileSync(process.execPath, ['-e', script]).toString().trim();
}

process.env.E2E_PORT ??= freePort();
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'lastman-e2e-mail-'));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'lastman-e2e-data-'));
// Each run builds the web app into its own folder: runs started side by side (several engineers
// share this tree) must not replace each other's hashed assets under a running server.
process.env.E2E_WEB_DIST ??= mkdtempSync(join(tmpdir(), 'lastman-e2e-web-'));
const port = process.env.E2E_PORT;

/** The specs the desktop project runs as well: see its comment below. */
const DESKTOP_SPECS = [
  'a11y',
  'admin-comms',
  'analytics',
  'game',
  'gallery',
  'live-score-by-hand',
  'name-only-cash-entry',
  'navigation',
  // The unread badge's test starts at desktop width and narrows the page itself.
  'notifications',
  'pick-history',
  'plain-messages',
  'shell',
  'staff-clock',
  'staff-shifts',
  'staff-swaps',
  'staff-week-grid',
  'stripe-connect',
  'touch-targets',
  'tv-screen',
];
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: join(tmpdir(), `lastman-e2e-results-${port}`),
  globalTeardown: './e2e/support/global-teardown.ts',
  // A test waits as long as a person would for a screen on a busy phone: the suite must hold with
  // another program busy on one of the two cores (CI's machines are no faster than that).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 5'],
        browserName: 'chromium',
        viewport: { width: 360, height: 740 },
        launchOptions: chromiumLaunchOptions,
      },
    },
    {
      name: 'desktop',
      // Every flow runs at phone width, the app's first audience. At desktop width run the specs
      // whose subject is the wide layout (the split pane, wide tables and grids, the TV screen, hit
      // areas, accessibility) or that take a desktop path of their own; running every flow twice
      // doubled the suite's time for little that the phone run does not already catch.
      testMatch: DESKTOP_SPECS.map((name) => `**/${name}.spec.ts`),
      // A test named for a phone width sets that width itself: the phone project runs it, once.
      grepInvert: /\bat (360|390) px\b/,
      use: {
        ...devices['Desktop Chrome'],
        browserName: 'chromium',
        viewport: { width: 1440, height: 900 },
        launchOptions: chromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    command: `NODE_ENV=production npm run -w apps/web build -- --outDir ${process.env.E2E_WEB_DIST} --emptyOutDir && node_modules/.bin/node --import tsx e2e/support/serve.ts`,
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST: process.env.E2E_WEB_DIST,
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      PUBLIC_URL: baseURL,
      RATE_LIMIT_ENABLED: 'false',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  },
});
