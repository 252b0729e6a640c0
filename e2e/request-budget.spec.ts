import type { Page } from '@playwright/test';
import {
  activePage,
  expect,
  expectSignedInShell,
  logInByApi,
  signUpByApi,
  test,
  uniqueEmail,
} from './support/fixtures.ts';

/**
 * A pub's players share one address and its rate limit: the first screen a signed-in player sees
 * costs at most four API calls (the session, /api/me, /api/config and the game screen's data),
 * however many competitions the club runs.
 */
const BUDGET = 4;

function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

test('the game screen of a signed-in player costs at most four API calls', async ({ page }) => {
  await logInByApi(page, 'player1@redlion.test');
  const calls = recordApiCalls(page);
  await page.goto('/app/tabs/game');
  await expectSignedInShell(page);
  // At least the demo club's three: other tests on this server add competitions of their own.
  await expect.poll(() => activePage(page).locator('section.competition').count()).toBeGreaterThanOrEqual(3);
  await expect(activePage(page).locator('section.competition .page-loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  test.info().annotations.push({ type: 'api calls', description: `${calls.length}: ${calls.join(', ')}` });
  console.log(`first screen, signed in: ${calls.length} API calls: ${calls.join(', ')}`);
  expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(BUDGET);
});

test('the game screen shows a pick made on the pick screen, from the one call it makes', async ({ page }) => {
  await signUpByApi(page, {
    name: 'Peggy Picker',
    email: uniqueEmail('picker'),
    password: 'correct horse battery',
    dateOfBirth: '1990-04-23',
  });
  await page.goto('/app/tabs/game');
  const card = activePage(page).locator('section.competition', { hasText: 'Autumn Cup' });
  await card.getByRole('button', { name: 'Join (free)' }).click();
  await expect(card.locator('[data-entry="1"]')).toContainText('no pick yet');
  await card.locator('ion-button', { hasText: 'Pick a team' }).click();
  await page.waitForURL('**/teamselections?**');
  const team = activePage(page).locator('button.team').first();
  const name = (await team.getAttribute('data-team')) ?? '';
  await team.click();
  await activePage(page)
    .locator('ion-button', { hasText: `Confirm ${name}` })
    .click();
  await expect(activePage(page).locator('ion-button', { hasText: `${name} is your pick` })).toBeVisible();

  const calls = recordApiCalls(page);
  await page.goBack();
  await page.waitForURL('**/app/tabs/game');
  await expect(card.locator('[data-entry="1"]')).toContainText(name);
  expect(calls.filter((c) => c.startsWith('GET /api/competitions/'))).toEqual([]);
});
