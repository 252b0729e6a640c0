import type { Browser, Page } from '@playwright/test';
import { activePage, expect, test } from './support/fixtures.ts';

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUpInForm(page: Page, who: { name: string; email: string }) {
  const form = activePage(page).locator('form[aria-label="Sign up"]');
  await form.locator('input[name="name"]').fill(who.name);
  await form.locator('input[name="email"]').fill(who.email);
  await form.locator('input[name="password"]').fill('a pint of bitter');
  await form.locator('input[name="dateOfBirth"]').fill('1988-08-08');
  await form.locator('ion-button[type="submit"]').click();
}

/** The success toast saying `text` sits below the visible page's header, leaving its buttons free. */
async function expectToastBelowHeader(page: Page, text: RegExp) {
  const toast = page.locator('ion-toast.app-toast--success').filter({ hasText: text });
  await expect(toast).toBeVisible();
  // Once the page it lands on has drawn its header, the toast is where it will stay.
  const header = page.locator('.ion-page:not(.ion-page-hidden) ion-header').filter({ visible: true }).first();
  await expect(header).toBeVisible();
  await expect
    .poll(async () => {
      const top = await toast.evaluate(
        (el) => el.shadowRoot?.querySelector('.toast-wrapper')?.getBoundingClientRect().top ?? -1,
      );
      const box = await header.boundingBox();
      return top >= (box?.y ?? 0) + (box?.height ?? 0) - 1;
    }, `toast "${text}" below the header`)
    .toBe(true);
}

async function newPage(browser: Browser, like: Page) {
  const context = await browser.newContext({
    viewport: like.viewportSize(),
    baseURL: new URL(like.url()).origin,
    serviceWorkers: 'block',
  });
  return context.newPage();
}

const step = (page: Page, key: string) => activePage(page).locator(`[data-step="${key}"]`);

test('a landlord at / at 360 px finds how to run a club, starts one, and its set-up checklist ticks itself off', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = stamp();
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`club-setup-${name}.png`), fullPage: true });

  // `/` still opens the game tab, and a visitor sees the way to run a club without opening a menu.
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/tabs\/game/);
  const hint = activePage(page).getByText('Run Last Man Standing at your club', { exact: true });
  await expect(hint).toBeInViewport();
  await shot('landing');
  await hint.click();
  await expect(page).toHaveURL(/\/start-club$/);

  await activePage(page).getByText('Create your account', { exact: true }).click();
  await signUpInForm(page, { name: 'Kay Keeper', email: `keeper-${id}@example.test` });
  await expect(page).toHaveURL(/\/start-club$/);
  await expectToastBelowHeader(page, /Welcome to Lastman, Kay/);

  // The King's Arms is kings-arms, not king-s-arms.
  const form = activePage(page).locator('form');
  await form.locator('input[name="clubName"]').fill(`The King's Arms ${id}`);
  await expect(form.locator('input[name="slug"]')).toHaveValue(`kings-arms-${id}`);
  await form.locator('ion-button[type="submit"]').click();
  await expect(page).toHaveURL(/\/club-settings$/);
  await expectToastBelowHeader(page, /is ready\. You are its admin\./);

  // The checklist: nothing done yet but what the club's state says.
  const checklist = activePage(page).getByTestId('setup-checklist');
  await expect(checklist).toContainText('Set up your club');
  for (const key of ['colours', 'competition', 'poster', 'staff', 'tv'])
    await expect(step(page, key)).toHaveClass(/--todo/);
  // The e2e server takes test payments: the step says so rather than asking for a Stripe account.
  await expect(step(page, 'payments')).toHaveClass(/--info/);
  await expect(checklist).toContainText('0 of 5 done');
  await expect(activePage(page).getByTestId('money-path')).toContainText(
    'you pay the winner yourself (cash over the bar or a bank transfer)',
  );
  await shot('checklist');

  const settings = activePage(page);
  await settings.locator('input[name="primaryColor"]').fill('#0d47a1');
  await settings.locator('form[aria-labelledby="club-look"] ion-button[type="submit"]').click();
  await expect(step(page, 'colours')).toHaveClass(/--done/);
  await expect(checklist).toContainText('1 of 5 done');

  // Join as staff by an invitation link; the staff step ticks itself.
  await page.goto('/club-members');
  const members = activePage(page);
  await members.getByLabel('Invitation role').selectOption('staff');
  await members.locator('.club-invite ion-segment-button').filter({ hasText: 'Link' }).click();
  await members.getByRole('button', { name: 'Make an invitation link' }).click();
  const invitation = (await members.getByTestId('invitation-url').textContent())?.trim() ?? '';
  const staff = await newPage(browser, page);
  await staff.goto(new URL(invitation).pathname);
  await activePage(staff).getByText('Create an account', { exact: true }).click();
  await signUpInForm(staff, { name: 'Sid Steward', email: `steward-${id}@example.test` });
  await expect(staff).toHaveURL(/\/invite\//);
  await activePage(staff)
    .getByRole('button', { name: /^Join The King/ })
    .click();
  await expectToastBelowHeader(staff, /you are a member of staff there/);
  await staff.context().close();

  await page.goto('/club-settings');
  await expect(step(page, 'staff')).toHaveClass(/--done/);
  await expect(activePage(page).getByTestId('setup-checklist')).toContainText('2 of 5 done');
});
