import { apiClient } from './support/api-client.ts';
import { activePage, expect, logInByApi, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';
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
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  const admin = await apiClient(baseURL as string, 'admin@redlion.test');
  await admin.send('PATCH', `/api/admin/members/${me.user.id}`, { role: 'staff' });

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
