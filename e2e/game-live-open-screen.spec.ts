/**
 * Match day on a player's phone left open on the game screen: the round kicks off while
 * the screen shows "locks in ..." and the live panel appears without a reload, with scores and who is
 * still in; it stays through full time, turning into the round's result; the Matches tab shows the
 * score beside "LIVE". On a server of its own (the demo round is one per process), at 360 px.
 */
import type { DemoRoundStarted } from '@lastman/api';
import type { Page } from '@playwright/test';
import { apiClient } from './support/api-client.ts';
import { type ClockServer, clockServerURL, startClockServer } from './support/clock-servers.ts';
import { activePage, expect, logIn, test } from './support/fixtures.ts';

const baseURL = clockServerURL(131);
test.use({ baseURL });

let server: ClockServer | null = null;

/** One-word names shown on more than one line: broken inside the word. */
const brokenWords = (page: Page, selector: string) =>
  page.evaluate(
    (sel) =>
      Array.from(document.querySelectorAll(sel))
        .filter((el) => {
          if ((el.textContent ?? '').trim().includes(' ')) return false;
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size > 1;
        })
        .map((el) => el.textContent),
    selector,
  );
test.afterAll(() => {
  server?.stop();
});

test('the live panel appears on an open game screen at kick-off, without a reload, at 360 px', async ({
  page,
  context,
}) => {
  test.skip(test.info().project.name !== 'phone', 'one server of its own per run: the phone project runs it');
  // Its own server starts (migrations, the demo seeded) before the test proper: minutes on a busy machine.
  test.setTimeout(420_000);
  server = await startClockServer(baseURL, 'live-open');
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, 'player1@redlion.test');
  const card = activePage(page).locator('section.competition', { hasText: 'Last Man Standing (demo)' });
  await expect(card).toBeVisible();
  // Before kick-off: the round has not locked, and no live panel.
  await expect(card.getByTestId('live-panel')).toHaveCount(0);
  let reloads = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads++;
  });

  const admin = await apiClient(baseURL, 'admin@redlion.test');
  try {
    const started = await admin.send<DemoRoundStarted>('POST', '/api/admin/live/demo-round', {
      playSeconds: 45,
    });
    // Kick-off: the panel appears on the open screen with a score and who is still in.
    const panel = card.getByTestId('live-panel');
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel).toContainText(`Round ${started.round}`);
    await expect(panel.getByTestId('live-score').filter({ hasText: /\d–\d/ }).first()).toBeVisible({
      timeout: 20_000,
    });
    await expect(panel.getByTestId('live-counts')).toContainText('still in');
    await expect(panel.getByTestId('live-entry').first()).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('live-open-screen-360.png') });
    expect(await brokenWords(page, '.live-score__team'), 'names broken inside a word').toEqual([]);

    // The Matches tab, in a second tab of the same phone: the score beside "LIVE", not "LIVE" alone.
    const matches = await context.newPage();
    await matches.setViewportSize({ width: 360, height: 740 });
    await matches.goto('/app/tabs/matches');
    const liveScore = activePage(matches).getByTestId('live-fixture-score').first();
    await expect(liveScore).toHaveText(/^\d+–\d+$/, { timeout: 20_000 });
    await expect(activePage(matches).locator('.fixture__status--live').first()).toContainText('LIVE');
    await matches.screenshot({ path: test.info().outputPath('matches-live-360.png') });
    // One-word names are never broken inside the word ("Bournemo / uth") at 360 px.
    expect(await brokenWords(matches, '.fixture__name .short-name')).toEqual([]);
    await matches.close();

    // Full time: the round settles and the panel stays, as the round's result.
    await expect(panel).toContainText('full time', { timeout: 120_000 });
    await expect(panel).toBeVisible();
    expect(reloads, 'the game screen was never reloaded').toBe(0);
  } finally {
    await admin.dispose();
  }
});
