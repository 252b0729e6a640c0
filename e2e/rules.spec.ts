import type { SeasonList } from '@lastman/api';
import { createCompetition, openForEntries } from '../apps/server/test/support/world-api.ts';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logIn, test } from './support/fixtures.ts';

const HOUR = 3_600_000;

test('a visitor reads the general rules', async ({ page }) => {
  await page.goto('/rules');
  const content = activePage(page);
  await expect(content.getByRole('heading', { name: 'How Last Man Standing works' })).toBeVisible();
  await expect(content.getByText('Log in to see the rules of your club’s competitions.')).toBeVisible();
  await expect(content.locator('[data-competition-rules]')).toHaveCount(0);
});

test('a competition’s rules come from its own settings, linked from its card', async ({ page, baseURL }) => {
  const admin = await apiClient(baseURL ?? '', 'admin@redlion.test');
  const { seasons } = await admin.get<SeasonList>('/api/seasons');
  const season = seasons.find((s) => s.demo);
  if (!season) throw new Error('no demo season');
  const startRound =
    season.rounds.find((r) => !r.isVoid && Date.parse(r.firstKickoff) - 3 * HOUR > Date.now())?.round ?? 0;
  const name = `Draw Cup ${Date.now().toString(36)}${test.info().project.name}`;
  const id = await createCompetition(admin.session, {
    name,
    seasonId: season.id,
    startRound,
    prizeModel: 'pool',
    entryFeePence: 500,
    houseSharePercent: 10,
    maxEntriesPerPlayer: 2,
    minEntries: 3,
    deadlineMinutes: 90,
    rules: { draw: 'survive', missedPick: 'autoPick' },
  });
  await openForEntries(admin.session, id);
  try {
    await logIn(page, 'player3@redlion.test');
    const card = activePage(page).locator(`[data-competition="${name}"]`);
    await card.locator('ion-button', { hasText: 'Rules of this competition' }).click();
    await page.waitForURL(`**/rules?competition=${id}`);
    const rules = activePage(page).locator(`[data-competition-rules="${name}"]`);
    await expect(rules.getByRole('heading', { name: `Rules of ${name}` })).toBeVisible();
    await expect(rules.locator('[data-rule="draw"]')).toContainText(
      'A draw is enough: you are out only if your team loses.',
    );
    await expect(rules.locator('[data-rule="missedPick"]')).toContainText('We pick for you');
    await expect(rules.locator('[data-rule="reuse"]')).toContainText('only once per entry');
    await expect(rules.locator('[data-rule="deadline"]')).toContainText(
      'Picks lock 1 hour 30 minutes before the kick-off',
    );
    await expect(rules.locator('[data-rule="prize"]')).toContainText('less the club’s 10% share');
    await expect(rules.locator('[data-rule="entry"]')).toContainText('£5.00 an entry');
    await expect(rules.locator('[data-rule="entry"]')).toContainText('Up to 2 entries per player');
    await expect(rules.locator('[data-rule="minEntries"]')).toContainText(
      `If fewer than 3 entries are paid and confirmed when round ${startRound} locks`,
    );
    await expect(rules.locator('[data-rule="start"]')).toContainText(`Round ${startRound} of the`);
    // The general rules follow, for every competition.
    await expect(
      activePage(page).getByRole('heading', { name: 'How Last Man Standing works' }),
    ).toBeVisible();
  } finally {
    await admin.send('POST', `/api/admin/competitions/${id}/cancel`);
    await admin.dispose();
  }
});
