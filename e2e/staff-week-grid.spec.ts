import type { Locator, Page } from '@playwright/test';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logInByApi, test } from './support/fixtures.ts';
import { smallControls } from './support/layout.ts';
import { newStaff } from './support/staff.ts';

// The refused move below answers 409 on purpose.
test.use({ allowHttpErrors: true });

/** A Monday some weeks ahead, different for each project so that runs side by side do not clash. */
function mondayAhead(weeks: number): string {
  const d = new Date();
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back + 7 * weeks);
  return d.toISOString().slice(0, 10);
}
const dayAfter = (monday: string, n: number) =>
  new Date(Date.parse(`${monday}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Drags by mouse steps: two moves over the target, so that it hears `dragover` before the drop. */
async function drag(page: Page, source: Locator, target: Locator) {
  const handle = source.locator('.rota-grid__time');
  // Both on the screen: the club has other staff from other tests, so the rows may lie below the fold.
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const box = await target.boundingBox();
  if (!from || !box) throw new Error('the shift or the target cell is not on the screen');
  await page.mouse.move(from.x + 10, from.y + 5);
  await page.mouse.down();
  // A few pixels first: the browser starts a drag only once the pointer has moved.
  await page.mouse.move(from.x + 20, from.y + 15, { steps: 3 });
  await page.mouse.move(box.x + box.width / 2, box.y + 10, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

/** Two staff members of this run's own, with a shift each in the week, and the admin signed in on the page. */
async function twoStaffWithShifts(page: Page, baseURL: string, week: string) {
  const ana = await newStaff(page, baseURL, 'Ana');
  const ben = await newStaff(page, baseURL, 'Ben');
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  const shift = (userId: string, day: number, from: string, to: string, position: string) =>
    admin.send('POST', '/api/admin/shifts', {
      userId,
      startsAt: `${dayAfter(week, day)}T${from}:00Z`,
      endsAt: `${dayAfter(week, day)}T${to}:00Z`,
      position,
      breakMinutes: 0,
    });
  await shift(ana.userId, 1, '16:00', '20:00', 'Cellar');
  await shift(ben.userId, 3, '17:00', '22:00', 'Bar');
  await admin.dispose();
  await page.context().clearCookies();
  await logInByApi(page, 'admin@redlion.test');
  return { ana, ben };
}

test('on a desktop an admin drags a shift to another person and day, copies one with Alt, and a refused move snaps back', async ({
  page,
  baseURL,
}) => {
  test.skip(
    test.info().project.name === 'phone',
    'dragging is for a tablet or desktop; the phone test follows',
  );
  const week = mondayAhead(23);
  const { ana, ben } = await twoStaffWithShifts(page, baseURL as string, week);
  await page.goto(`/staffschedules?view=week&week=${week}`);
  const planner = activePage(page);
  const grid = planner.getByTestId('week-grid');
  await expect(grid).toBeVisible();
  const row = (id: string) => grid.locator(`tr[data-row="${id}"]`);
  const cell = (id: string, day: number) => row(id).locator(`td[data-day="${dayAfter(week, day)}"]`);
  const cellar = grid.getByTestId('grid-shift').filter({ hasText: 'Cellar' });
  await expect(cellar).toHaveCount(1);
  const times = (await cellar.locator('.rota-grid__time').textContent()) ?? '';
  await expect(cell(ana.userId, 1).getByTestId('grid-shift')).toHaveCount(1);
  await expect(row(ana.userId).getByTestId('row-total')).toHaveText('4 h');
  await expect(row(ben.userId).getByTestId('row-total')).toHaveText('5 h');
  expect(await smallControls(grid.locator('button'))).toEqual([]);

  // Ana's Tuesday Cellar shift to Ben's Wednesday: same times, Ben's now, a draft.
  await drag(page, cellar, cell(ben.userId, 2));
  await expect(cell(ben.userId, 2).getByTestId('grid-shift')).toContainText('Cellar');
  await expect(cell(ana.userId, 1).getByTestId('grid-shift')).toHaveCount(0);
  await expect(page.locator('ion-toast.app-toast').last()).toContainText(`Moved to ${ben.name}`);
  await expect(cell(ben.userId, 2).locator('.rota-grid__time')).toHaveText(times);
  await expect(row(ben.userId).getByTestId('row-total')).toHaveText('9 h');
  await expect(row(ana.userId).getByTestId('row-total')).toHaveText('0 h');
  await page.screenshot({ path: test.info().outputPath('grid.png'), fullPage: true });

  // Alt held as it drops: a copy on Ana's Friday, the original stays with Ben.
  await page.keyboard.down('Alt');
  await drag(page, cell(ben.userId, 2).getByTestId('grid-shift'), cell(ana.userId, 4));
  await page.keyboard.up('Alt');
  await expect(cell(ana.userId, 4).getByTestId('grid-shift')).toContainText('Cellar');
  await expect(cell(ben.userId, 2).getByTestId('grid-shift')).toContainText('Cellar');
  await expect(page.locator('ion-toast.app-toast').last()).toContainText(`Copied to ${ana.name}`);
  await expect(cell(ana.userId, 4).getByTestId('grid-shift')).not.toHaveAttribute('data-shift', /^copy-of-/);

  // Ben's Wednesday Cellar shift onto his own Thursday: it would overlap his Bar shift there.
  await drag(page, cell(ben.userId, 2).getByTestId('grid-shift'), cell(ben.userId, 3));
  const refusal = planner.getByTestId('grid-refusal');
  await expect(refusal).toContainText('Not moved: This overlaps another shift for the same person: Bar');
  await expect(cell(ben.userId, 2).getByTestId('grid-shift')).toContainText('Cellar');
  await expect(cell(ben.userId, 3).getByTestId('grid-shift')).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('grid-refused.png'), fullPage: true });

  // The same by keyboard: the shift's menu, "Move to…", the open row on Sunday.
  await cell(ana.userId, 4)
    .getByRole('button', { name: /^Options for the / })
    .click();
  await cell(ana.userId, 4).getByRole('button', { name: 'Move to…' }).click();
  const form = planner.locator('form.rota-place-form');
  await form.getByLabel('To').selectOption({ label: 'Open shifts' });
  await form.getByLabel('Day').selectOption(dayAfter(week, 6));
  await form.getByRole('button', { name: 'Move here' }).click();
  await expect(cell('open', 6).getByTestId('grid-shift')).toContainText('Cellar');
  await expect(cell(ana.userId, 4).getByTestId('grid-shift')).toHaveCount(0);
  await expect(refusal).toHaveCount(0);

  // What the grid shows is what the server kept.
  await page.reload();
  await expect(cell(ben.userId, 2).getByTestId('grid-shift')).toContainText('Cellar');
  await expect(cell(ben.userId, 3).getByTestId('grid-shift')).toContainText('Bar');
  await expect(cell('open', 6).getByTestId('grid-shift')).toContainText('Cellar');
  await expect(planner.getByTestId('week-total')).toHaveText('13 h');
  await page.screenshot({ path: test.info().outputPath('grid-after.png'), fullPage: true });
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function noWiderThanScreen(page: Page, part: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  const box = await part.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(width + 1);
}

test('on a phone the week stays a list of days, with the way to the week grid', async ({ page, baseURL }) => {
  test.skip(test.info().project.name !== 'phone', 'the phone layout');
  const week = mondayAhead(21);
  const { ana } = await twoStaffWithShifts(page, baseURL as string, week);
  await page.goto(`/staffschedules?view=week&week=${week}`);
  const planner = activePage(page);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(planner.getByTestId('week-grid')).toHaveCount(0);
    await expect(planner.getByTestId('shift').filter({ hasText: ana.name })).toContainText('Cellar');
    await expect(planner.getByRole('button', { name: 'Week grid' })).toBeVisible();
    await noWiderThanScreen(page, planner.getByRole('button', { name: 'Week grid' }));
  }
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await smallControls(planner.locator('ion-button, select'))).toEqual([]);
  await planner.getByTestId('shift').filter({ hasText: ana.name }).scrollIntoViewIfNeeded();
  await shot(page, 'phone-days');

  await planner.getByRole('button', { name: 'Week grid' }).click();
  const grid = planner.getByTestId('week-grid');
  await expect(grid).toBeVisible();
  await expect(grid.locator(`tr[data-row="${ana.userId}"]`).getByTestId('grid-shift')).toContainText(
    'Cellar',
  );
  // The grid scrolls sideways inside its card; the page itself does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await grid.locator(`tr[data-row="${ana.userId}"]`).scrollIntoViewIfNeeded();
  await shot(page, 'phone-grid');
  await planner.getByRole('button', { name: 'Day by day' }).click();
  await expect(grid).toHaveCount(0);
  await expect(planner.getByRole('button', { name: 'This week' })).toBeVisible();
  await planner.getByRole('button', { name: 'This week' }).click();
  await expect(planner.getByRole('heading', { name: /^Week of / })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`week=${week}`));
});
