import { chromium } from '@playwright/test';
import { CHROMIUM } from '../../scripts/chromium.mjs';

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
await page.goto('http://localhost:3100/app/tabs/game');
await page.waitForTimeout(1500);
await page.locator('ion-menu-button').filter({ visible: true }).first().click();
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/shots/menu-open-360.png' });
await browser.close();
