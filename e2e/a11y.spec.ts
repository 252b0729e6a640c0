import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, logInByApi, test, visibleTitle } from './support/fixtures.ts';
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
