import { readFile } from 'node:fs/promises';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logInByApi, test } from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';
import { newStaff } from './support/staff.ts';

/** The Monday of the week `weeks` weeks before this one (London and UTC agree on the date at noon). */
function mondayBack(weeks: number): string {
  const d = new Date();
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back - 7 * weeks);
  return d.toISOString().slice(0, 10);
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test('an admin corrects, approves and exports a week, and the staff member sees their hours', async ({
  page,
  browser,
  baseURL,
}) => {
  // A staff member of this run's own, so that runs side by side (and reruns) do not meet.
  const { name, userId } = await newStaff(page, baseURL as string, 'Tia');
  // A week of each project's own, so the Sage file (everyone with hours in the week) holds one person.
  const week = mondayBack(test.info().project.name === 'phone' ? 2 : 3);
  const tuesday = addDays(week, 1);

  const adminPage = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await logInByApi(adminPage, 'admin@redlion.test');
  await adminPage.goto(`/timesheets?week=${week}`);
  const sheet = activePage(adminPage);
  await expect(sheet.getByRole('heading', { name: /^Week of / })).toBeVisible();
  const card = sheet.getByTestId('timesheet-person').filter({ hasText: name });
  await expect(card).toContainText('Not approved');

  // The forgotten clock-in, added with a reason.
  await card.getByRole('button', { name: 'Add a missing entry' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('Day').selectOption(tuesday);
  await dialog.getByLabel('Clocked in at').fill('17:00');
  await dialog.getByLabel('Clocked out at').fill('22:00');
  await dialog.getByLabel('Break (minutes)').fill('20');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('.form-error')).toContainText('Say why the entry changes');
  await dialog.getByLabel('Reason').fill('Forgot to clock in; seen on the till log');
  await adminPage.screenshot({ path: test.info().outputPath('correct-dialog.png') });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const entry = card.getByTestId('timesheet-entry');
  await expect(entry).toContainText('17:00–22:00');
  await expect(entry).toContainText('Added by Alex Admin');

  // Then corrected: the history keeps both.
  await entry.getByRole('button', { name: 'Correct' }).click();
  await dialog.getByLabel('Clocked out at').fill('22:30');
  await dialog.getByLabel('Reason').fill('Stayed on to close');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(entry).toContainText('17:00–22:30');
  await expect(entry).toContainText('Reason: “Stayed on to close”');
  await expect(card).toContainText('worked 5 h 10 min');

  await card.getByRole('button', { name: 'Approve week' }).click();
  await expect(card).toContainText('Approved by');
  await expect(card.getByRole('button', { name: 'Correct' })).toHaveCount(0);
  await expectInside(card.locator('.rota-shift__main > *'), '.card');
  expect(await smallControls(sheet.locator('ion-button, select'))).toEqual([]);
  await adminPage.screenshot({ path: test.info().outputPath('timesheets.png'), fullPage: true });

  // The export, as the browser saves it.
  const [download] = await Promise.all([
    adminPage.waitForEvent('download'),
    sheet.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`timesheets-generic-${week}-to-${addDays(week, 6)}.csv`);
  const text = await readFile((await download.path()) as string, 'utf8');
  // For Excel: a byte order mark, then the header row; no '#' lines; no internal ids.
  expect(text.startsWith('\uFEFFWeek starting,')).toBe(true);
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toMatch(/^Week starting,Date,Staff member,Payroll number,Scheduled hours,Worked hours,/);
  expect(lines.filter((l) => l.startsWith('#'))).toEqual([]);
  expect(text).not.toContain(userId);
  const row = lines.find((l) => l.includes(`,${name},`));
  expect(row).toMatch(
    new RegExp(
      `^${week},${tuesday},${name},,0\\.00,5\\.17,20,0,,,corrected no_shift_near,approved,Alex Admin,`,
    ),
  );

  await sheet.getByLabel('File layout').selectOption('brightpay');
  const [bright] = await Promise.all([
    adminPage.waitForEvent('download'),
    sheet.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const brightText = await readFile((await bright.path()) as string, 'utf8');
  expect(brightText.split('\r\n')[0]).toBe(
    'Employee first name,Employee surname,Employee works number,Payment 1: Rate per hour (if different from standard rate),Payment 1: Description,Payment 1: Number of normal hours,Lastman status,Lastman period,Lastman filters',
  );
  const period = `${week} to ${addDays(week, 6)}`;
  expect(brightText).toContain(`Tia,${name.slice(4)},,,Hours ${period},5.17,approved,${period},all staff`);

  // Sage 50 needs its payment number, and each person's payroll number (set under Pay rates).
  const toast = adminPage.locator('ion-toast.app-toast').last();
  await sheet.getByLabel('File layout').selectOption('sage50');
  await sheet.getByRole('button', { name: 'Export CSV' }).click();
  await expect(toast).toContainText('Say which Sage payment number these hours are paid under');
  await sheet.getByLabel('Sage payment number').fill('4');
  await sheet.getByRole('button', { name: 'Export CSV' }).click();
  await expect(toast).toContainText(`Give ${name} a payroll number first (Pay rates)`);
  await adminPage.screenshot({ path: test.info().outputPath('timesheets-sage.png'), fullPage: true });

  const payrollNumber = `T-${name.slice(4).toUpperCase()}`;
  await adminPage.goto('/staffschedules?view=pay');
  const pay = activePage(adminPage);
  const personForm = pay.getByRole('form', { name: 'Set a person’s own rate' });
  await personForm.getByLabel('Person').selectOption({ label: name });
  await personForm.getByLabel('Payroll number').fill(payrollNumber);
  await personForm.getByRole('button', { name: 'Save' }).click();
  await expect(pay.getByRole('row', { name: new RegExp(name) })).toContainText(payrollNumber);
  await adminPage.screenshot({ path: test.info().outputPath('pay-rates-payroll.png'), fullPage: true });

  await adminPage.goto(`/timesheets?week=${week}`);
  const again = activePage(adminPage);
  await again.getByLabel('File layout').selectOption('sage50');
  await again.getByLabel('Sage payment number').fill('4');
  const [sage] = await Promise.all([
    adminPage.waitForEvent('download'),
    again.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(sage.suggestedFilename()).toBe(`timesheets-sage50-${week}-to-${addDays(week, 6)}-all-approved.csv`);
  expect(await readFile((await sage.path()) as string, 'utf8')).toBe(`2,${payrollNumber},4,,,5.17,\r\n`);
  await adminPage.close();

  // The staff member, on their phone: from the clock-in page to their hours.
  await page.goto('/clockin');
  await activePage(page).getByText('My hours, week by week').click();
  const mine = activePage(page);
  const myWeek = mine.getByRole('region', { name: /^Week of .* Approved$/ });
  await expect(mine.getByTestId('my-hours-week')).toHaveCount(2); // this week, and the one with hours
  await expect(myWeek).toContainText('Worked 5 h 10 min of 0 h scheduled');
  await expect(myWeek.getByTestId('timesheet-entry')).toContainText('Reason: “Stayed on to close”');
  await expect(mine).not.toContainText('£');
  await expectInside(myWeek.locator('.rota-shift__main > *'), '.card');
  await page.screenshot({ path: test.info().outputPath('my-hours.png'), fullPage: true });
  if (test.info().project.name === 'phone') {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('my-hours-390.png'), fullPage: true });
  }
});

test('a position’s rate prices the hours, lateness reads in hours and minutes, and approving early asks', async ({
  page,
  browser,
  baseURL,
}) => {
  const phone = test.info().project.name === 'phone';
  const { name, userId } = await newStaff(page, baseURL as string, 'Lou');
  // A position of this run's own, priced at £10.00 an hour; Lou has no rate of their own.
  const position = `Cellar ${name.slice(4)}`;
  const week = mondayBack(phone ? 4 : 5);
  const tuesday = addDays(week, 1);
  const admin = await apiClient(baseURL as string, 'admin@redlion.test');
  await admin.send('PUT', '/api/admin/position-pay-rates', { position, hourlyRatePence: 1000 });
  await admin.send('POST', '/api/admin/shifts', {
    userId,
    startsAt: `${tuesday}T17:00:00Z`,
    endsAt: `${tuesday}T22:00:00Z`,
    position,
    breakMinutes: 0,
  });
  await admin.send('POST', '/api/admin/rota/publish', { week });
  // In at 18:15 for a 17:00 start: an hour and a quarter late; 3 h 45 min worked at £10.00.
  await admin.send('POST', '/api/admin/clock-entries', {
    userId,
    clockInAt: `${tuesday}T18:15:00Z`,
    clockOutAt: `${tuesday}T22:00:00Z`,
    breakMinutes: 0,
    reason: 'From the paper sheet',
  });
  await admin.dispose();

  const adminPage = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await logInByApi(adminPage, 'admin@redlion.test');
  await adminPage.goto(`/timesheets?week=${week}`);
  const sheet = activePage(adminPage);
  const card = sheet.getByTestId('timesheet-person').filter({ hasText: name });
  await expect(card.locator('.timesheet-totals')).toHaveText(
    'Scheduled 5 h · worked 3 h 45 min · 1 h 15 min late in all · £37.50',
  );
  await expect(card.getByRole('row', { name: /Tue/ })).toContainText('1 h 15 min');
  await expect(card.getByTestId('timesheet-entry')).toContainText(
    '3 h 45 min worked, no break, 1 h 15 min late',
  );
  await expect(card).not.toContainText('no hourly rate set');
  await expect(card).not.toContainText('75 min');
  await expectInside(card.locator('.rota-shift__main > *'), '.card');
  await adminPage.screenshot({ path: test.info().outputPath('position-rate.png'), fullPage: true });
  if (phone) {
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await expect(card.locator('.timesheet-totals')).toContainText('1 h 15 min late in all · £37.50');
    await adminPage.screenshot({ path: test.info().outputPath('position-rate-390.png'), fullPage: true });
    await adminPage.setViewportSize({ width: 360, height: 740 });
  }

  // This week has not ended: approving Lou's week asks first, and "Not yet" leaves it open.
  await adminPage.goto('/timesheets');
  const now = activePage(adminPage);
  const mine = now.getByTestId('timesheet-person').filter({ hasText: name });
  await mine.getByRole('button', { name: 'Approve week' }).click();
  const alert = adminPage.locator('ion-alert');
  await expect(alert).toContainText('Approve before the week ends?');
  await expect(alert).toContainText(
    /^.*This week has not ended: (no shifts are|1 shift is|\d+ shifts are) still to come\. Approve anyway\?/,
  );
  await adminPage.screenshot({ path: test.info().outputPath('approve-early.png') });
  if (phone) {
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await expect(alert.getByRole('button', { name: 'Approve anyway' })).toBeVisible();
    await adminPage.screenshot({ path: test.info().outputPath('approve-early-390.png') });
  }
  await alert.getByRole('button', { name: 'Not yet' }).click();
  await expect(alert).toBeHidden();
  await expect(mine).toContainText('Not approved');
  await mine.getByRole('button', { name: 'Approve week' }).click();
  await alert.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(mine).toContainText('Approved by');
  await adminPage.close();
});
