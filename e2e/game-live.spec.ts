/**
 * Match day on the game screen: the demo's sped-up round (a local stand-in of football-data.org) plays
 * live, and the scores and who is still in change on screen without a reload. Prints the time from
 * the stand-in's change to the browser showing it. (A score an admin enters is timed on a server of
 * its own, in live-score-by-hand.spec.ts: here the demo's feed would write over it.)
 */
import type { DemoRoundStarted } from '@lastman/api';
import { expect, logIn, test } from './support/fixtures.ts';
import { lastMinuteShown, recordLiveScores, standInLatencies, summary } from './support/live-latency.ts';

test('the game screen follows a live round at 360 px', async ({ page }) => {
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
});
