/**
 * The club's public pages in a real browser: readable with JavaScript off at phone and desktop
 * width, no script fetched, and the buttons that act (Join, Play, Book) open the app at the screen.
 */

import { activePage, expect, test } from './support/fixtures.ts';
import { smallControls } from './support/layout.ts';

const WIDTHS = [
  { name: '360', width: 360, height: 740 },
  { name: '390', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

test('the club page, an event and the menu read with JavaScript off, at 360 and 390 px and desktop', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const { name, width, height } of WIDTHS) {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      viewport: { width, height },
    });
    const page = await context.newPage();
    const res = await page.goto('/c/red-lion');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'The Red Lion' })).toBeVisible();
    await expect(page.getByTestId('visitor-competitions')).toContainText('an entry');
    await expect(page.getByRole('link', { name: 'Join The Red Lion' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Coming up' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
    // Nothing wider than the screen, and every control big enough to tap.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await smallControls(page.locator('a.button, a.back'))).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`club-${name}.png`), fullPage: true });

    await page
      .getByRole('link', { name: /Supper club: three courses/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Supper club: three courses' })).toBeVisible();
    await expect(page.getByTestId('places-left')).toHaveText(/\d+ places left/);
    await expect(page.getByRole('link', { name: 'Book a place' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`event-${name}.png`), fullPage: true });

    await page.getByRole('link', { name: '← The Red Lion' }).click();
    await page.getByRole('link', { name: 'The whole menu, with allergens' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Food and drink' })).toBeVisible();
    await expect(page.locator('.dish')).not.toHaveCount(0);
    expect(await page.locator('.dish').count()).toBeGreaterThanOrEqual(10);
    await expect(page.getByRole('heading', { name: 'The 14 allergens' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`menu-${name}.png`), fullPage: true });
    await context.close();
  }
});

test('a visitor fetches no script on the club page, and Join opens the app at sign-up for the club', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/c/red-lion');
  await page.waitForLoadState('networkidle');
  expect(scripts).toEqual([]);

  await page.getByRole('link', { name: 'Join The Red Lion' }).click();
  // The app's own sign-up screen, with the club it came by remembered for the sign-up.
  await page.waitForURL('**/signup', { timeout: 60_000 });
  // The sign-up names the club: the app remembered the club the visitor came by.
  await expect(activePage(page).getByRole('heading', { name: 'Create your account' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(activePage(page).getByText('Last Man Standing at The Red Lion')).toBeVisible();
});

test('Book on an event page opens the event in the app', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/c/red-lion');
  await page
    .getByRole('link', { name: /Supper club: three courses/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Book a place' }).click();
  await page.waitForURL('**/event-modal?id=*', { timeout: 60_000 });
  await expect(activePage(page).getByText('Supper club: three courses').first()).toBeVisible({
    timeout: 30_000,
  });
});

test.describe('a link that leads nowhere', () => {
  // The browser logs the 404 it is asked to show.
  test.use({ allowHttpErrors: true });
  test('an unknown club is a 404 page with a way back', async ({ page }) => {
    const res = await page.goto('/c/no-such-club');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'There is no club at this address' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open Lastman' })).toBeVisible();
  });
});
