/** A running competition's standings open with its survival chart: entries left per round, told in words too. */
import { activePage, expect, logIn, test } from './support/fixtures.ts';

test('the standings show how many entries were left after each settled round', async ({ page }) => {
  await logIn(page, 'player1@redlion.test');
  const card = activePage(page).locator('section.competition', { hasText: 'Last Man Standing (demo)' });
  await card.locator('ion-button', { hasText: 'Standings and picks' }).click();
  const chart = card.getByTestId('survival-chart');
  await expect(chart.locator('figcaption')).toHaveText(
    /^Started with \d+ entries; \d+ (is|are) left after round \d+\.$/,
  );
  expect(await chart.locator('li').count()).toBeGreaterThan(0);
});
