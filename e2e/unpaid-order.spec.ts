/** A checkout left before paying is shown as unpaid, with Pay and Cancel, and is not counted as an entry. */
import { activePage, expect, logIn, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';

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

for (const width of [360, 390]) {
  test(`at ${width} px Pay on a checkout left unpaid opens its card form every time, and ends no order`, async ({
    page,
  }) => {
    // Many full loads of the app, and an admin's session besides: more than the default on a busy machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 800 });
    const name = 'Red Lion Christmas Pot (demo, £5 an entry)';
    await signUpByApi(page, {
      name: 'Petra Persist',
      email: uniqueEmail('persist'),
      password: 'correct horse battery',
      dateOfBirth: '1990-04-23',
    });
    await page.goto('/app/tabs/game');
    const card = activePage(page).locator(`[data-competition="${name}"]`);
    await card.getByLabel('I am 18 or over, and I accept these terms.').check();
    await card.locator('ion-button', { hasText: 'Buy 1 entry' }).click();
    await page.waitForURL('**/stripe-web?order=*');
    const cardScreen = page.url();

    const unpaid = card.getByTestId('unpaid-orders');
    for (let tap = 1; tap <= 4; tap++) {
      // Back on the game screen as someone who left the checkout: this tab no longer holds its card form.
      await page.goBack();
      await page.waitForURL('**/app/tabs/game');
      await page.evaluate(() => sessionStorage.clear());
      await expect(unpaid).toContainText('1 entry, £5.00: not paid, so not in the game yet.', {
        timeout: 30_000,
      });
      await unpaid.locator('ion-button', { hasText: 'Pay £5.00' }).click();
      await page.waitForURL('**/stripe-web?order=*');
      // The same order each time, with its card form (not "started on another screen").
      expect(page.url()).toBe(cardScreen);
      await expect(activePage(page).locator('input[name="cardnumber"]')).toBeVisible();
    }
    await page.screenshot({ path: test.info().outputPath(`card-screen-${width}.png`) });

    // Nothing the player did not do: one order, still waiting, and no cancelled one.
    await page.goto('/payments');
    const orders = activePage(page).locator('[data-order]');
    await expect(orders.first()).toBeVisible({ timeout: 30_000 });
    await expect(orders).toHaveCount(1);
    await expect(orders.first()).toContainText('Awaiting payment');
    await expect(activePage(page)).not.toContainText('You cancelled');
    await expect(activePage(page).getByTestId('unfinished-orders')).toHaveCount(0);
  });

  test(`at ${width} px the admin's order list names the player who cancelled, and the player's folds it away`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Many full loads of the app, and an admin's session besides: more than the default on a busy machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 800 });
    const player = `Colin Cancel ${width}`;
    await signUpByApi(page, {
      name: player,
      email: uniqueEmail('cancel'),
      password: 'correct horse battery',
      dateOfBirth: '1990-04-23',
    });
    const name = 'Red Lion Christmas Pot (demo, £5 an entry)';
    await page.goto('/app/tabs/game');
    const card = activePage(page).locator(`[data-competition="${name}"]`);
    await card.getByLabel('I am 18 or over, and I accept these terms.').check();
    await card.locator('ion-button', { hasText: 'Buy 1 entry' }).click();
    await page.waitForURL('**/stripe-web?order=*');
    await page.goBack();
    await page.waitForURL('**/app/tabs/game');
    const unpaid = card.getByTestId('unpaid-orders');
    await unpaid.locator('ion-button', { hasText: 'Cancel' }).click({ timeout: 30_000 });
    await expect(unpaid).toHaveCount(0);

    // The player's Payments: the attempt is folded under "1 unfinished attempt", in their own words.
    await page.goto('/payments');
    const folded = activePage(page).getByTestId('unfinished-orders');
    await expect(folded.locator('summary')).toContainText('1 unfinished attempt', { timeout: 30_000 });
    await expect(folded.getByText('You cancelled this order before paying.')).toBeHidden();
    await folded.locator('summary').click();
    await expect(folded.getByText('You cancelled this order before paying.')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`payments-folded-${width}.png`) });

    if (!baseURL) throw new Error('baseURL');
    const adminContext = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, 'admin@redlion.test');
    await adminPage.goto('/admin');
    await adminPage.locator('.admin-tabs [data-tab="orders"]').click();
    await adminPage.locator('#orders-q').fill(player);
    await adminPage.locator('form[aria-label="Filter orders"] ion-button', { hasText: 'Search' }).click();
    const order = adminPage.locator('[data-admin-order]');
    await expect(order).toContainText(`${player} cancelled this order before paying.`, { timeout: 30_000 });
    await expect(order).toHaveCount(1);
    await expect(order).toContainText(`${player} cancelled this order before paying.`);
    await expect(order).not.toContainText('You cancelled');
    await adminPage.screenshot({ path: test.info().outputPath(`admin-orders-${width}.png`) });
    await adminContext.close();
  });
}
