/**
 * The game from end to end, on a server whose clock the test moves (e2e/support/clock-server.ts):
 * the production server's clock is the system's and cannot be moved, so this test forks a second
 * server, built with the test clock, on the demo club's live season (2024-25 re-dated around today).
 */
import type { CompetitionDetail, RoundFixtures, SeasonList, SeasonRound } from '@lastman/api';
import { createCompetition, openForEntries } from '../apps/server/test/support/world-api.ts';
import { type ApiClient, apiClient } from './support/api-client.ts';
import { type ClockServer, clockServerURL, startClockServer } from './support/clock-servers.ts';
import { activePage, expect, logIn, test } from './support/fixtures.ts';

// The clock server's own port (see e2e/support/clock-servers.ts).
const baseURL = clockServerURL(101);
test.use({ baseURL });

let server: ClockServer | null = null;
const setClock = (to: number) => {
  if (!server) throw new Error('no server');
  return server.setClock(to);
};

test.afterAll(() => {
  server?.stop();
});

const HOUR = 3_600_000;

test('a player joins a free competition, picks, sees the result, then a rollover', async ({
  page,
  browser,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'one clock server per run: the desktop project runs it');
  test.setTimeout(420_000);
  server = await startClockServer(baseURL, 'clock');
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  const player2 = await apiClient(baseURL, 'player2@redlion.test');
  const clients: ApiClient[] = [admin, player2];
  try {
    const { seasons } = await admin.get<SeasonList>('/api/seasons');
    const season = seasons.find((s) => s.demo);
    if (!season) throw new Error('no demo season');
    const now = Date.now();
    const playable = season.rounds.filter((r) => !r.isVoid && Date.parse(r.firstKickoff) - 2 * HOUR > now);
    const startRound = playable[0]?.round ?? 0;
    const name = `E2E Cup ${Date.now().toString(36)}`;
    const id = await createCompetition(admin.session, {
      name,
      seasonId: season.id,
      startRound,
      prizeModel: 'free',
      prizePence: 2000,
      maxEntriesPerPlayer: 1,
      minEntries: 2,
    });
    await openForEntries(admin.session, id);
    const card = () => activePage(page).locator(`[data-competition="${name}"]`);
    // The demo season replays 2024-25 with its real results revealed by the clock. The real season
    // (imported with results) tells which teams won or lost each round, so the scenario is certain.
    const real = seasons.find((s) => !s.demo && s.key === 'premier-league-2024-25');
    if (!real) throw new Error('no real 2024-25 season');
    const teamsWho = async (round: number, outcome: 'won' | 'lost') => {
      const r = await admin.get<SeasonRound>(`/api/seasons/${real.id}/rounds/${round}`);
      return r.fixtures.flatMap((f) => {
        if (f.rescheduledOut || f.homeScore === null || f.awayScore === null || f.homeScore === f.awayScore)
          return [];
        const homeWon = f.homeScore > f.awayScore;
        return [
          outcome === 'won' ? (homeWon ? f.home.name : f.away.name) : homeWon ? f.away.name : f.home.name,
        ];
      });
    };
    const log = (msg: string) => console.log(`${new Date().toISOString()} ${msg}`);

    const round1 = startRound;
    let t1 = '';
    await test.step('player 1 joins in the browser and picks a team', async () => {
      await logIn(page, 'player1@redlion.test');
      await card().getByRole('button', { name: 'Join (free)' }).click();
      await expect(card().locator('[data-entry="1"]')).toContainText('Still in');
      await card()
        .getByRole('link', { name: 'Pick a team' })
        .or(card().locator('ion-button', { hasText: 'Pick a team' }))
        .first()
        .click();
      await page.waitForURL('**/teamselections?**');
      t1 = (await teamsWho(round1, 'won'))[0] ?? '';
      const team = activePage(page).locator(`button.team[data-team="${t1}"]`);
      await team.click();
      await expect(team).toHaveAttribute('aria-pressed', 'true');
      await activePage(page)
        .locator('ion-button', { hasText: `Confirm ${t1}` })
        .click();
      await expect(activePage(page).locator('ion-button', { hasText: `${t1} is your pick` })).toBeVisible();
    });

    // Player 2 joins and picks through the API: the home team of another fixture.
    const entry2 = await player2.send<{ id: string }>('POST', `/api/competitions/${id}/entries`);
    const r1 = await player2.get<RoundFixtures>(`/api/competitions/${id}/rounds/${round1}/fixtures`);
    const counted1 = r1.fixtures.filter((f) => !f.rescheduledOut);
    const f1 = counted1.find((f) => f.home.name === t1 || f.away.name === t1);
    const winners1 = await teamsWho(round1, 'won');
    const f2 = counted1.find((f) => f !== f1 && winners1.includes(f.home.name));
    if (!f1 || !f2) throw new Error('round has too few fixtures');
    await player2.send('PUT', `/api/entries/${entry2.id}/picks/${round1}`, { teamId: f2.home.id });
    log('picks made');

    const detail = await admin.get<CompetitionDetail>(`/api/competitions/${id}`);
    const roundInfo = (r: number) => detail.rounds.find((x) => x.round === r);
    const after1 = Date.parse(roundInfo(round1)?.lastKickoff ?? '') + 3 * HOUR;
    const round2 = detail.rounds.find((r) => r.round > round1 && !r.isVoid)?.round ?? 0;
    expect(Date.parse(roundInfo(round2)?.deadline ?? '')).toBeGreaterThan(after1);

    await test.step('the round is played; the admin enters its results', async () => {
      await setClock(after1);
      log('clock moved past round one');
      const played = await admin.get<SeasonRound>(`/api/seasons/${season.id}/rounds/${round1}`);
      const score = (fid: string) => played.fixtures.find((f) => f.id === fid);
      // Player 1's team wins, entered in the admin screen.
      const s1 = score(f1.id);
      const t1Home = f1.home.name === t1;
      const base1 = Math.max(s1?.homeScore ?? 0, s1?.awayScore ?? 0) + 2;
      const adminContext = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
      const adminPage = await adminContext.newPage();
      await logIn(adminPage, 'admin@redlion.test');
      await adminPage.goto('/admin');
      await adminPage.locator('.admin-tabs [data-tab="results"]').click();
      await adminPage.locator('#results-round').selectOption(String(round1));
      const row = adminPage.locator(`[data-result="${f1.home.name} v ${f1.away.name}"]`);
      await row.locator('select').selectOption('finished');
      await row.getByLabel(`${f1.home.name} goals`).fill(String(t1Home ? base1 : 0));
      await row.getByLabel(`${f1.away.name} goals`).fill(String(t1Home ? 0 : base1));
      await row.locator('ion-button', { hasText: 'Save' }).click();
      // Saving first says what the result would do, and asks to confirm.
      await expect(row.getByRole('group', { name: /^Confirm / })).toContainText(
        /This knocks out \d+ (entry|entries), brings back \d+\./,
      );
      await row.locator('ion-button', { hasText: 'Save result' }).click();
      await expect(adminPage.locator('ion-toast')).toContainText('Saved');
      await adminContext.close();
    });

    await test.step('player 1 sees the outcome', async () => {
      await page.goto('/app/tabs/game');
      const last = card().locator('[data-testid="last-round"]');
      await expect(last).toContainText(`Round ${round1} result`);
      await expect(last).toContainText(`${t1} came through: still in`);
      await expect(card().locator('[data-entry="1"]')).toContainText('Still in');
      await expect(card().locator('[data-testid="entries-remaining"]')).toContainText('2');
    });

    await test.step('round two: everyone loses, and the rollover keeps them in', async () => {
      const me1 = await admin.get<CompetitionDetail>(`/api/competitions/${id}`);
      const r2 = await player2.get<RoundFixtures>(`/api/competitions/${id}/rounds/${round2}/fixtures`);
      const used = new Set([t1, f2.home.name]);
      const losers = (await teamsWho(round2, 'lost')).filter((t) => !used.has(t));
      const teamIn = (name: string) =>
        r2.fixtures.flatMap((f) => [f.home, f.away]).find((t) => t.name === name);
      const g1 = teamIn(losers[0] ?? '');
      const g2 = teamIn(losers[1] ?? '');
      if (!g1 || !g2) throw new Error('round two has too few losers');
      const player1 = await apiClient(baseURL, 'player1@redlion.test');
      clients.push(player1);
      const mine = await player1.get<CompetitionDetail>(`/api/competitions/${id}`);
      const entry1 = mine.myEntries[0]?.id ?? '';
      expect(me1.standings).toHaveLength(2);
      await player1.send('PUT', `/api/entries/${entry1}/picks/${round2}`, { teamId: g1.id });
      await player2.send('PUT', `/api/entries/${entry2.id}/picks/${round2}`, { teamId: g2.id });
      const after2 = Date.parse(detail.rounds.find((r) => r.round === round2)?.lastKickoff ?? '') + 3 * HOUR;
      // The demo season reveals each real result once its re-dated match has ended: both teams lost.
      await setClock(after2);
      await page.goto('/app/tabs/game');
      const last = card().locator('[data-testid="last-round"]');
      await expect(last).toContainText(`Round ${round2} result`);
      await expect(last).toContainText('rollover');
      await expect(last).toContainText(
        `${g1.name} did not win: everyone left went out, so all are back in (rollover)`,
      );
      await expect(card().locator('[data-entry="1"]')).toContainText('Still in');
      await expect(card().locator('[data-testid="entries-remaining"]')).toContainText('2');
    });
  } finally {
    for (const c of clients) await c.dispose();
  }
});
