// Rough Lighthouse-like measurement of /app/tabs/game: phone viewport, 4x CPU slowdown and a
// throttled network (Lighthouse's "slow 4G": 150 ms RTT, 1.6 Mbps down), cold cache.
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../../scripts/chromium.mjs';

const base = process.env.BASE ?? 'http://localhost:3100';
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox'],
});
const results = [];
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${base}/app/tabs/game`, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  const m = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
        setTimeout(() => resolve({ lcp: Math.round(lcp), fcp: Math.round(fcp) }), 200);
      }),
  );
  results.push(m);
  await context.close();
}
await browser.close();
console.log(JSON.stringify(results));
