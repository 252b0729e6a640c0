import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { activePage, expect, logInByApi, openMenu, test, visibleTitle } from './support/fixtures.ts';
import { routeCases } from './support/routes.ts';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('no serious or critical axe violations on public pages', async ({ page }) => {
  test.setTimeout(300_000);
  for (const route of routeCases.filter((r) => r.access === 'public')) {
    await page.goto(route.path);
    await expect(visibleTitle(page)).toHaveText(route.title);
    await page.waitForTimeout(400);
    expect(await seriousViolations(page), route.path).toEqual([]);
  }
});

test('no serious or critical axe violations on member, staff and admin pages', async ({ page }) => {
  test.setTimeout(300_000);
  await logInByApi(page, 'admin@redlion.test');
  for (const route of routeCases.filter((r) => r.access !== 'public')) {
    await page.goto(route.path);
    await expect(visibleTitle(page)).toHaveText(route.title);
    await page.waitForTimeout(400);
    expect(await seriousViolations(page), route.path).toEqual([]);
  }
});

/** Ids used more than once in the document (Ionic keeps earlier pages in the DOM). */
async function duplicateIds(page: Page) {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of Array.from(document.querySelectorAll('[id]')))
      seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  });
}

test('after in-app navigation across several pages: no serious violations and no repeated ids', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/app/tabs/club');
  await expect(visibleTitle(page)).toHaveText('The Red Lion');
  await activePage(page).locator('.tile', { hasText: 'Events' }).click();
  await expect(visibleTitle(page)).toHaveText('Events');
  await page.locator('ion-back-button').filter({ visible: true }).first().click();
  await expect(visibleTitle(page)).toHaveText('The Red Lion');
  await openMenu(page);
  await page.locator('ion-menu [data-menu-item="Menu manager"]').click();
  await expect(visibleTitle(page)).toHaveText('Menu manager');
  await openMenu(page);
  await page.locator('ion-menu [data-menu-item="Analytics"]').click();
  await expect(visibleTitle(page)).toHaveText('Analytics');
  await activePage(page).locator('ion-button[router-link^="/analytics-filter"]').click();
  await expect(visibleTitle(page)).toHaveText('Analytics filters');
  // Several pages are in the DOM at once (Ionic keeps the stack), which is the case being checked.
  expect(await page.locator('.ion-page').count()).toBeGreaterThan(2);
  await page.waitForTimeout(400);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await duplicateIds(page)).toEqual([]);
});
