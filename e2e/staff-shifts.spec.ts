import { activePage, expect, logInByApi, test } from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

// The overlapping shift below is refused with a 409 on purpose.
test.use({ allowHttpErrors: true });

/** A Monday some weeks ahead, different for each project so that runs side by side do not clash. */
function mondayAhead(weeks: number): string {
  const d = new Date();
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back + 7 * weeks);
  return d.toISOString().slice(0, 10);
}

test('an admin plans and publishes a week, and the staff member sees the shift, next first', async ({
  page,
}) => {
  const week = mondayAhead(test.info().project.name === 'phone' ? 3 : 5);
  await logInByApi(page, 'admin@redlion.test');
  await page.goto(`/addschedule?week=${week}`);
  const form = activePage(page).locator('form');
  await expect(form.getByRole('heading', { name: 'A new shift' })).toBeVisible();
  await form.getByLabel('Who').selectOption({ label: 'Sam Staff' });
  await form.getByLabel('Starts').fill('12:00');
  await form.getByLabel('Ends').fill('20:00');
  await form.getByLabel('Position').fill('Bar');
  // Eight hours with no break: the rule shows as the admin types, before saving.
  await expect(form.getByTestId('warnings')).toContainText('needs a break of at least 20 minutes');
  await form.getByLabel('Break (minutes)').fill('30');
  await expect(form.getByTestId('warnings')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('add-shift.png'), fullPage: true });
  await form.getByRole('button', { name: 'Add shift' }).click();

  const planner = activePage(page);
  await expect(planner.getByRole('heading', { name: /^Week of / })).toBeVisible();
  // A desktop shows the week as a grid (staff-week-grid.spec.ts); this test reads the list of days.
  if (test.info().project.name !== 'phone') await planner.getByRole('button', { name: 'Day by day' }).click();
  await expect(planner.getByTestId('week-summary')).toContainText('1 not yet published');
  const shift = planner.getByTestId('shift').filter({ hasText: 'Sam Staff' });
  await expect(shift).toContainText('12:00–20:00');
  await expect(shift).toContainText('Draft');
  await expectInside(planner.locator('.rota-shift__main > *'), '.card');
  expect(await smallControls(planner.locator('ion-button, select, input'))).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('week.png'), fullPage: true });

  // A second shift that overlaps is refused, naming the first.
  await page.goto(`/addschedule?week=${week}`);
  const again = activePage(page).locator('form');
  await again.getByLabel('Who').selectOption({ label: 'Sam Staff' });
  await again.getByLabel('Starts').fill('19:00');
  await again.getByLabel('Ends').fill('23:00');
  await expect(again.getByTestId('overlap')).toContainText(
    'This overlaps another shift for the same person: Bar',
  );
  await again.getByRole('button', { name: 'Add shift' }).click();
  await expect(again.locator('.form-error').first()).toContainText('This overlaps another shift');

  await page.goto(`/staffschedules?view=week&week=${week}`);
  await activePage(page).getByRole('button', { name: 'Publish 1 draft' }).click();
  await expect(activePage(page).getByTestId('week-summary')).toContainText('all published');

  await page.context().clearCookies();
  await logInByApi(page, 'staff@redlion.test');
  await page.goto('/staffschedules');
  const mine = activePage(page);
  await expect(mine.getByRole('heading', { name: 'Your next shift' })).toBeVisible();
  await expect(mine.getByTestId('shift').first()).toContainText('Bar');
  await expect(mine).not.toContainText('£');
  await expectInside(mine.locator('.rota-shift__main > *'), '.card');
  await page.screenshot({ path: test.info().outputPath('my-shifts.png'), fullPage: true });
});
