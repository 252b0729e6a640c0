/**
 * Match day on the game screen: the demo's sped-up round (a local stand-in of football-data.org) plays
 * live, the scores and who is still in change on screen without a reload, and a live score an admin
 * enters reaches the open screen over the tab's one event stream. Prints the time from the stand-in's
 * change to the browser showing it, and from the server learning an admin's score to the browser.
 */
import type { CompetitionList, CompetitionLive, DemoRoundStarted } from '@lastman/api';
import { apiClient } from './support/api-client.ts';
import { expect, logIn, test } from './support/fixtures.ts';
import { lastMinuteShown, recordLiveScores, standInLatencies, summary } from './support/live-latency.ts';

test('the game screen follows a live round at 360 px', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.addInitScript(recordLiveScores);
  await logIn(page, 'admin@redlion.test');
  await expect(page.getByTestId('live-panel').first()).toBeVisible();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/admin/live/demo-round'));
  await page.getByTestId('play-demo-round').click();
  const started = (await (await answer).json()) as DemoRoundStarted;
  // The demo round's own competition: other tests' competitions of the demo club have panels too.
  const panel = page.locator(`[data-testid="live-panel"][data-competition="${started.competitionId}"]`);
  // Kick-off: a score appears without a reload.
  await expect(panel.getByTestId('live-score').filter({ hasText: /\d–\d/ }).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByTestId('live-counts')).toContainText('as it stands');
  await page.screenshot({ path: 'test-results/game-live-360.png', fullPage: false });

  // The stand-in's minutes as they reach the screen (one process, its events in memory): time them.
  const listeningAt = Date.now();
  const from = await lastMinuteShown(page);
  await expect.poll(() => lastMinuteShown(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(from + 6);
  const fromStandIn = await standInLatencies(page, started, listeningAt);
  console.info(
    `stand-in change -> browser, one process (events in memory), ms: ${summary(fromStandIn.all)}; goals ${fromStandIn.goals.join(', ') || 'none'}`,
  );

  // An admin's live score (no feed token here) reaches the open screen: time it, five times.
  const admin = await apiClient(baseURL as string, 'admin@redlion.test');
  const list = await admin.get<CompetitionList>('/api/competitions');
  const running = list.competitions.find((c) => c.status === 'running');
  if (!running) throw new Error('no running competition');
  const live = await admin.get<CompetitionLive>(`/api/competitions/${running.id}/live`);
  const fixture = live.fixtures[0];
  if (!fixture) throw new Error('no fixture');
  const latencies: number[] = [];
  for (let i = 0; i < 5; i++) {
    const text = `${90 + i}–${80 + i}`;
    const seen = page.waitForFunction(
      ([id, want]) =>
        document.querySelector(`[data-fixture="${id}"] .live-score__goals`)?.textContent === want,
      [fixture.fixtureId, text] as const,
      { polling: 'raf', timeout: 20_000 },
    );
    const sent = Date.now();
    await admin.send('PUT', `/api/admin/fixtures/${fixture.fixtureId}/live-score`, {
      home: 90 + i,
      away: 80 + i,
      minute: 50,
    });
    await seen;
    latencies.push(Date.now() - sent);
  }
  console.info(`live score saved -> shown in the browser, ms: ${latencies.join(', ')}`);
  await admin.dispose();
});
