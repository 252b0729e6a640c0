import { giveRole, myUserId } from '../apps/server/test/support/world-api.ts';
import { apiClient } from './support/api-client.ts';
import {
  activePage,
  expect,
  logInByApi,
  pageSession,
  signUpByApi,
  test,
  uniqueEmail,
} from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

test('a till screen shows the code, and a staff member clocks in by it, takes a break and clocks out', async ({
  page,
  browser,
  baseURL,
}) => {
  // A staff member of this run's own (the demo's one is shared by the runs side by side).
  const email = uniqueEmail('bar-staff');
  await signUpByApi(page, {
    name: 'Bea Barstaff',
    email,
    password: 'bar-staff-password',
    dateOfBirth: '1995-04-04',
  });
  const userId = await myUserId(pageSession(page));
  const admin = await apiClient(baseURL as string, 'admin@redlion.test');
  await giveRole(admin.session, userId, 'staff');

  // The admin sets up the till screen from the Clock in page.
  const adminPage = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await logInByApi(adminPage, 'admin@redlion.test');
  await adminPage.goto('/clockin');
  const adminView = activePage(adminPage);
  await adminView.getByLabel('New till screen’s name').fill(`Bar till ${test.info().project.name}`);
  await adminView.getByRole('button', { name: 'Set up a till screen' }).click();
  const link = (await adminView.getByTestId('till-link').locator('.rota-link').textContent()) as string;
  expect(link).toMatch(/\/till\?key=/);
  await adminPage.close();

  // The till, with nobody signed in, shows only the code.
  const till = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await till.goto(new URL(link).pathname + new URL(link).search);
  const code = activePage(till).getByTestId('till-code');
  await expect(code.locator('svg')).toBeVisible();
  const token = (await code.getAttribute('data-token')) as string;
  await till.screenshot({ path: test.info().outputPath('till.png') });
  await till.close();

  // Scanning the code with the phone's camera opens the clock-in page with it.
  await page.goto(`/clockin?code=${encodeURIComponent(token)}`);
  const view = activePage(page);
  await view.getByRole('button', { name: 'Clock in' }).click();
  await expect(view.getByRole('heading', { name: /^Clocked in since \d\d:\d\d$/ })).toBeVisible();
  await view.getByRole('button', { name: 'Start break' }).click();
  await expect(view.getByTestId('clock-state')).toContainText('On a break since');
  expect(await smallControls(view.locator('ion-button'))).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('on-break.png'), fullPage: true });
  await view.getByRole('button', { name: 'End break' }).click();
  await view.getByRole('button', { name: 'Clock out' }).click();
  await expect(view.getByRole('heading', { name: 'You are not clocked in' })).toBeVisible();
  await expect(view.getByTestId('clock-entry')).toHaveCount(1);
  await expectInside(view.locator('.rota-shift__main > *'), '.card');
  await page.screenshot({ path: test.info().outputPath('clocked-out.png'), fullPage: true });
  await admin.dispose();
});

test.describe('answers the page turns into words', () => {
  // The browser logs the server's refusals of a code; the page shows it as it should.
  test.use({ allowHttpErrors: true });
  test('a stale or refused code says so in place of “ready”', async ({ page, baseURL }) => {
    const phone = test.info().project.name === 'phone';
    const email = uniqueEmail('late-scan');
    await signUpByApi(page, {
      name: 'Len Latescan',
      email,
      password: 'late-scan-password',
      dateOfBirth: '1996-06-06',
    });
    const userId = await myUserId(pageSession(page));
    const admin = await apiClient(baseURL as string, 'admin@redlion.test');
    await giveRole(admin.session, userId, 'staff');
    await admin.dispose();

    // A code whose five minutes are over (a photo, a link opened later): no "ready", no Clock in button.
    const stale = `c1.${Math.floor(Date.now() / 1000) - 60}.${'A'.repeat(32)}`;
    await page.goto(`/clockin?code=${encodeURIComponent(stale)}`);
    const view = activePage(page);
    await expect(view.getByTestId('code-problem')).toHaveText(
      'That code has expired: scan the code on the till again.',
    );
    await expect(view).not.toContainText('is ready');
    await expect(view.getByRole('button', { name: 'Clock in' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('stale-code.png'), fullPage: true });
    // One the server refuses (not this club's): its words replace "ready" in the card, not a toast over it.
    const forged = `c1.${Math.floor(Date.now() / 1000) + 240}.${'A'.repeat(32)}`;
    await page.goto(`/clockin?code=${encodeURIComponent(forged)}`);
    await expect(view).toContainText('The till’s code is ready. Tap to clock in.');
    await view.getByRole('button', { name: 'Clock in' }).click();
    await expect(view.getByTestId('code-problem')).toHaveText(
      'That is not this club’s clock-in code: scan the code on the till.',
    );
    await expect(view).not.toContainText('is ready');
    await expect(page.locator('ion-toast.app-toast')).toHaveCount(0);
    if (phone) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: test.info().outputPath('refused-code-390.png'), fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
    }
  });
});

test('the till screen is a kiosk: no menu, no back arrow, and only an admin leaves it', async ({
  page,
  browser,
  baseURL,
}) => {
  const phone = test.info().project.name === 'phone';
  const admin = await apiClient(baseURL as string, 'admin@redlion.test');
  const { url } = await admin.send<{ url: string }>('POST', '/api/admin/clock/tills', {
    name: `Kiosk till ${test.info().project.name}`,
  });
  await admin.dispose();
  // The till, with nobody signed in: the code only, no menu, no back arrow; leaving needs an admin.
  const till = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await till.goto(new URL(url).pathname + new URL(url).search);
  const kiosk = activePage(till);
  await expect(kiosk.getByTestId('till-code').locator('svg')).toBeVisible();
  await expect(kiosk).toContainText('The code changes every minute; each one works for 5 minutes.');
  await expect(kiosk.locator('ion-back-button, .app-menu-button')).toHaveCount(0);
  // No menu that could open: on a phone its code is never loaded here; beside a wide page it is, disabled.
  await expect
    .poll(() =>
      till
        .locator('ion-menu')
        .evaluateAll((menus) => menus.every((m) => (m as unknown as { disabled: boolean }).disabled)),
    )
    .toBe(true);
  await kiosk.getByRole('button', { name: 'Exit till mode' }).click();
  await expect(kiosk).toContainText(
    'Only an admin can leave till mode: sign in as an admin on this device first.',
  );
  await kiosk.getByRole('button', { name: 'Stay in till mode' }).click();
  expect(await smallControls(kiosk.locator('ion-button'))).toEqual([]);
  await till.screenshot({ path: test.info().outputPath('till-kiosk.png'), fullPage: true });
  if (phone) {
    await till.setViewportSize({ width: 390, height: 844 });
    await expect(kiosk.getByRole('button', { name: 'Exit till mode' })).toBeVisible();
    await till.screenshot({ path: test.info().outputPath('till-kiosk-390.png'), fullPage: true });
  }
  await till.close();

  // An admin's own device in till mode leaves it with one tap, back to the Clock in page.
  const adminPage = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await logInByApi(adminPage, 'admin@redlion.test');
  await adminPage.goto('/clockin');
  await activePage(adminPage).getByText('Till mode on this device').click();
  await expect(adminPage).toHaveURL(/\/till$/);
  const own = activePage(adminPage);
  await expect(own.getByTestId('till-code').locator('svg')).toBeVisible();
  await expect(own.locator('ion-back-button, .app-menu-button')).toHaveCount(0);
  await own.getByRole('button', { name: 'Exit till mode' }).click();
  await expect(adminPage).toHaveURL(/\/clockin$/);
  await expect(activePage(adminPage).getByRole('heading', { name: 'The till’s code' })).toBeVisible();
  await adminPage.close();
});
