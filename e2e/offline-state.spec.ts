/**
 * Offline, the last known state is shown and said to be offline: a reload keeps the player signed
 * in with their game and the matches, a page never opened before says it needs a connection
 * (never a blank page), and every offline notice goes away once the connection is back.
 */
import type { Page } from '@playwright/test';
import { activePage, expect, signUpByApi, test, uniqueEmail, visibleTitle } from './support/fixtures.ts';

// The browser logs each request it could not send while offline.
test.use({ allowHttpErrors: true });

async function joinAndPick(page: Page) {
  await page.goto('/app/tabs/game');
  const card = activePage(page).locator('section.competition', { hasText: 'Autumn Cup' });
  await card.getByRole('button', { name: 'Join (free)' }).click();
  await expect(card.locator('[data-entry="1"]')).toContainText('no pick yet');
  return card;
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a reload offline keeps the player signed in, with the game and the matches last seen', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await signUpByApi(page, {
      name: 'Rita Reload',
      email: uniqueEmail('reload'),
      password: 'correct horse battery',
      dateOfBirth: '1991-05-02',
    });
    const card = await joinAndPick(page);
    await expect(card).toBeVisible();
    // The last known state is saved within a second of a change.
    await page.waitForTimeout(1500);
    await page.goto('/app/tabs/matches');
    await expect(visibleTitle(page)).toHaveText('Matches');
    const fixture = page.locator('[data-fixture]:visible').first();
    await expect(fixture).toBeVisible({ timeout: 30_000 });
    const firstFixture = (await fixture.getAttribute('data-fixture')) ?? '';
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    // The last known state is saved a second after it changes; the precache finishes meanwhile.
    await page.waitForTimeout(2000);

    await context.setOffline(true);
    await page.reload();
    await expect(visibleTitle(page)).toHaveText('Matches');
    await expect(page.locator('[data-testid="offline-bar"]:visible').first()).toContainText(
      'You are offline',
    );
    await expect(page.locator('[data-fixture]:visible').first()).toHaveAttribute(
      'data-fixture',
      firstFixture,
    );
    await expect(activePage(page).getByText('Sign in to see the matches')).toHaveCount(0);

    await page.goto('/app/tabs/game').catch(() => undefined);
    const again = activePage(page).locator('section.competition', { hasText: 'Autumn Cup' });
    await expect(again.locator('[data-entry="1"]')).toContainText('no pick yet');
    await expect(activePage(page).getByRole('button', { name: 'Log in' })).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByTestId('offline-bar')).toHaveCount(0);
  });
});

test('a page not opened before says offline instead of a blank page, and opens once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpByApi(page, {
    name: 'Fay First',
    email: uniqueEmail('first-visit'),
    password: 'correct horse battery',
    dateOfBirth: '1992-06-03',
  });
  const card = await joinAndPick(page);
  await context.setOffline(true);
  await card.locator('ion-button', { hasText: 'Pick a team' }).click();
  await page.waitForURL('**/teamselections?**');
  const failure = activePage(page).getByTestId('page-load-failure');
  await expect(failure).toContainText('You are offline');
  await expect(failure).toContainText('opens by itself when you are back online');

  await context.setOffline(false);
  await expect(activePage(page).getByTestId('page-load-failure')).toHaveCount(0);
  await expect(activePage(page).locator('button.team:not([disabled])').first()).toBeVisible();
  await expect(page.getByTestId('offline-bar')).toHaveCount(0);
});

test('offline, a screen with nothing loaded yet says so instead of spinning', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signUpByApi(page, {
    name: 'Sam Spinner',
    email: uniqueEmail('spinner'),
    password: 'correct horse battery',
    dateOfBirth: '1993-07-04',
  });
  await page.goto('/app/tabs/matches');
  await expect(page.locator('[data-fixture]:visible').first()).toBeVisible({ timeout: 30_000 });
  await context.setOffline(true);
  // A round not loaded yet.
  await activePage(page).locator('.round-nav ion-button').first().click();
  await expect(activePage(page).getByTestId('loading-offline')).toHaveText(
    'You are offline. This will load when you are back online.',
  );
  await context.setOffline(false);
  await expect(activePage(page).getByTestId('loading-offline')).toHaveCount(0);
  await expect(page.locator('[data-fixture]:visible').first()).toBeVisible();
});

test('a part of a screen whose code cannot be fetched says so in its place and loads when tried again', async ({
  page,
}) => {
  await signUpByApi(page, {
    name: 'Pat Part',
    email: uniqueEmail('part'),
    password: 'correct horse battery',
    dateOfBirth: '1990-01-01',
  });
  // The competition cards' code, fetched with the game screen's data, does not come.
  const cards = /\/assets\/signed-in-[^/]*\.js$/;
  await page.route(cards, (route) => route.abort('internetdisconnected'));
  await page.goto('/app/tabs/game');
  const failure = activePage(page).getByTestId('part-load-failure').first();
  await expect(failure).toContainText('could not be loaded');
  await page.unroute(cards);
  await failure.getByText('Try again').click();
  await expect(activePage(page).locator('section.competition').first()).toBeVisible();
  await expect(activePage(page).getByTestId('part-load-failure')).toHaveCount(0);
});
