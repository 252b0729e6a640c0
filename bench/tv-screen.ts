import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CDPSession, chromium, type Page, request } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import type { Benchmark, Figure } from './timing.ts';
import { buildWeb } from './web.ts';

const root = path.resolve(import.meta.dirname, '..');
const sizeScript = path.join(root, 'apps/web/scripts/initial-js-size.mjs');

/** A match day: six hours of the screen's 10-second refresh. */
const DAY_REFRESHES = (6 * 60 * 60) / 10;
/** How fast the bench replays them (`BENCH_TV_REFRESH_MS`): each refresh is a real request and render. */
const REFRESH_MS = Number(process.env.BENCH_TV_REFRESH_MS ?? 100);
/** Times the connection drops for a few seconds during the day (the pub's Wi-Fi). */
const OUTAGES = 3;

async function heap(cdp: CDPSession) {
  // Twice: what one collection frees may leave garbage the next takes.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
  return { usedKb: of('JSHeapUsedSize') / 1024, nodes: of('Nodes'), listeners: of('JSEventListeners') };
}

/** Refreshes the board as the screen counts them: each new `generatedAt` on the page's clock. */
async function refreshesSeen(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __tvRefreshes?: number }).__tvRefreshes ?? 0);
}

export const tvScreenBenchmark: Benchmark = {
  name: 'tv-screen',
  description: `The TV screen's page through a simulated 6-hour match day (${DAY_REFRESHES} board refreshes at ${REFRESH_MS} ms instead of 10 s, ${OUTAGES} connection drops): JS heap after garbage collection at the start and the end, against the start`,
  async run(): Promise<Figure[]> {
    const web = buildWeb();
    const { startAppServer } = (await import(pathToFileURL(sizeScript).href)) as {
      startAppServer(dist: string): Promise<{ base: string; stop(): void }>;
    };
    const server = await startAppServer(web);
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      // Counts the board's refreshes as they arrive (the answer of each GET /api/screens/current).
      await page.addInitScript(() => {
        const w = window as unknown as { __tvRefreshes: number };
        w.__tvRefreshes = 0;
        const original = window.fetch.bind(window);
        window.fetch = async (...args: Parameters<typeof fetch>) => {
          const res = await original(...args);
          if (String(args[0]).includes('/api/screens/current') && res.ok) w.__tvRefreshes++;
          return res;
        };
      });
      await page.goto(`${server.base}/c/red-lion/screen?refresh=${REFRESH_MS}`);
      const codeAt = page.locator('[data-pairing-code]');
      await codeAt.waitFor();
      const code = await codeAt.getAttribute('data-pairing-code');
      const admin = await request.newContext({
        baseURL: server.base,
        extraHTTPHeaders: { Origin: server.base },
      });
      await admin.get('/api/club');
      const xsrf = async () =>
        decodeURIComponent(
          (await admin.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
        );
      const signIn = await admin.post('/api/auth/sign-in/email', {
        data: { email: 'admin@redlion.test', password: 'lastman-demo' },
        headers: { 'X-XSRF-TOKEN': await xsrf() },
      });
      if (!signIn.ok()) throw new Error(`admin sign-in: ${signIn.status()}`);
      const paired = await admin.post('/api/admin/screens/pair', {
        data: { code },
        headers: { 'X-XSRF-TOKEN': await xsrf() },
      });
      if (!paired.ok()) throw new Error(`pairing: ${paired.status()} ${await paired.text()}`);
      await page.getByTestId('tv-board').waitFor({ timeout: 15_000 });

      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Performance.enable');
      // Warm: the first refreshes load the board's code and fill the caches once.
      while ((await refreshesSeen(page)) < 20) await page.waitForTimeout(200);
      const start = await heap(cdp);
      const startedAt = performance.now();
      const outageEvery = Math.floor(DAY_REFRESHES / (OUTAGES + 1));
      let outages = 0;
      let mid = start;
      for (;;) {
        const seen = await refreshesSeen(page);
        if (seen >= DAY_REFRESHES) break;
        if (outages < OUTAGES && seen >= outageEvery * (outages + 1)) {
          outages++;
          await page.context().setOffline(true);
          await page.waitForTimeout(3000);
          await page.context().setOffline(false);
        }
        if (mid === start && seen >= DAY_REFRESHES / 2) mid = await heap(cdp);
        await page.waitForTimeout(1000);
      }
      const seconds = (performance.now() - startedAt) / 1000;
      const end = await heap(cdp);
      await page.getByTestId('tv-board').waitFor();
      await admin.dispose();
      return [
        { label: 'JS heap at the start', ms: start.usedKb, unit: 'KB' },
        { label: 'JS heap half way (3 h)', ms: mid.usedKb, unit: 'KB', against: 'JS heap at the start' },
        { label: 'JS heap at the end (6 h)', ms: end.usedKb, unit: 'KB', against: 'JS heap at the start' },
        { label: 'DOM nodes at the start', ms: start.nodes, unit: 'count' },
        { label: 'DOM nodes at the end', ms: end.nodes, unit: 'count', against: 'DOM nodes at the start' },
        { label: 'event listeners at the start', ms: start.listeners, unit: 'count' },
        {
          label: 'event listeners at the end',
          ms: end.listeners,
          unit: 'count',
          against: 'event listeners at the start',
        },
        { label: 'refreshes replayed', ms: await refreshesSeen(page), unit: 'count' },
        { label: 'replay wall time', ms: seconds * 1000 },
      ];
    } finally {
      await browser.close();
      server.stop();
      rmSync(web, { recursive: true, force: true });
    }
  },
};
