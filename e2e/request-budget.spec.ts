import type { GameScreen } from '@lastman/api';
import type { Page } from '@playwright/test';
import {
  activePage,
  expect,
  expectSignedInShell,
  logInByApi,
  signUpByApi,
  test,
  uniqueEmail,
} from './support/fixtures.ts';

/**
 * A pub's players share one address and its rate limit: the first screen a signed-in player sees
 * costs at most four API calls (the session, /api/me, /api/config and the game screen's data),
 * however many competitions the club runs.
 */
const BUDGET = 4;

/**
 * The live stream (held while a competition is open or running, so a kick-off reaches the open
 * screen) and a competition's live state (asked for only while its round is played).
 */
const isLiveCall = (call: string) =>
  call === 'GET /api/live' || /^GET \/api\/competitions\/[^/]+\/live$/.test(call);

function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

test('the game screen of a signed-in player costs at most four API calls', async ({ page }) => {
  await logInByApi(page, 'player1@redlion.test');
  const calls = recordApiCalls(page);
  const gameScreen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/game');
  await page.goto('/app/tabs/game');
  await expectSignedInShell(page);
  // The demo club is shared with the tests running beside this one, and some of them play a round of
  // its running competition live: the screen may open on a round in play, which this test cannot
  // prevent. What the screen was given decides which live calls it may make on top of the four.
  const { competitions } = (await (await gameScreen).json()) as GameScreen;
  const waiting = competitions
    .map(({ competition: c }) => c)
    .filter((c) => c.status === 'running' || c.status === 'open');
  const inPlay = waiting
    .filter((c) => c.deadline !== null && Date.parse(c.deadline) <= Date.now())
    .map((c) => c.id);
  // At least the demo club's three: other tests on this server add competitions of their own.
  await expect.poll(() => activePage(page).locator('section.competition').count()).toBeGreaterThanOrEqual(3);
  await expect(activePage(page).locator('section.competition .page-loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const summary = `${calls.length}: ${calls.join(', ')} (rounds in play: ${inPlay.length})`;
  test.info().annotations.push({ type: 'api calls', description: summary });
  console.log(`first screen, signed in: ${summary}`);
  const quiet = calls.filter((c) => !isLiveCall(c));
  expect(quiet.length, quiet.join('\n')).toBeLessThanOrEqual(BUDGET);
  const live = calls.filter(isLiveCall);
  // One stream for the tab at most, and none with no competition to wait on.
  expect(live.filter((c) => c === 'GET /api/live').length, live.join('\n')).toBeLessThanOrEqual(
    waiting.length > 0 ? 1 : 0,
  );
  if (inPlay.length === 0) {
    // No round in play: no competition's live state.
    expect(
      live.filter((c) => c !== 'GET /api/live'),
      'live states with no round in play',
    ).toEqual([]);
    return;
  }
  // A round in play: one snapshot of each competition in play, not one per live event.
  const snapshots = live.filter((c) => c !== 'GET /api/live');
  expect(snapshots.length, live.join('\n')).toBeLessThanOrEqual(inPlay.length);
  expect(new Set(snapshots).size, live.join('\n')).toBe(snapshots.length);
  for (const call of snapshots)
    expect(inPlay.map((id) => `GET /api/competitions/${id}/live`)).toContain(call);
});

test('the game screen shows a pick made on the pick screen, from the one call it makes', async ({ page }) => {
  await signUpByApi(page, {
    name: 'Peggy Picker',
    email: uniqueEmail('picker'),
    password: 'correct horse battery',
    dateOfBirth: '1990-04-23',
  });
  await page.goto('/app/tabs/game');
  const card = activePage(page).locator('section.competition', { hasText: 'Autumn Cup' });
  await card.getByRole('button', { name: 'Join (free)' }).click();
  await expect(card.locator('[data-entry="1"]')).toContainText('no pick yet');
  await card.locator('ion-button', { hasText: 'Pick a team' }).click();
  await page.waitForURL('**/teamselections?**');
  const team = activePage(page).locator('button.team').first();
  const name = (await team.getAttribute('data-team')) ?? '';
  await team.click();
  await activePage(page)
    .locator('ion-button', { hasText: `Confirm ${name}` })
    .click();
  await expect(activePage(page).locator('ion-button', { hasText: `${name} is your pick` })).toBeVisible();

  const calls = recordApiCalls(page);
  await page.goBack();
  await page.waitForURL('**/app/tabs/game');
  await expect(card.locator('[data-entry="1"]')).toContainText(name);
  expect(calls.filter((c) => c.startsWith('GET /api/competitions/'))).toEqual([]);
});
