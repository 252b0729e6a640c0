/**
 * Buying back in, on a server whose clock the test moves (e2e/support/clock-server.ts): a player
 * knocked out in the first round buys the same entry back in with the test card, before the next
 * round's deadline, and is back in; the one entry left standing is not crowned meanwhile.
 */
import type { CompetitionDetail, OrderCreated, RoundFixtures, SeasonList, SeasonRound } from '@lastman/api';
import { createCompetition, enter, openForEntries, pick } from '../apps/server/test/support/world-api.ts';
import { type ApiClient, apiClient } from './support/api-client.ts';
import { type ClockServer, clockServerURL, startClockServer } from './support/clock-servers.ts';
import { activePage, expect, logIn, test } from './support/fixtures.ts';

// The clock server's own port, apart from game.spec.ts's.
const baseURL = clockServerURL(121);
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

test('a player knocked out buys the same entry back in with the test card', async ({ page }) => {
  // The knocked-out card and its offer are a phone's screen first.
  test.skip(test.info().project.name !== 'phone', 'one clock server per run: the phone project runs it');
  test.setTimeout(300_000);
  server = await startClockServer(baseURL, 'buyback');
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  const player1 = await apiClient(baseURL, 'player1@redlion.test');
  const player2 = await apiClient(baseURL, 'player2@redlion.test');
  const clients: ApiClient[] = [admin, player1, player2];
  try {
    const { seasons } = await admin.get<SeasonList>('/api/seasons');
    const season = seasons.find((s) => s.demo);
    const real = seasons.find((s) => !s.demo && s.key === 'premier-league-2024-25');
    if (!season || !real) throw new Error('no demo season');
    const round1 =
      season.rounds.find((r) => !r.isVoid && Date.parse(r.firstKickoff) - 2 * HOUR > Date.now())?.round ?? 0;
    const name = `Buy-back Cup ${Date.now().toString(36)}`;
    const id = await createCompetition(admin.session, {
      name,
      seasonId: season.id,
      startRound: round1,
      prizeModel: 'pool',
      entryFeePence: 500,
      houseSharePercent: 10,
      maxEntriesPerPlayer: 1,
      minEntries: 2,
      // The competition's own first round.
      buyBack: { untilRound: 1, pricePence: 250 },
    });
    await openForEntries(admin.session, id);

    // Each player buys an entry with the 4242 card and picks: player 1 a team that lost, player 2 one that won.
    const results = await admin.get<SeasonRound>(`/api/seasons/${real.id}/rounds/${round1}`);
    const decided = results.fixtures.filter(
      (f) => !f.rescheduledOut && f.homeScore !== null && f.awayScore !== null && f.homeScore !== f.awayScore,
    );
    const [lost, won] = decided;
    if (!lost || !won) throw new Error('round has too few decided matches');
    const loser = (lost.homeScore ?? 0) < (lost.awayScore ?? 0) ? lost.home.name : lost.away.name;
    const winner = (won.homeScore ?? 0) > (won.awayScore ?? 0) ? won.home.name : won.away.name;
    const fixtures = await player1.get<RoundFixtures>(`/api/competitions/${id}/rounds/${round1}/fixtures`);
    const teamId = (teamName: string) =>
      fixtures.fixtures.flatMap((f) => [f.home, f.away]).find((t) => t.name === teamName)?.id;
    for (const [client, team] of [
      [player1, loser],
      [player2, winner],
    ] as const) {
      const created = await client.send<OrderCreated>('POST', '/api/orders', {
        competitionId: id,
        entries: 1,
      });
      await client.send('POST', '/api/payments/test/confirm', {
        clientSecret: created.payment.clientSecret,
        cardNumber: '4242 4242 4242 4242',
      });
      const entryId = created.order.entries[0]?.id ?? '';
      await client.send('PUT', `/api/entries/${entryId}/picks/${round1}`, { teamId: teamId(team) });
    }

    // Beside it, a free competition with a life: player 1's losing pick there costs a life, not the entry.
    const lifeName = `Second Life Cup ${Date.now().toString(36)}`;
    const lifeId = await createCompetition(admin.session, {
      name: lifeName,
      seasonId: season.id,
      startRound: round1,
      prizeModel: 'free',
      maxEntriesPerPlayer: 1,
      rules: { lives: 1 },
    });
    await openForEntries(admin.session, lifeId);
    for (const [client, team] of [
      [player1, loser],
      [player2, winner],
    ] as const) {
      const entryId = await enter(client.session, lifeId);
      await pick(client.session, entryId, round1, teamId(team) ?? '');
    }

    const detail = await admin.get<CompetitionDetail>(`/api/competitions/${id}`);
    const first = detail.rounds.find((r) => r.round === round1);
    await setClock(Date.parse(first?.lastKickoff ?? '') + 3 * HOUR);
    const settled = await admin.get<CompetitionDetail>(`/api/competitions/${id}`);
    // One left standing, but player 1 may still buy back in: nobody is crowned yet.
    expect(settled.competition.status).toBe('running');
    expect(settled.rounds.find((r) => r.round === round1)?.state).toBe('settled');

    const card = () => activePage(page).locator(`[data-competition="${name}"]`);
    await test.step('a losing pick that cost a life reads "lost a life", in the pick history and the standings', async () => {
      await logIn(page, 'player1@redlion.test');
      const life = activePage(page).locator(`[data-competition="${lifeName}"]`);
      await expect(life.locator('[data-entry="1"]')).toContainText('Still in');
      await life.locator('ion-button', { hasText: 'Your picks' }).first().click();
      const row = life.getByTestId('pick-history').locator(`li[data-round="${round1}"]`);
      await expect(row).toContainText(loser);
      await expect(row.locator('.outcome')).toHaveText('lost a life');
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('lost-a-life-history-360.png') });
      await life.locator('ion-button', { hasText: 'Hide picks' }).click();
      await life.locator('ion-button', { hasText: 'Standings and picks' }).click();
      await life.locator('ion-segment-button', { hasText: 'Picks by round' }).click();
      const every = life.locator('details.pick-list');
      await every.locator('summary').click();
      const mine = every.locator('li', { hasText: loser });
      await expect(mine.locator('.outcome')).toHaveText('lost a life');
      await expect(every.locator('li', { hasText: winner }).locator('.outcome')).toHaveText('through');
      await page.context().clearCookies();
    });
    await test.step('at 360 px the knocked-out card keeps its pot and offer on screen', async () => {
      expect(page.viewportSize()?.width).toBe(360);
      // The walk-through's card: out after a result correction, its long label beside the offer. The
      // server's own answer, with the correction's words put on the entry the round knocked out.
      await page.route('**/api/game', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { competitions: CompetitionDetail[] };
        for (const d of body.competitions) {
          for (const e of d.myEntries) {
            if (e.status === 'eliminated' && e.eliminatedRound !== null) {
              e.outByCorrection = {
                round: e.eliminatedRound,
                result: 'Manchester City FC 2–0 Wolverhampton Wanderers FC',
              };
            }
          }
        }
        await route.fulfill({ response, json: body });
      });
      await logIn(page, 'player1@redlion.test');
      const entry = card().locator('[data-entry="1"]');
      await expect(entry.getByTestId('out-by-correction')).toBeVisible();
      await expect(entry.getByTestId('buy-back')).toBeVisible();
      const inside = async (selector: string) =>
        card()
          .locator(selector)
          .first()
          .evaluate((el) => {
            const box = el.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth;
          });
      for (const part of [
        '[data-testid="out-by-correction"]',
        '[data-testid="pot"]',
        '[data-testid="buy-back"]',
      ]) {
        expect(await inside(part), `${part} within the 360 px screen`).toBe(true);
      }
      const overflow = await card().evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, 'the card does not overflow sideways').toBeLessThanOrEqual(0);
      await entry.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('knocked-out-card-360.png') });
      await page.unroute('**/api/game');
      await page.context().clearCookies();
    });
    await test.step('player 1 sees the offer and pays for it with the test card', async () => {
      await logIn(page, 'player1@redlion.test');
      const entry = card().locator('[data-entry="1"]');
      await expect(entry.getByTestId('buy-back')).toBeVisible();
      await entry.getByLabel('I am 18 or over.').check();
      await entry.locator('ion-button', { hasText: 'Buy back in for £2.50' }).click();
      await page.waitForURL('**/stripe-web?order=*');
      const screen = activePage(page);
      await expect(screen.locator('.summary__total')).toHaveText('£2.50');
      await expect(screen.getByText('Test payments: no real money')).toBeVisible();
      await screen.locator('input[name="cardnumber"]').fill('4242 4242 4242 4242');
      await screen.locator('input[name="expiry"]').fill('12 / 34');
      await screen.locator('input[name="cvc"]').fill('123');
      await screen.locator('form[aria-label="Card payment"] ion-button[type="submit"]').click();
      await expect(screen.getByText('Your entry is back in')).toBeVisible();
    });

    await test.step('the entry is back in, and the pot holds the buy-back', async () => {
      await page.goto('/app/tabs/game');
      await expect(card().locator('[data-entry="1"]')).toContainText('Still in');
      await expect(card().getByTestId('buy-back')).toHaveCount(0);
      // floor((2 x £5.00 + £2.50) x 90%)
      await expect(card().locator('[data-testid="pot"]')).toHaveText('£11.25');
    });
  } finally {
    for (const c of clients) await c.dispose();
  }
});
