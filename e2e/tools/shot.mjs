import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';

const base = process.env.BASE ?? 'http://localhost:3100';
const routes = (process.env.ROUTES ?? '/').split(',');
const widths = (process.env.WIDTHS ?? '360,1440').split(',').map(Number);
const browser = await chromium.launch(chromiumLaunchOptions);
for (const w of widths) {
  const ctx = await browser.newContext({
    viewport: { width: w, height: w < 800 ? 740 : 900 },
    colorScheme: process.env.DARK ? 'dark' : 'light',
  });
  const page = await ctx.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning')
      console.log(`[${w}] console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => console.log(`[${w}] pageerror: ${e.message}`));
  if (process.env.LOGIN) {
    await page.goto(`${base}/login`);
    await page.locator('input[name=email]').fill(process.env.LOGIN);
    await page.locator('input[name=password]').fill('lastman-demo');
    await page.locator('form[aria-label="Log in"] ion-button[type=submit]').click();
    await page.waitForURL('**/app/tabs/game');
    await page.waitForTimeout(800);
  }
  for (const r of routes) {
    await page.goto(`${base}${r}`);
    await page.waitForTimeout(Number(process.env.WAIT ?? 1200));
    const name = `${r.replace(/\W+/g, '_') || 'root'}-${w}${process.env.DARK ? '-dark' : ''}${process.env.LOGIN ? '-in' : ''}`;
    await page.screenshot({ path: `/tmp/shots/${name}.png` });
    console.log(`[${w}] ${r} -> ${new URL(page.url()).pathname}  /tmp/shots/${name}.png`);
  }
  await ctx.close();
}
await browser.close();
