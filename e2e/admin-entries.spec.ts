/** Who is in a competition: the admin records a cash entry, searches the entries, knocks one out and back in. */
import type { SeasonList } from '@lastman/api';
import { createCompetition, openForEntries } from '../apps/server/test/support/world-api.ts';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logIn, test, waitForMail } from './support/fixtures.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test('the Manage screen lists entries, records a cash entry, knocks one out and reinstates it', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL');
  // Many steps through the admin screens: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  const { seasons } = await admin.get<SeasonList>('/api/seasons');
  const season = seasons.find((s) => s.demo);
  if (!season) throw new Error('no demo season');
  const name = `Bar Cup ${test.info().project.name} ${Date.now().toString(36)}`;
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
  await expect(panel).toContainText('No entries yet.');

  // Robin paid £10 at the bar for two entries.
  await panel.locator('ion-button', { hasText: 'Record a cash entry' }).click();
  const form = panel.locator('form[aria-label="Record a cash entry"]');
  await form.getByLabel('Member').selectOption({ label: 'Robin Goal (player4@redlion.test)' });
  await form.getByLabel('Entries').fill('2');
  await expect(form).toContainText('£10.00 paid in cash');
  await form.getByLabel('Till reference (optional)').fill('Till 118');
  await form.locator('ion-button[type="submit"]').click();
  const rows = panel.locator('tbody tr[data-entry]');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Robin Goal (1)');
  await expect(rows.first()).toContainText('Cash');
  await expect(rows.first()).toContainText('Till ref: Till 118');

  await panel.getByLabel('Player').fill('nobody-here');
  await panel.locator('ion-button', { hasText: 'Search' }).click();
  await expect(panel).toContainText('No entries match.');
  await panel.getByLabel('Player').fill('robin');
  await panel.locator('ion-button', { hasText: 'Search' }).click();
  await expect(rows).toHaveCount(2);

  // Knock entry 2 out with a reason; it says so, and comes back with Reinstate.
  const second = rows.nth(1);
  await second.locator('ion-button', { hasText: 'Knock out' }).click();
  const knock = panel.locator('form[aria-label="Knock out Robin Goal (2)"]');
  await knock.getByLabel(/Why is Robin Goal \(2\) knocked out/).fill('Abusive to bar staff');
  await knock.locator('ion-button[type="submit"]').click();
  await expect(second).toContainText(/Removed by the club from round \d+: Abusive to bar staff/);
  await page.screenshot({ path: test.info().outputPath('entries-knocked-out.png'), fullPage: false });
  await second.locator('ion-button', { hasText: 'Reinstate' }).click();
  await expect(second).toContainText('In');
  await expect(second).not.toContainText('Removed by the club');

  // Open, its words still change: the description shows on the players' card.
  await card.locator('ion-button', { hasText: 'Edit name and description' }).click();
  const words = card.locator('form[aria-label="Edit name and description"]');
  await words.getByLabel('Description (optional)').fill('Winner buys the first round.');
  await words.locator('ion-button[type="submit"]').click();
  await expect(words).toHaveCount(0);
  await page.goto('/game');
  // The game screen loads every competition of the club: slow on a busy machine.
  await expect(activePage(page).locator(`[data-competition="${name}"]`)).toContainText(
    'Winner buys the first round.',
    { timeout: 30_000 },
  );

  // The cash order is listed as cash with its short number; refund one entry, and the rest is offered.
  await page.goto('/admin');
  await page.locator('.admin-tabs [data-tab="orders"]').click();
  const order = activePage(page).locator('[data-admin-order]', { hasText: name });
  await expect(order).toContainText(/order [0-9A-F]{8} · cash/);
  await order.locator('ion-button', { hasText: 'Refund entry 1' }).click();
  await expect(page.locator('ion-alert')).toContainText('in cash, over the bar');
  // The reason typed is the one the player's refund email gives.
  await page.getByLabel('Reason for the refund').fill('Entered twice by mistake');
  await page.locator('ion-alert button', { hasText: /^Refund$/ }).click();
  await expect(order.locator('ion-button', { hasText: 'Refund the rest' })).toContainText('£5.00 left');
  const mail = await waitForMail('player4@redlion.test', new RegExp(`^Refund: ${name}$`));
  expect(mail.text).toContain('Reason: Entered twice by mistake');
  await page.screenshot({ path: test.info().outputPath('orders-refund-left.png') });
});

test('a knocked-out paid entry is refunded with the knock-out, or later with its own Refund button; the player is told why', async ({
  page,
  browser,
  baseURL,
}, info) => {
  if (!baseURL) throw new Error('baseURL');
  // Once, at phone sizes (360 and 390 px): it makes its own competition and entries.
  test.skip(info.project.name !== 'phone', 'runs once, at 360 and 390 px');
  test.setTimeout(180_000);
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  const { seasons } = await admin.get<SeasonList>('/api/seasons');
  const season = seasons.find((s) => s.demo);
  if (!season) throw new Error('no demo season');
  const stamp = Date.now().toString(36);
  const name = `Refund Cup ${stamp}`;
  const compId = await createCompetition(admin.session, {
    name,
    seasonId: season.id,
    startRound: season.rounds.at(-1)?.round ?? 38,
    prizeModel: 'pool',
    entryFeePence: 500,
    maxEntriesPerPlayer: 3,
  });
  await openForEntries(admin.session, compId);
  const members = await admin.get<{ members: { id: string; email: string }[] }>('/api/admin/members');
  const robin = members.members.find((m) => m.email === 'player4@redlion.test');
  if (!robin) throw new Error('no Robin');
  await admin.send('POST', `/api/admin/competitions/${compId}/cash-entries`, {
    userId: robin.id,
    entries: 3,
  });
  await admin.dispose();

  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, 'admin@redlion.test');
  await page.goto('/admin');
  const card = activePage(page).locator(`[data-admin-competition="${name}"]`);
  await card.locator('ion-button', { hasText: 'Manage' }).click();
  const panel = card.getByTestId('entries-admin');
  const rows = panel.locator('tbody tr[data-entry]');
  await expect(rows).toHaveCount(3);

  // Entry 1: knocked out with the refund ticked in the same dialog.
  await rows.nth(0).locator('ion-button', { hasText: 'Knock out' }).click();
  const knock = panel.locator('form[aria-label="Knock out Robin Goal (1)"]');
  await knock.getByLabel(/Why is Robin Goal \(1\) knocked out/).fill(`Shared his account ${stamp}`);
  await knock.getByLabel('Refund £5.00 to the player').check();
  await page.screenshot({ path: info.outputPath('knock-out-refund-360.png') });
  await knock.locator('ion-button[type="submit"]').click();
  await expect(page.getByText(/knocked out from round \d+\. £5\.00 refunded\./)).toBeVisible();
  await expect(rows.nth(0)).toContainText('Refunded');

  // Entry 2: knocked out without it; its Refund button stays, and refunds it.
  await rows.nth(1).locator('ion-button', { hasText: 'Knock out' }).click();
  // Numbered among the entries still in the game: a refunded one no longer counts.
  const knock2 = panel.locator('form[aria-label^="Knock out Robin Goal"]');
  await knock2.getByLabel(/Why is Robin Goal.* knocked out/).fill(`Abusive to bar staff ${stamp}`);
  await knock2.locator('ion-button[type="submit"]').click();
  await expect(rows.nth(1)).toContainText(/Removed by the club from round \d+/);
  await page.setViewportSize({ width: 390, height: 844 });
  const refund = rows.nth(1).locator('ion-button', { hasText: 'Refund £5.00' });
  await expect(refund).toBeVisible();
  await page.screenshot({ path: info.outputPath('knocked-out-refund-button-390.png') });
  await refund.click();
  await expect(page.locator('ion-alert')).toContainText('in cash, over the bar');
  await page.locator('ion-alert button', { hasText: /^Refund$/ }).click();
  await expect(rows.nth(1)).toContainText('Refunded');
  await expect(rows.nth(1).locator('ion-button', { hasText: 'Refund £5.00' })).toHaveCount(0);

  // Entry 3 stays knocked out: the orders list still offers its refund.
  await rows.nth(2).locator('ion-button', { hasText: 'Knock out' }).click();
  // Numbered among the entries still in the game: a refunded one no longer counts.
  const knock3 = panel.locator('form[aria-label^="Knock out Robin Goal"]');
  await knock3.getByLabel(/Why is Robin Goal.* knocked out/).fill(`Left the club ${stamp}`);
  await knock3.locator('ion-button[type="submit"]').click();
  await expect(rows.nth(2)).toContainText(/Removed by the club from round \d+/);
  await page.locator('.admin-tabs [data-tab="orders"]').click();
  const order = activePage(page).locator('[data-admin-order]', { hasText: name });
  await expect(order.locator('ion-button', { hasText: 'Refund the rest' })).toContainText('£5.00 left');

  // Robin hears of each knock-out, with the club's reason, in the notifications list.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const player = await context.newPage();
  await logIn(player, 'player4@redlion.test');
  await player.goto('/notification-list');
  const told = activePage(player).locator('[data-notification]', { hasText: `Shared his account ${stamp}` });
  await expect(told).toContainText(`${name}: entry #1 is out`);
  await expect(told).toContainText(
    `Your entry #1 was knocked out by the club: Shared his account ${stamp}. The club is refunding your £5.00.`,
  );
  await expect(
    activePage(player).locator('[data-notification]', { hasText: `Left the club ${stamp}` }),
  ).toBeVisible();
  await player.screenshot({ path: info.outputPath('knocked-out-notification-360.png') });
  await context.close();
});
