/** A player takes their pick back before the deadline, told first what the competition does with no pick. */
import {
  createCompetition,
  demoSeason,
  enter,
  expectStatus,
  openForEntries,
  pick,
  roundFixtures,
  signUp,
} from '../apps/server/test/support/world-api.ts';
import { activePage, expect, pageSession, startClubByApi, test, uniqueEmail } from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

const HOUR = 3_600_000;

test('at 360 px a player removes their pick before the deadline and the entry has no pick', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A club and competition of the test's own: a missed pick is picked for, and each entry has a life.
  const club = await startClubByApi(page, 'Second Thoughts');
  const admin = pageSession(page);
  const season = (await demoSeason(admin)) as unknown as {
    id: string;
    rounds: { round: number; isVoid: boolean; firstKickoff: string }[];
  };
  const round = season.rounds.find((r) => !r.isVoid && Date.parse(r.firstKickoff) - 3 * HOUR > Date.now());
  if (!round) throw new Error('no round of the demo season with its deadline ahead');
  const competitionId = await createCompetition(admin, {
    name: 'Change of Heart Cup',
    seasonId: season.id,
    startRound: round.round,
    prizeModel: 'free',
    rules: { missedPick: 'autoPick', lives: 1 },
  });
  await openForEntries(admin, competitionId);

  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    baseURL,
    serviceWorkers: 'block',
  });
  const player = await context.newPage();
  await player.request.get('/api/club');
  const session = pageSession(player);
  await signUp(session, {
    name: 'Polly Picker',
    email: uniqueEmail('unpick'),
    password: 'a pint of bitter',
    dateOfBirth: '1990-02-02',
    clubSlug: club.slug,
  });
  const entryId = await enter(session, competitionId);
  const fixtures = await roundFixtures(session, competitionId, round.round);
  const team = fixtures[0].home as { id: string; name: string };
  await pick(session, entryId, round.round, team.id);

  await player.goto(`/teamselections?competition=${competitionId}&round=${round.round}&entry=${entryId}`);
  const board = activePage(player);
  const mine = board.getByTestId('remove-pick');
  await expect(mine).toContainText(`Your pick: ${team.name}`);
  const button = mine.getByRole('button', { name: 'Remove my pick' });
  expect(await smallControls(mine.locator('ion-button'))).toEqual([]);
  await expectInside(mine.locator(':scope > span, :scope > ion-button'), '.card');
  await player.screenshot({ path: testInfo.outputPath('remove-pick-360.png') });

  // Keeping the pick changes nothing.
  await button.click();
  const alert = player.locator('ion-alert');
  await expect(alert).toContainText('Remove your pick?');
  await alert.getByRole('button', { name: 'Keep my pick' }).click();
  await expect(alert).toHaveCount(0);
  await expect(mine).toBeVisible();

  await button.click();
  await expect(alert.locator('.alert-sub-title')).toHaveText(`${team.name}, round ${round.round}`);
  await expect(alert).toContainText('This entry will have no pick until you choose again, before ');
  // The competition's own rule: a missed pick is picked for, and the entry's life is named.
  await expect(alert).toContainText(
    'No pick by the deadline: We pick for you: the first team in alphabetical order that plays in the round and you have not used. If there is none, the entry is out. With 1 life left, this entry loses a life instead of going out.',
  );
  expect(await smallControls(alert.locator('button'))).toEqual([]);
  await player.screenshot({ path: testInfo.outputPath('remove-pick-confirm-360.png') });
  await alert.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(player.locator('ion-toast.app-toast')).toContainText(
    `Pick removed: this entry has no pick for round ${round.round}.`,
  );
  await expect(mine).toHaveCount(0);
  await expect(board.locator('ion-button', { hasText: 'Choose a team' })).toBeVisible();
  const after = expectStatus(
    await session.get(`/api/competitions/${competitionId}/rounds/${round.round}/fixtures`),
    'fixtures after',
  ).json;
  expect(after.entries.find((e: { entryId: string }) => e.entryId === entryId).pick).toBeNull();
  await context.close();
});
