/**
 * A live score an admin enters by hand (no football feed) reaches the screens left open over their
 * live streams: a paired TV in the pub, whose timed refetch is put off so that only the stream can
 * bring it, and a phone on the game screen, timed five times. On a server of its own, whose clock the
 * test moves into a round's first match: no demo round's feed (one per process) writes over the score.
 */
import type { CompetitionList, CompetitionLive, SeasonList } from '@lastman/api';
import { apiClient } from './support/api-client.ts';
import { type ClockServer, clockServerURL, startClockServer } from './support/clock-servers.ts';
import { expect, logIn, test } from './support/fixtures.ts';

const baseURL = clockServerURL(141);
test.use({ baseURL });
// The screen asks GET /api/screens/current first: 404 is its answer until the device is a screen.
test.use({ allowHttpErrors: true });

let server: ClockServer | null = null;
test.afterAll(() => {
  server?.stop();
});

test("an admin's live score reaches a paired TV and a phone's open game screen over their live streams", async ({
  page,
  browser,
}) => {
  test.skip(
    test.info().project.name !== 'desktop',
    'one server of its own per run: the desktop project runs it',
  );
  // Its own server starts (migrations, the demo seeded) before the test proper: minutes on a busy machine.
  test.setTimeout(420_000);
  server = await startClockServer(baseURL, 'live-by-hand');
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  try {
    // Ten minutes into the demo competition's next round.
    const { seasons } = await admin.get<SeasonList>('/api/seasons');
    const season = seasons.find((s) => s.demo);
    const next = season?.rounds.find((r) => !r.isVoid && Date.parse(r.firstKickoff) > Date.now());
    if (!next) throw new Error('the demo season has no round to come');
    const kickedOff = Date.parse(next.firstKickoff) + 10 * 60_000;
    await server.setClock(kickedOff);
    const { competitions } = await admin.get<CompetitionList>('/api/competitions');
    const demo = competitions.find((c) => c.status === 'running' && c.seasonId === season?.id);
    if (!demo) throw new Error('the demo club has no running competition on the demo season');
    const live = await admin.get<CompetitionLive>(`/api/competitions/${demo.id}/live`);
    const fixture = live.fixtures.find((f) => Date.parse(f.kickoff) <= kickedOff);
    if (!fixture) throw new Error(`round ${live.round} has no match under way`);
    const enter = (home: number, away: number) =>
      admin.send('PUT', `/api/admin/fixtures/${fixture.fixtureId}/live-score`, { home, away, minute: 10 });

    // The TV in the pub, its timed refetch put off.
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/c/red-lion/screen?refresh=600000&motion=off');
    const code = page.locator('[data-pairing-code]');
    await expect(code).toHaveAttribute('data-pairing-code', /^[A-HJ-NP-Z2-9]{6}$/);
    await admin.send('POST', '/api/admin/screens/pair', {
      code: (await code.getAttribute('data-pairing-code')) as string,
      name: 'The bar TV',
    });
    await expect(page.getByTestId('tv-board')).toBeVisible();
    const tvScore = page.locator(`[data-fixture="${fixture.fixtureId}"] .tv-score`);
    await expect(tvScore).toBeVisible();
    await expect(tvScore).not.toHaveText('90 – 80');
    const sent = Date.now();
    await enter(90, 80);
    await expect(tvScore).toHaveText('90 – 80');
    console.info(`live score saved -> shown on the TV, ms: ${Date.now() - sent}`);

    // A phone left open on the game screen, at 360 px.
    const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const game = await phone.newPage();
    await logIn(game, 'admin@redlion.test');
    const panel = game.locator(`[data-testid="live-panel"][data-competition="${demo.id}"]`);
    await expect(panel.locator(`[data-fixture="${fixture.fixtureId}"] .live-score__goals`)).toHaveText(
      '90–80',
    );
    const latencies: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const seen = game.waitForFunction(
        ([id, want]) =>
          document.querySelector(`[data-fixture="${id}"] .live-score__goals`)?.textContent === want,
        [fixture.fixtureId, `${90 + i}–${80 + i}`] as const,
        { polling: 'raf' },
      );
      const at = Date.now();
      await enter(90 + i, 80 + i);
      await seen;
      latencies.push(Date.now() - at);
    }
    console.info(`live score saved -> shown on the phone's game screen, ms: ${latencies.join(', ')}`);
    await phone.close();
  } finally {
    await admin.dispose();
  }
});
