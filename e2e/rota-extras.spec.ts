import { activePage, expect, logInByApi, test } from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

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
  const shift = planner.getByTestId('shift').filter({ hasText: 'Sam Staff' });
  await expect(shift).toContainText('17:30–00:30');
  await expect(shift).toContainText('Cellar');
});

test('a staff member asks for leave, an admin approves it, and the week shows it', async ({ page }) => {
  const phone = test.info().project.name === 'phone';
  const week = mondayAhead(phone ? 13 : 15);
  const reason = `Wedding ${phone ? 'phone' : 'desktop'}`;
  await logInByApi(page, 'staff@redlion.test');
  await page.goto('/staffschedules?view=leave');
  const panel = activePage(page);
  await expect(panel.getByRole('heading', { name: 'Your holiday' })).toBeVisible();
  await expect(panel.getByTestId('holiday-balance')).toContainText('to take');
  const form = panel.locator('form');
  await form.getByLabel('From (day)').fill(week);
  await form
    .getByLabel('Until (day)')
    .fill(new Date(Date.parse(`${week}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
  await form.getByLabel('Hours of holiday it takes').fill('8');
  await form.getByLabel('Reason (optional)').fill(reason);
  await form.getByRole('button', { name: 'Ask for leave' }).click();
  const request = panel.getByTestId('my-absence').filter({ hasText: reason });
  await expect(request).toContainText('Waiting for a manager');
  await expectInside(panel.locator('.rota-shift__main > *'), '.card');
  expect(await smallControls(panel.locator('ion-button, select, input'))).toEqual([]);
  await shots(page, 'staff-leave');

  await page.context().clearCookies();
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/staffschedules?view=leave');
  const admin = activePage(page);
  const asked = admin.getByTestId('leave-request').filter({ hasText: reason });
  await expect(asked).toContainText('Sam Staff');
  await shots(page, 'admin-leave');
  await asked.getByRole('button', { name: 'Approve' }).click();
  await expect(asked).toHaveCount(0);

  await page.goto(`/staffschedules?view=week&week=${week}`);
  await expect(activePage(page).getByTestId('day-notes').first()).toContainText('Sam Staff: on leave');
  await shots(page, 'week-with-leave');

  await page.context().clearCookies();
  await logInByApi(page, 'staff@redlion.test');
  await page.goto('/staffschedules?view=leave');
  await expect(activePage(page).getByTestId('my-absence').filter({ hasText: reason })).toContainText(
    'Approved',
  );
});
