import type { Page } from '@playwright/test';
import { expectStatus } from '../apps/server/test/support/world-api.ts';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logInByApi, pageSession, startClubByApi, test } from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';
import { newStaff } from './support/staff.ts';

/** A Monday some weeks ahead, different for each project so that runs side by side do not clash. */
function mondayAhead(weeks: number): string {
  const d = new Date();
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back + 7 * weeks);
  return d.toISOString().slice(0, 10);
}

/** Screenshots at the project's size and, on the phone project, at 390 px as well. */
async function shots(page: import('@playwright/test').Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  if (test.info().project.name !== 'phone') return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

test('an admin saves a shift template and adds a shift from it', async ({ page }) => {
  const phone = test.info().project.name === 'phone';
  const week = mondayAhead(phone ? 9 : 11);
  const name = `Late bar ${phone ? 'phone' : 'desktop'}`;
  await logInByApi(page, 'admin@redlion.test');
  await page.goto(`/addschedule?week=${week}`);
  let form = activePage(page).locator('form');
  await form.getByLabel('Starts').fill('17:30');
  await form.getByLabel('Ends').fill('00:30');
  await form.getByLabel('Position').fill('Cellar');
  await form.getByLabel('Break (minutes)').fill('30');
  await form.getByText('Keep these times as a template').click();
  await form.getByLabel('Template name').fill(name);
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(form.getByLabel('From a template (optional)')).toBeVisible();

  // A fresh form: the template fills it.
  await page.goto(`/staffschedules?view=week&week=${week}`);
  await page.goto(`/addschedule?week=${week}`);
  form = activePage(page).locator('form');
  await form
    .getByLabel('From a template (optional)')
    .selectOption({ label: `${name}: Cellar, 17:30–00:30, 30 min break` });
  await expect(form.getByLabel('Starts')).toHaveValue('17:30');
  await expect(form.getByLabel('Ends')).toHaveValue('00:30');
  await expect(form.getByLabel('Position')).toHaveValue('Cellar');
  await form.getByLabel('Who').selectOption({ label: 'Sam Staff' });
  expect(await smallControls(form.locator('ion-button, select, input, summary'))).toEqual([]);
  await shots(page, 'add-from-template');
  await form.getByRole('button', { name: 'Add shift' }).click();
  const planner = activePage(page);
  // A desktop shows the week as a grid (staff-week-grid.spec.ts); this test reads the list of days.
  if (!phone) await planner.getByRole('button', { name: 'Day by day' }).click();
  const shift = planner.getByTestId('shift').filter({ hasText: 'Sam Staff' });
  await expect(shift).toContainText('17:30–00:30');
  await expect(shift).toContainText('Cellar');
});

test('an admin deletes a shift template after confirming; the other template stays', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A club of its own: the demo club's templates grow with every run of the test above.
  await startClubByApi(page, 'Template Tavern');
  const admin = pageSession(page);
  for (const [name, position] of [
    ['Early doors', 'Bar'],
    ['Kitchen close', 'Kitchen'],
  ]) {
    expectStatus(
      await admin.post('/api/admin/shift-templates', {
        name,
        position,
        startTime: '16:00',
        endTime: '22:00',
        breakMinutes: 20,
      }),
      `template ${name}`,
      201,
    );
  }
  await page.goto(`/addschedule?week=${mondayAhead(20)}`);
  const card = activePage(page).getByTestId('shift-templates');
  await expect(card.locator('[data-template]')).toHaveCount(2);
  const early = card.locator('[data-template="Early doors"]');
  await expect(early).toContainText('Bar, 16:00–22:00, 20 min break');
  expect(await smallControls(card.locator('ion-button'))).toEqual([]);
  await expectInside(card.locator('.rota-shift__main, ion-button'), '.card');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('delete-template-360.png'), fullPage: true });

  await early.getByRole('button', { name: 'Delete the template Early doors' }).click();
  const alert = page.locator('ion-alert');
  await expect(alert).toContainText('Delete the template “Early doors”?');
  await expect(alert).toContainText('shifts already added from it stay as they are');
  // Keeping it changes nothing.
  await alert.getByRole('button', { name: 'Keep it' }).click();
  await expect(alert).toHaveCount(0);
  await expect(early).toBeVisible();

  await early.getByRole('button', { name: 'Delete the template Early doors' }).click();
  await page.screenshot({ path: test.info().outputPath('delete-template-confirm-360.png') });
  await alert.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.locator('ion-toast.app-toast')).toContainText('Template “Early doors” deleted.');
  await expect(early).toHaveCount(0);
  await expect(card.locator('[data-template]')).toHaveCount(1);
  const left = expectStatus(await admin.get('/api/admin/shift-templates'), 'templates').json;
  expect(left.templates.map((t: { name: string }) => t.name)).toEqual(['Kitchen close']);
  // The form's choice of templates follows.
  const choice = activePage(page).locator('form').getByLabel('From a template (optional)');
  await expect(choice.locator('option', { hasText: 'Early doors' })).toHaveCount(0);
});

test.describe('answers the page turns into words', () => {
  // The browser logs the question before leave beyond the balance (a 409); the page shows it as it should.
  test.use({ allowHttpErrors: true });
  test('a staff member asks for whole days of leave; approving it beyond their holiday asks first', async ({
    page,
    baseURL,
  }) => {
    const phone = test.info().project.name === 'phone';
    const week = mondayAhead(phone ? 13 : 15);
    const wednesday = new Date(Date.parse(`${week}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    // A staff member of this run's own: no hours worked yet, so no holiday earned.
    const { name } = await newStaff(page, baseURL as string, 'Ivy');
    const reason = `Wedding ${phone ? 'phone' : 'desktop'}`;
    await page.goto('/staffschedules?view=leave');
    const panel = activePage(page);
    await expect(panel.getByRole('heading', { name: 'Your holiday' })).toBeVisible();
    await expect(panel.getByTestId('holiday-balance')).toContainText('0 h to take');
    const form = panel.locator('form');
    // Monday to Wednesday is three days: the last day is included.
    await form.getByLabel('First day').fill(week);
    await form.getByLabel('Last day').fill(wednesday);
    await expect(form).toContainText('Whole days, the last one included: 3 days.');
    await expect(form.getByLabel('Until (time)')).toHaveCount(0);
    // The hours follow the days chosen (8 a day), and keep the day's length a person types.
    const hours = form.getByLabel('Hours of holiday it takes');
    await expect(hours).toHaveValue('24');
    await form.getByLabel('Last day').fill(week);
    await expect(hours).toHaveValue('8');
    await hours.fill('7.5');
    await form.getByLabel('Last day').fill(wednesday);
    await expect(hours).toHaveValue('22.5');
    await hours.fill('24');
    await form.getByLabel('Reason (optional)').fill(reason);
    await form.getByRole('button', { name: 'Ask for leave' }).click();
    const request = panel.getByTestId('my-absence').filter({ hasText: reason });
    await expect(request).toContainText('Waiting for a manager');
    await expect(request).toContainText(/Monday \d+ \w+ to Wednesday \d+ \w+ \(3 days\)/);
    await expectInside(panel.locator('.rota-shift__main > *'), '.card');
    expect(await smallControls(panel.locator('ion-button, select, input'))).toEqual([]);
    await shots(page, 'staff-leave');

    await page.context().clearCookies();
    await logInByApi(page, 'admin@redlion.test');
    await page.goto('/staffschedules?view=leave');
    const admin = activePage(page);
    const asked = admin.getByTestId('leave-request').filter({ hasText: reason });
    await expect(asked).toContainText(`${name}: 24 h`);
    await expect(asked).toContainText('(3 days)');
    await shots(page, 'admin-leave');
    // No hours worked: 24 hours of leave would take the balance to -24 h. The admin is asked.
    await asked.getByRole('button', { name: 'Approve' }).click();
    const alert = page.locator('ion-alert');
    await expect(alert).toContainText('Holiday balance below zero');
    await expect(alert).toContainText(
      `Approving this leave takes ${name}’s holiday balance below zero, to -24 h (0 h now, the leave takes 24 h). Approve anyway?`,
    );
    await shots(page, 'leave-negative');
    await alert.getByRole('button', { name: 'Not now' }).click();
    // Until the closing alert has gone, its backdrop takes the next tap.
    await expect(alert).toHaveCount(0);
    await expect(asked).toBeVisible();
    await asked.getByRole('button', { name: 'Approve' }).click();
    await alert.getByRole('button', { name: 'Approve anyway' }).click();
    await expect(asked).toHaveCount(0);
    await expect(admin.getByRole('row', { name: new RegExp(name) })).toContainText('-24 h');

    await page.goto(`/staffschedules?view=week&week=${week}&layout=days`);
    await expect(activePage(page).getByTestId('day-notes').first()).toContainText(`${name}: on leave`);
    await shots(page, 'week-with-leave');
  });
});

async function logInAs(page: Page, email: string) {
  await page.context().clearCookies();
  await logInByApi(page, email, 'swap-password');
}

test('a staff member offers a shift to a colleague, withdraws one offer, the colleague accepts the other and the admin approves', async ({
  page,
  baseURL,
}) => {
  const phone = test.info().project.name === 'phone';
  const week = mondayAhead(phone ? 17 : 19);
  const colleague = await newStaff(page, baseURL as string, 'Cai');
  const giver = await newStaff(page, baseURL as string, 'Ola');
  // Two published shifts of the giver's in a week no other test publishes.
  const admin = await apiClient(baseURL as string, 'admin@redlion.test');
  for (const [day, position] of [
    ['18', 'Cellar'],
    ['19', 'Bar'],
  ] as const) {
    const date = new Date(Date.parse(`${week}T12:00:00Z`) + (day === '18' ? 2 : 3) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await admin.send('POST', '/api/admin/shifts', {
      userId: giver.userId,
      startsAt: `${date}T${day}:00:00Z`,
      endsAt: `${date}T22:00:00Z`,
      position,
      breakMinutes: 0,
    });
  }
  await admin.send('POST', '/api/admin/rota/publish', { week });
  await admin.dispose();

  // The giver offers the Cellar shift to the colleague, and the Bar shift too, then takes that back.
  await logInAs(page, giver.email);
  await page.goto('/staffschedules?view=mine');
  const mine = activePage(page);
  const offerFrom = async (position: string) => {
    const line = mine.getByTestId('shift').filter({ hasText: position });
    await line.getByRole('button', { name: 'Swap or give away' }).click();
    const form = mine.locator('form.rota-swap-form');
    await form.getByLabel('Colleague').selectOption({ label: colleague.name });
    await expect(form.getByLabel('In exchange')).toHaveCount(0);
    await expect(form).toContainText('no shifts in the next eight weeks');
    return { line, form };
  };
  const cellar = await offerFrom('Cellar');
  expect(await smallControls(cellar.form.locator('ion-button, select'))).toEqual([]);
  await shots(page, 'swap-offer-form');
  await cellar.form.getByRole('button', { name: 'Send offer' }).click();
  await expect(cellar.line.getByTestId('shift-swap-state')).toHaveText(
    `Offered to ${colleague.name}: waiting for the colleague.`,
  );
  const bar = await offerFrom('Bar');
  await bar.form.getByRole('button', { name: 'Send offer' }).click();
  await expect(bar.line.getByTestId('shift-swap-state')).toContainText('waiting for the colleague');
  await expectInside(mine.locator('.rota-shift__main > *'), '.card');
  expect(await smallControls(mine.locator('ion-button, select'))).toEqual([]);
  await shots(page, 'swap-offered');
  await bar.line.getByRole('button', { name: /^Withdraw the swap of Bar/ }).click();
  await expect(bar.line.getByTestId('shift-swap-state')).toHaveCount(0);
  // Swaps have their own tab.
  await mine.getByRole('button', { name: 'Open Swaps' }).click();
  const swaps = activePage(page).getByTestId('swap');
  await expect(swaps).toHaveCount(2);
  await expect(swaps.filter({ hasText: 'Bar,' })).toContainText('Withdrawn');

  // The colleague accepts the Cellar shift.
  await logInAs(page, colleague.email);
  await page.goto('/staffschedules?view=swaps');
  const theirs = activePage(page);
  const offered = theirs.getByTestId('swap').filter({ hasText: 'Cellar,' });
  await expect(offered).toContainText(`${giver.name} → ${colleague.name}`);
  await expect(offered).toContainText('Waiting for the colleague');
  await expect(theirs.getByTestId('swap').filter({ hasText: 'Bar,' })).toContainText('Withdrawn');
  await expect(theirs.getByTestId('swap').filter({ hasText: 'Bar,' }).getByRole('button')).toHaveCount(0);
  await shots(page, 'swap-to-accept');
  await offered.getByRole('button', { name: 'Accept' }).click();
  await expect(offered).toContainText('Accepted, waiting for a manager');

  // The admin approves it: the shift is the colleague's.
  await page.context().clearCookies();
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/staffschedules?view=swaps');
  const manager = activePage(page);
  const toApprove = manager
    .getByRole('region', { name: 'Swaps to approve' })
    .getByTestId('swap')
    .filter({ hasText: `${giver.name} → ${colleague.name}` });
  await expect(toApprove).toContainText('Accepted, waiting for a manager');
  await shots(page, 'swap-to-approve');
  await toApprove.getByRole('button', { name: 'Approve' }).click();
  await expect(toApprove).toHaveCount(0);

  await logInAs(page, colleague.email);
  await page.goto('/staffschedules?view=mine');
  const after = activePage(page);
  await expect(after.getByTestId('shift').filter({ hasText: 'Cellar' })).toHaveCount(1);
  await page.goto('/staffschedules?view=swaps');
  await expect(activePage(page).getByTestId('swap').filter({ hasText: 'Cellar,' })).toContainText(
    'Approved: the rota has changed',
  );
  await shots(page, 'swap-approved');
});

test('an admin sets a rate per position, and removes it', async ({ page }) => {
  const phone = test.info().project.name === 'phone';
  const position = `Door ${phone ? 'phone' : 'desktop'}`;
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/staffschedules?view=pay');
  const panel = activePage(page);
  await expect(panel.getByRole('heading', { name: 'Pay per position' })).toBeVisible();
  await expect(panel.getByRole('table').getByRole('rowheader', { name: 'Sam Staff' })).toBeVisible();
  await shots(page, 'pay-rates-top');
  const form = panel.getByRole('form', { name: 'Set a rate for a position' });
  await form.getByLabel('Hourly rate (£)').fill('12.5');
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(form.locator('.form-error')).toContainText('Say which position');
  await form.getByLabel('Position').fill(position);
  await form.getByLabel('Hourly rate (£)').fill('twelve');
  await form.getByRole('button', { name: 'Save rate' }).click();
  await expect(form.locator('.form-error')).toContainText('Give the rate in pounds');
  await form.getByLabel('Hourly rate (£)').fill('12.5');
  await form.getByRole('button', { name: 'Save rate' }).click();
  const row = panel.getByTestId('position-rate').filter({ hasText: position });
  await expect(row).toContainText('£12.50 an hour');
  await expectInside(panel.locator('.rota-shift__main > *'), '.card');
  expect(await smallControls(panel.locator('ion-button, select, input'))).toEqual([]);
  await shots(page, 'pay-rates');
  await row.getByRole('button', { name: `Remove the rate for ${position}` }).click();
  await expect(row).toHaveCount(0);
});

test('an admin sets a person’s rate from a day ahead, and the table shows it coming', async ({
  page,
  browser,
  baseURL,
}) => {
  // A staff member of this run's own, so that runs side by side do not change each other's rates.
  const staffPage = await browser.newPage();
  const { name } = await newStaff(staffPage, baseURL as string, 'Rae');
  await staffPage.close();

  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/staffschedules?view=pay');
  const panel = activePage(page);
  const form = panel.getByRole('form', { name: 'Set a person’s own rate' });
  const row = panel.getByRole('row', { name: new RegExp(name) });
  const ahead = mondayAhead(6);

  await form.getByLabel('Person').selectOption({ label: name });
  await form.getByLabel('Own hourly rate (£)').fill('12.40');
  await form.getByLabel('From (day)').fill(ahead);
  await form.getByRole('button', { name: 'Save' }).click();
  // Until that day the position's rate still applies; the rise shows as coming.
  await expect(row).toContainText('Position’s rate');
  await expect(row).toContainText(/£12\.40 from Monday \d+ \w+/);

  // A rate with no day now applies from today (the person has a rate history already).
  await form.getByLabel('Person').selectOption({ label: name });
  await form.getByLabel('Own hourly rate (£)').fill('11');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('ion-toast.app-toast').last()).toContainText(`${name}: £11.00 an hour from `);
  await expect(row).toContainText('£11.00 an hour');
  await expect(row).toContainText(/£12\.40 from Monday/);
  await expectInside(row.locator('td > *'), '.card');
  expect(await smallControls(form.locator('ion-button, select, input'))).toEqual([]);
  await shots(page, 'pay-rates-ahead');
});
