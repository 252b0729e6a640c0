/**
 * Paid entries with the offline test provider: a player buys two entries with Stripe's 4242 test
 * card, the declined card leaves its order failed, and an admin refunds one entry (the pot follows).
 */
import type { SeasonList } from '@lastman/api';
import type { Page } from '@playwright/test';
import { createCompetition, openForEntries } from '../apps/server/test/support/world-api.ts';
import { apiClient } from './support/api-client.ts';
import {
  activePage,
  expect,
  logIn,
  signUpByApi,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures.ts';

const HOUR = 3_600_000;

async function payWithCard(page: Page, card: string, expiry = '12 / 34') {
  const screen = activePage(page);
  await expect(screen.getByText('Test payments: no real money')).toBeVisible();
  await screen.locator('input[name="cardnumber"]').fill(card);
  await screen.locator('input[name="expiry"]').fill(expiry);
  await screen.locator('input[name="cvc"]').fill('123');
  await screen.locator('form[aria-label="Card payment"] ion-button[type="submit"]').click();
}

test('buy two entries with the test card, a declined card, and a refund', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL');
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  const { seasons } = await admin.get<SeasonList>('/api/seasons');
  const season = seasons.find((s) => s.demo);
  if (!season) throw new Error('no demo season');
  // A round whose deadline is well ahead, so the competition stays open through the test.
  const round = season.rounds.find((r) => !r.isVoid && Date.parse(r.firstKickoff) - 3 * HOUR > Date.now());
  const name = `Paid Cup ${test.info().project.name} ${Date.now().toString(36)}`;
  const competitionId = await createCompetition(admin.session, {
    name,
    seasonId: season.id,
    startRound: round?.round ?? 1,
    prizeModel: 'pool',
    entryFeePence: 500,
    houseSharePercent: 10,
    maxEntriesPerPlayer: 3,
    minEntries: 2,
  });
  await openForEntries(admin.session, competitionId);
  await admin.dispose();
  const card = () => activePage(page).locator(`[data-competition="${name}"]`);
  const player = test.info().project.name === 'phone' ? 'player4@redlion.test' : 'player5@redlion.test';

  await test.step('two entries with the 4242 card: both active, the pot grows', async () => {
    await logIn(page, player);
    await expect(card().locator('[data-testid="pot"]')).toHaveText('£0.00');
    await card().getByRole('button', { name: 'One more entry' }).click();
    await expect(card().locator('[data-testid="order-total"]')).toHaveText('£10.00');
    await card().getByLabel('I am 18 or over, and I accept these terms.').check();
    await card().locator('ion-button', { hasText: 'Buy 2 entries' }).click();
    await page.waitForURL('**/stripe-web?order=*');
    await expect(activePage(page).locator('.summary__total')).toHaveText('£10.00');
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(activePage(page).getByText('Payment received')).toBeVisible();
    await activePage(page).locator('ion-button', { hasText: 'Pick your teams' }).click();
    // Straight to the pick screen of the first new entry, not the top of the game tab.
    await page.waitForURL('**/teamselections?**');
    expect(new URL(page.url()).searchParams.get('entry')).toBeTruthy();
    await expect(activePage(page).locator('button.team').first()).toBeVisible();
    await page.goto('/app/tabs/game');
    // 2 × £5.00 less the club's 10%.
    await expect(card().locator('[data-testid="pot"]')).toHaveText('£9.00');
    await expect(card().locator('[data-entry="1"]')).toContainText('Still in');
    await expect(card().locator('[data-entry="2"]')).toContainText('Still in');
  });

  await test.step('the declined card: the order fails and nothing becomes active', async () => {
    await card().getByLabel('I am 18 or over, and I accept these terms.').check();
    await card().locator('ion-button', { hasText: 'Buy 1 entry' }).click();
    await page.waitForURL('**/stripe-web?order=*');
    await payWithCard(page, '4000 0000 0000 0002');
    await expect(activePage(page).locator('.result--bad')).toContainText('did not go through');
    await expect(activePage(page).locator('.summary')).toContainText('Failed');
    const failedOrder = page.url();
    await page.goto('/app/tabs/game');
    await expect(card().locator('[data-testid="pot"]')).toHaveText('£9.00');
    await expect(card().locator('[data-entry="3"]')).toHaveCount(0);
    await page.goto('/payments');
    await expect(activePage(page).locator('.order').filter({ hasText: name })).toHaveCount(2);
    // The declined attempt is folded away below the paid order: nothing was charged.
    const unfinished = activePage(page).getByTestId('unfinished-orders');
    await expect(unfinished.locator('summary')).toContainText('unfinished attempt');
    await unfinished.locator('summary').click();
    await expect(unfinished.locator('.order').filter({ hasText: name })).toContainText('Failed');

    // Trying again keeps the quantity: a new order for the same entry, straight to the card form,
    // where the expiry may be typed without its slash.
    await page.goto(failedOrder);
    await activePage(page).locator('ion-button', { hasText: 'Try again: 1 entry' }).click();
    await expect.poll(() => page.url()).not.toBe(failedOrder);
    await expect(activePage(page).locator('.summary__total')).toHaveText('£5.00');
    await payWithCard(page, '4000 0000 0000 0002', '1228');
    await expect(activePage(page).locator('input[name="expiry"]')).toHaveCount(0);
    await expect(activePage(page).locator('.result--bad')).toContainText('did not go through');
  });

  await test.step('an admin refunds one entry: the pot shrinks', async () => {
    const adminContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, 'admin@redlion.test');
    await adminPage.goto('/admin');
    const screen = adminPage;
    await adminPage.locator('.admin-tabs [data-tab="orders"]').click();
    await screen.locator('#orders-competition').selectOption({ label: name });
    await screen.locator('#orders-status').selectOption('paid');
    const order = screen.locator('[data-admin-order]');
    await expect(order).toHaveCount(1);
    await order.locator('ion-button', { hasText: 'Refund entry 1' }).click();
    await adminPage.locator('ion-alert button', { hasText: 'Refund' }).last().click();
    await expect(adminPage.locator('ion-toast')).toContainText('Refunded £5.00');
    await adminContext.close();

    await page.goto('/app/tabs/game');
    await expect(card().locator('[data-testid="pot"]')).toHaveText('£4.50');
    // The refunded entry has left the competition (the player still sees it, marked refunded).
    await expect(card().locator('[data-testid="entries-remaining"]')).toContainText('1 of 1');
    await expect(card().locator('[data-entry="1"]')).toContainText('Refunded');
    await expect(card().locator('[data-entry="2"]')).toContainText('Still in');
  });
});

for (const width of [360, 390]) {
  test(`at ${width} px one entry paid for reads as one entry, and the receipt names the pub`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 800 });
    const email = uniqueEmail('single');
    await signUpByApi(page, {
      name: 'Sid Single',
      email,
      password: 'correct horse battery',
      dateOfBirth: '1990-04-23',
    });
    await page.goto('/app/tabs/game');
    const card = activePage(page).locator('[data-competition="Red Lion Christmas Pot (demo, £5 an entry)"]');
    await card.getByLabel('I am 18 or over, and I accept these terms.').check();
    await card.locator('ion-button', { hasText: 'Buy 1 entry' }).click();
    await page.waitForURL('**/stripe-web?order=*');
    await expect(activePage(page).getByTestId('order-club')).toHaveText('The Red Lion');
    await payWithCard(page, '4242 4242 4242 4242');
    const outcome = activePage(page).locator('.result--good');
    await expect(outcome).toHaveText(
      'Payment received. Your entry is active: pick its team before the deadline.',
    );
    await expect(activePage(page).locator('ion-button', { hasText: /^Pick your team$/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`paid-one-${width}.png`) });

    await page.goto('/app/tabs/game');
    await expect(card.locator('.my-entries h3')).toHaveText('Your entry', { timeout: 30_000 });

    await page.goto('/payments');
    const order = activePage(page).locator('[data-order]');
    await expect(order.first()).toBeVisible({ timeout: 30_000 });
    await expect(order).toHaveCount(1);
    await order.locator('summary', { hasText: 'Receipt' }).click();
    await expect(order.getByTestId('receipt-club')).toHaveText('The Red Lion');
    // The receipt states the competition's lives and buy-backs in the words the rules page uses.
    await expect(order.getByTestId('receipt-variants')).toContainText(
      'Lives: No lives: an entry is out the first time its pick fails.',
    );
    await expect(order.getByTestId('receipt-variants')).toContainText('Buying back in: No buy-backs');
    await page.screenshot({ path: test.info().outputPath(`receipt-${width}.png`), fullPage: true });

    const mail = await waitForMail(email, /^Receipt/);
    expect(mail.text).toContain('Paid to: The Red Lion');
    expect(mail.text).toContain('Lives: No lives: an entry is out the first time its pick fails.');
  });
}
