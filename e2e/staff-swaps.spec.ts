import type { Page } from '@playwright/test';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logInByApi, test } from './support/fixtures.ts';
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
async function shots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
  if (test.info().project.name !== 'phone') return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function logInAs(page: Page, email: string) {
  await page.context().clearCookies();
  await logInByApi(page, email, 'swap-password');
}

test('a staff member gives a shift to anyone; a colleague takes it under Swaps and the admin approves it there', async ({
  page,
  baseURL,
}) => {
  const phone = test.info().project.name === 'phone';
  const week = mondayAhead(phone ? 25 : 27);
  const taker = await newStaff(page, baseURL as string, 'Tia');
  const busy = await newStaff(page, baseURL as string, 'Wes');
  const giver = await newStaff(page, baseURL as string, 'Gus');
  const admin = await apiClient(baseURL as string, 'admin@redlion.test');
  const tuesday = new Date(Date.parse(`${week}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await admin.send('POST', '/api/admin/shifts', {
    userId: giver.userId,
    startsAt: `${tuesday}T11:00:00Z`,
    endsAt: `${tuesday}T15:00:00Z`,
    position: 'Kitchen',
    breakMinutes: 0,
  });
  // Wes works the bar at the same time: he cannot take the kitchen shift as well.
  await admin.send('POST', '/api/admin/shifts', {
    userId: busy.userId,
    startsAt: `${tuesday}T12:00:00Z`,
    endsAt: `${tuesday}T14:00:00Z`,
    position: 'Bar',
    breakMinutes: 0,
  });
  await admin.send('POST', '/api/admin/rota/publish', { week });
  await admin.dispose();

  // The giver offers it to anyone.
  await logInAs(page, giver.email);
  await page.goto('/staffschedules?view=mine');
  const mine = activePage(page);
  const line = mine.getByTestId('shift').filter({ hasText: 'Kitchen' });
  await line.getByRole('button', { name: 'Swap or give away' }).click();
  const form = mine.locator('form.rota-swap-form');
  // Someone already working then is not offered it, rather than offered and refused at approval.
  await expect(
    form.getByLabel('Colleague').locator('option', { hasText: `${busy.name} (working then)` }),
  ).toBeDisabled();
  await form.getByLabel('Colleague').selectOption({ label: 'Anyone on the staff (give it away)' });
  await expect(form).toContainText('the first to take it has it once a manager approves');
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(line.getByTestId('shift-swap-state')).toHaveText(
    'Offered to anyone: waiting for someone to take it.',
  );

  // A colleague finds it under Swaps and takes it.
  await logInAs(page, taker.email);
  await page.goto('/staffschedules?view=mine');
  await expect(activePage(page).getByTestId('swaps-waiting')).toContainText(
    '1 shift offered to you or to anyone',
  );
  await activePage(page).getByRole('button', { name: 'Open Swaps' }).click();
  const swaps = activePage(page);
  const given = swaps
    .getByRole('region', { name: 'Shifts given away' })
    .getByTestId('swap')
    .filter({ hasText: `${giver.name} → anyone` });
  await expect(given).toContainText('Kitchen');
  await expectInside(swaps.locator('.rota-shift__main > *'), '.card');
  expect(await smallControls(swaps.locator('ion-button'))).toEqual([]);
  await shots(page, 'given-away');
  await given.getByRole('button', { name: 'Take it' }).click();
  const yours = swaps.getByRole('region', { name: 'Your swaps' }).getByTestId('swap');
  await expect(yours.filter({ hasText: `${giver.name} → ${taker.name}` })).toContainText(
    'Accepted, waiting for a manager',
  );

  // The admin approves it under Swaps: the shift is the taker's.
  await page.context().clearCookies();
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/staffschedules?view=swaps');
  const manager = activePage(page);
  const toApprove = manager
    .getByRole('region', { name: 'Swaps to approve' })
    .getByTestId('swap')
    .filter({ hasText: `${giver.name} → ${taker.name}` });
  await expect(toApprove).toContainText('Kitchen');
  await shots(page, 'swaps-admin');
  await toApprove.getByRole('button', { name: 'Approve' }).click();
  await expect(toApprove).toHaveCount(0);
  await expect(
    manager
      .getByRole('region', { name: 'Other swaps in the club' })
      .getByTestId('swap')
      .filter({
        hasText: `${giver.name} → ${taker.name}`,
      }),
  ).toContainText('Approved: the rota has changed');

  await logInAs(page, taker.email);
  await page.goto('/staffschedules?view=mine');
  await expect(activePage(page).getByTestId('shift').filter({ hasText: 'Kitchen' })).toHaveCount(1);
});
