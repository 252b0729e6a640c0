/** What a new account sees first: a welcome (not a welcome back), and, under 18, no Buy button that fails. */
import { activePage, expect, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + 7);
  return d.toISOString().slice(0, 10);
};

test('a new 17-year-old is welcomed, then welcomed back, and told paid entries are 18+', async ({ page }) => {
  await signUpByApi(page, {
    name: 'Sam Young',
    email: uniqueEmail('young'),
    password: 'correct horse battery',
    dateOfBirth: yearsAgo(17),
  });
  await page.goto('/app/tabs/game');
  await expect(activePage(page).locator('#game-hero')).toHaveText('Hi Sam, welcome');
  const paid = activePage(page).locator('section.competition', { hasText: 'Christmas Pot' });
  await expect(paid.getByTestId('paid-entry-age')).toHaveText(
    'Paid entries are for players aged 18 or over. You can still play in the club’s free competitions.',
  );
  await expect(paid.locator('ion-button', { hasText: /^Buy/ })).toHaveCount(0);

  await page.reload();
  await expect(activePage(page).locator('#game-hero')).toHaveText('Hi Sam, welcome back');
});
