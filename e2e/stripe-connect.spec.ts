/**
 * Admin, Payments: the club's own Stripe account (Stripe Connect). This server runs the test
 * provider, so the Connect answers are the API's own shapes served by the browser test; the
 * server's side is tested against a Stripe stand-in in apps/server/test/payments/stripe-connect.test.ts.
 */
import type { ClubPaymentAccount } from '@lastman/api';
import { activePage, expect, logIn, test } from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

const notConnected: ClubPaymentAccount = {
  mode: 'connect',
  accountId: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  requirementsDue: [],
  canTakePayments: false,
  message:
    "Connect your club's Stripe account to take entry fees: until then you cannot open a paid competition. Free competitions work as usual.",
  applicationFeePercent: 5,
  stateUpdatedAt: null,
};

const enabled: ClubPaymentAccount = {
  ...notConnected,
  accountId: 'acct_1PzTestClubAccount',
  chargesEnabled: true,
  detailsSubmitted: true,
  canTakePayments: true,
  requirementsDue: ['external_account'],
  message:
    "Your club's Stripe account takes entry fees; Stripe needs more details before it pays them out to your bank.",
  stateUpdatedAt: '2026-11-23T15:00:00.000Z',
};

for (const width of [360, 390, 1280]) {
  test(`the card payments tab shows the club's Stripe state and the button at ${width} px`, async ({
    page,
  }) => {
    // Each width is set here, so one project runs it; the shared machine is slow, hence the time.
    test.skip(
      test.info().project.name !== (width < 768 ? 'phone' : 'desktop'),
      'the widths are set by the test',
    );
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height: 860 });
    let state = notConnected;
    let onboardingAsked = 0;
    await page.route('**/api/admin/stripe-account', (route) => route.fulfill({ json: state }));
    await page.route('**/api/admin/stripe-account/refresh', (route) => route.fulfill({ json: enabled }));
    await page.route('**/api/admin/stripe-account/onboarding', (route) => {
      onboardingAsked++;
      return route.fulfill({ json: { url: `${new URL(page.url()).origin}/admin?stripe=return` } });
    });

    await logIn(page, 'admin@redlion.test');
    await page.goto('/admin');
    const screen = activePage(page);
    await screen.getByRole('tab', { name: 'Payments' }).click();
    const card = screen.getByTestId('stripe-account');
    await expect(card).toContainText("Connect your club's Stripe account");
    await expect(card).toContainText('Takes card payments: not yet');
    const button = card.locator('ion-button', { hasText: 'Connect with Stripe' });
    await expect(button).toBeVisible();
    expect(await smallControls(card.locator('ion-button'))).toEqual([]);
    await expectInside(card.locator('p, li'), '.card');
    await page.screenshot({ path: test.info().outputPath(`connect-${width}.png`), fullPage: true });

    // The button goes to Stripe's hosted onboarding, which comes back here: the state is read again.
    state = enabled;
    await button.click();
    await expect(page).toHaveURL(/stripe=return/, { timeout: 30_000 });
    // A full page load (Stripe sent the browser back): the page's one visible card.
    const back = page.getByTestId('stripe-account').filter({ visible: true });
    await expect(back).toContainText('Takes card payments: yes');
    await expect(back).toContainText('Pays out to your bank: not yet');
    await expect(back.locator('ion-button', { hasText: 'Continue on Stripe' })).toBeVisible();
    await expectInside(back.locator('p, li'), '.card');
    expect(onboardingAsked).toBe(1);
    await page.screenshot({ path: test.info().outputPath(`connected-${width}.png`), fullPage: true });
  });
}
