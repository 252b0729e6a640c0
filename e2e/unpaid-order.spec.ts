/** A checkout left before paying is shown as unpaid, with Pay and Cancel, and is not counted as an entry. */
import { activePage, expect, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';

test('an abandoned checkout shows as not paid, Pay resumes it and Cancel gives the places back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The demo club's paid competition (£5 an entry, up to 3 each); a new player holds nothing in it.
  const name = 'Red Lion Christmas Pot (demo, £5 an entry)';
  await signUpByApi(page, {
    name: 'Ursula Unpaid',
    email: uniqueEmail('unpaid'),
    password: 'correct horse battery',
    dateOfBirth: '1990-04-23',
  });
  await page.goto('/app/tabs/game');
  const card = activePage(page).locator(`[data-competition="${name}"]`);
  await card.getByRole('button', { name: 'One more entry' }).click();
  await card.getByRole('button', { name: 'One more entry' }).click();
  // Before paying: the terms, where to get help, and the 18+ confirmation, without which Buy is off.
  const terms = card.getByTestId('paid-terms');
  await expect(terms).toContainText(
    'If the club cancels the competition, every entry fee is refunded to your card.',
  );
  await expect(terms).toContainText('GamCare helpline free on 0808 8020 133');
  await expect(terms.getByRole('link', { name: 'Rules of this competition' })).toBeVisible();
  const buy = card.locator('ion-button', { hasText: 'Buy 3 entries' });
  await expect(buy).toHaveAttribute('disabled', '');
  await card.getByLabel('I am 18 or over, and I accept these terms.').check();
  await expect(buy).not.toHaveAttribute('disabled', '');
  await buy.click();
  await page.waitForURL('**/stripe-web?order=*');
  const cardScreen = page.url();
  await page.goBack();
  await page.waitForURL('**/app/tabs/game');

  const unpaid = card.getByTestId('unpaid-orders');
  await expect(unpaid).toContainText('3 entries, £15.00: not paid, so not in the game yet.');
  await expect(card.locator('.my-entries')).toHaveCount(0);
  await expect(card.getByTestId('entry-allowance')).toHaveText(
    'Your 3 entries wait for payment above: pay or cancel them.',
  );

  await unpaid.locator('ion-button', { hasText: 'Pay £15.00' }).click();
  await page.waitForURL('**/stripe-web?order=*');
  expect(page.url()).toBe(cardScreen);
  await page.goBack();
  await page.waitForURL('**/app/tabs/game');

  await unpaid.locator('ion-button', { hasText: 'Cancel' }).click();
  await expect(unpaid).toHaveCount(0);
  await expect(card.locator('ion-button', { hasText: /^Buy \d+ entr/ })).toBeVisible();
});
