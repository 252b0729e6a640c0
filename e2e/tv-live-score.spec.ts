/**
 * A paired TV in the pub hears a live score over its own live stream: its timed refetch is put off,
 * so only the stream can bring the score. On a server of its own, whose clock the test moves into a
 * round's first match: no demo round's feed (one per process) writes over the score an admin enters.
 */
import type { CompetitionList, CompetitionLive, SeasonList } from '@lastman/api';
import { apiClient } from './support/api-client.ts';
import { type ClockServer, clockServerURL, startClockServer } from './support/clock-servers.ts';
import { expect, test } from './support/fixtures.ts';

const baseURL = clockServerURL(141);
test.use({ baseURL });
// The screen asks GET /api/screens/current first: 404 is its answer until the device is a screen.
test.use({ allowHttpErrors: true });

let server: ClockServer | null = null;
test.afterAll(() => {
  server?.stop();
});

test('a paired TV shows a live score by its own live stream, its timed refetch put off', async ({ page }) => {
  test.skip(
    test.info().project.name !== 'desktop',
    'a TV is one size, and one server of its own per run: the desktop project runs it',
  );
  // Its own server starts (migrations, the demo seeded) before the test proper: minutes on a busy machine.
  test.setTimeout(420_000);
  server = await startClockServer(baseURL, 'tv-live');
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

    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/c/red-lion/screen?refresh=600000&motion=off');
    const code = page.locator('[data-pairing-code]');
    await expect(code).toHaveAttribute('data-pairing-code', /^[A-HJ-NP-Z2-9]{6}$/);
    await admin.send('POST', '/api/admin/screens/pair', {
      code: (await code.getAttribute('data-pairing-code')) as string,
      name: 'The bar TV',
    });
    await expect(page.getByTestId('tv-board')).toBeVisible();
    const score = page.locator(`[data-fixture="${fixture.fixtureId}"] .tv-score`);
    await expect(score).toBeVisible();
    await expect(score).not.toHaveText('90 – 80');

    const sent = Date.now();
    await admin.send('PUT', `/api/admin/fixtures/${fixture.fixtureId}/live-score`, {
      home: 90,
      away: 80,
      minute: 10,
    });
    await expect(score).toHaveText('90 – 80');
    console.info(`live score saved -> shown on the TV, ms: ${Date.now() - sent}`);
  } finally {
    await admin.dispose();
  }
});
