/** Offline, the app says so: nothing spins for ever, and a pick is refused plainly, never left pending. */
import { activePage, expect, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';

// The browser logs each request it could not send while offline.
test.use({ allowHttpErrors: true });

test('offline, the pick screen says so, and a pick is refused until the connection is back', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signUpByApi(page, {
    name: 'Olive Offline',
    email: uniqueEmail('offline'),
    password: 'correct horse battery',
    dateOfBirth: '1990-04-23',
  });
  // The pick screen's code and the page transition's are loaded once online (in the real app the
  // service worker keeps them).
  await page.goto('/teamselections');
  await activePage(page).locator('ion-button', { hasText: 'Go to the game' }).click();
  await page.waitForURL('**/app/tabs/game');
  const card = activePage(page).locator('section.competition', { hasText: 'Autumn Cup' });
  await card.getByRole('button', { name: 'Join (free)' }).click();
  await expect(card.locator('[data-entry="1"]')).toContainText('no pick yet');

  await context.setOffline(true);
  await expect(page.locator('[data-testid="offline-bar"]:visible').first()).toContainText('You are offline');
  await card.locator('ion-button', { hasText: 'Pick a team' }).click();
  await page.waitForURL('**/teamselections?**');
  await expect(activePage(page).getByTestId('fixtures-offline')).toHaveText(
    'You are offline. The fixtures will load when you are back online.',
  );

  await context.setOffline(false);
  await expect(page.getByTestId('offline-bar')).toHaveCount(0);
  const team = activePage(page).locator('button.team:not([disabled])').first();
  await expect(team).toBeVisible();
  const name = (await team.getAttribute('data-team')) ?? '';
  await team.click();

  await context.setOffline(true);
  await activePage(page)
    .locator('ion-button', { hasText: `Confirm ${name}` })
    .click();
  await expect(activePage(page).getByRole('alert')).toContainText(
    'You are offline. Your pick was not sent: confirm it again when you are back online.',
  );
  await expect(activePage(page).locator('ion-button', { hasText: `Confirm ${name}` })).toBeVisible();

  await context.setOffline(false);
  await activePage(page)
    .locator('ion-button', { hasText: `Confirm ${name}` })
    .click();
  await expect(activePage(page).locator('ion-button', { hasText: `${name} is your pick` })).toBeVisible();
});
