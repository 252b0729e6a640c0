/**
 * A regular without the app pays cash at the bar: the admin enters them by name only, with the till
 * reference, and picks for their entry. The admin screen says picks show after the deadline.
 */
import type { SeasonList } from '@lastman/api';
import { createCompetition, openForEntries } from '../apps/server/test/support/world-api.ts';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logIn, test } from './support/fixtures.ts';
import { smallControls } from './support/layout.ts';

test('the admin enters a regular by name only with the till reference, and picks for their entry', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL');
  test.setTimeout(180_000);
  const project = test.info().project.name;
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  const { seasons } = await admin.get<SeasonList>('/api/seasons');
  const season = seasons.find((s) => s.demo);
  if (!season) throw new Error('no demo season');
  const name = `Regulars Cup ${project} ${Date.now().toString(36)}`;
  const competitionId = await createCompetition(admin.session, {
    name,
    seasonId: season.id,
    startRound: season.rounds.at(-1)?.round ?? 38,
    prizeModel: 'pool',
    entryFeePence: 500,
    maxEntriesPerPlayer: 2,
  });
  await openForEntries(admin.session, competitionId);
  await admin.dispose();

  await logIn(page, 'admin@redlion.test');
  await page.goto('/admin');
  const screen = activePage(page);
  const card = screen.locator(`[data-admin-competition="${name}"]`);
  await card.locator('ion-button', { hasText: 'Manage' }).click();
  const panel = card.getByTestId('entries-admin');
  await expect(panel.getByTestId('picks-after-deadline')).toHaveText(
    'Picks show after the deadline, for everyone, admins included.',
  );

  await panel.locator('ion-button', { hasText: 'Record a cash entry' }).click();
  const form = panel.locator('form[aria-label="Record a cash entry"]');
  await form.getByLabel('Someone without the app (name only)').check();
  await form.getByLabel('Their name').fill('Old Tom');
  const submit = form.locator('ion-button[type="submit"]');
  // Paid entries are for adults: the form waits for the confirmation.
  await expect(submit).toHaveAttribute('disabled');
  await form.getByLabel('They are 18 or over').check();
  await form.getByLabel('Till reference (optional)').fill('Till 0042');
  await expect(form).toContainText('£5.00 paid in cash');
  expect(await smallControls(form.locator('ion-button, .check-field'))).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`name-only-form-${project}.png`), fullPage: false });
  await submit.click();

  const row = panel.locator('tbody tr[data-entry]').filter({ hasText: 'Old Tom' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Name only');
  await expect(row).toContainText('Till ref: Till 0042');
  await expect(row).toContainText('Cash');

  // The admin picks for Tom's entry, in the round open for picks.
  await row.locator('ion-button', { hasText: 'Pick for this entry' }).click();
  const pick = panel.locator('form[aria-label="Pick for Old Tom"]');
  const team = pick.getByLabel(/Team for round \d+/);
  const first = await team.locator('option:not([value=""]):not([disabled])').first().textContent();
  if (!first) throw new Error('no team to pick');
  await team.selectOption({ label: first });
  await pick.locator('ion-button[type="submit"]').click();
  await expect(pick).toHaveCount(0);
  await expect(row).toContainText(new RegExp(`R\\d+ ${first.trim()}`));

  if (project === 'phone') {
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await row.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({
        path: test.info().outputPath(`name-only-entry-${width}.png`),
        fullPage: false,
      });
    }
  } else {
    await page.screenshot({ path: test.info().outputPath('name-only-entry-desktop.png'), fullPage: false });
  }
});
