/** The admin's list of competitions: ended ones tucked away, and a cancelled form leaves no error behind. */
import { createCompetition, demoSeason, expectStatus } from '../apps/server/test/support/world-api.ts';
import { activePage, expect, pageSession, startClubByApi, test } from './support/fixtures.ts';

test.use({ viewport: { width: 1440, height: 900 }, allowHttpErrors: true });

test('finished and cancelled competitions can be hidden; cancelling the form clears its error', async ({
  page,
}) => {
  // A club of its own: the demo club's list grows with every test that adds a competition to it.
  await startClubByApi(page, 'Called Off Arms');
  const admin = pageSession(page);
  const season = await demoSeason(admin);
  const name = 'Called Off Cup';
  const competitionId = await createCompetition(admin, {
    name,
    seasonId: season.id,
    startRound: season.rounds.at(-1)?.round ?? 38,
    prizeModel: 'free',
  });
  expectStatus(await admin.post(`/api/admin/competitions/${competitionId}/cancel`), 'cancel');
  await createCompetition(admin, {
    name: 'Still On Cup',
    seasonId: season.id,
    startRound: season.rounds.at(-1)?.round ?? 38,
    prizeModel: 'free',
  });

  await page.goto('/admin');
  const screen = activePage(page);
  const cancelled = screen.locator(`[data-admin-competition="${name}"]`);
  const showEnded = screen.getByLabel(/^Show finished and cancelled competitions/);
  await expect(showEnded).not.toBeChecked();
  await expect(cancelled).toHaveCount(0);
  await showEnded.check();
  await expect(cancelled).toContainText('Cancelled');
  await showEnded.uncheck();
  await expect(cancelled).toHaveCount(0);

  // A name the server refuses (over 100 characters) shows its error; Cancel, then New: no error.
  await screen.locator('ion-button', { hasText: 'New competition' }).click();
  await screen.locator('input[name="name"]').fill('x'.repeat(101));
  await screen.locator('form[aria-label="Create competition"] ion-button[type="submit"]').click();
  const error = screen.locator('form[aria-label="Create competition"] [role="alert"]');
  await expect(error).toContainText('name');
  await screen.locator('form[aria-label="Create competition"] ion-button', { hasText: 'Cancel' }).click();
  await screen.locator('ion-button', { hasText: 'New competition' }).click();
  await expect(screen.locator('form[aria-label="Create competition"]')).toBeVisible();
  await expect(error).toHaveCount(0);
});
