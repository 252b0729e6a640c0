import type { Page, Route } from '@playwright/test';
import {
  activePage,
  expect,
  expectSignedInShell,
  logInByApi,
  storedSession,
  test,
} from './support/fixtures.ts';

/**
 * A busy, broken or unreachable server never signs anyone out: the device remembers who is signed
 * in, keeps their screens, says what happened and keeps asking. Only the server saying nobody is
 * signed in (a 401) ends the session.
 */
test.use({ allowHttpErrors: true });

const SESSION = '**/api/auth/get-session';
const toast = (page: Page, kind: 'error' | 'success') => page.locator(`ion-toast.app-toast--${kind}`);

/** Jo Bloggs opens the game screen once, so the device learns and stores the session. */
async function signedInOnce(page: Page) {
  await logInByApi(page, 'player2@redlion.test');
  await page.goto('/app/tabs/game');
  await expectSignedInShell(page);
  await expect
    .poll(() => storedSession(page))
    .toMatchObject({
      hasLoggedIn: 'true',
      username: 'Jo Bloggs',
      UserRole: 'player',
      clubname: 'The Red Lion',
    });
}

const failures: Array<{ what: string; fail: (route: Route) => Promise<void>; says: RegExp }> = [
  {
    what: 'a 429',
    fail: (route) =>
      route.fulfill({
        status: 429,
        json: {
          error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please wait and try again.' },
        },
      }),
    says: /The server is busy: too many requests from this network/,
  },
  {
    what: 'a 503',
    fail: (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Down for a moment.' } } }),
    says: /The server had a problem \(503/,
  },
  {
    what: 'no network',
    fail: (route) => route.abort('internetdisconnected'),
    says: /The server cannot be reached/,
  },
];

for (const { what, fail, says } of failures) {
  test(`${what} on the session read keeps a signed-in player on the game screen until the server answers`, async ({
    page,
  }) => {
    await signedInOnce(page);
    let refused = 0;
    await page.route(SESSION, (route) => {
      refused++;
      return fail(route);
    });

    await page.reload();
    await expect(toast(page, 'error')).toContainText(says);
    await expect(toast(page, 'error')).toContainText('You are still signed in; Lastman keeps trying.');
    await expect(page).toHaveURL(/\/app\/tabs\/game$/);
    await expectSignedInShell(page);
    // What the device remembers: the player's name and club, without the server.
    await expect(activePage(page).locator('#game-hero')).toHaveText('Hi Jo, welcome back');
    await expect(activePage(page)).not.toContainText('Sign in to play');
    // It keeps asking, and remembers the person meanwhile.
    await expect.poll(() => refused).toBeGreaterThanOrEqual(2);
    expect(await storedSession(page)).toMatchObject({ hasLoggedIn: 'true', username: 'Jo Bloggs' });

    await page.unroute(SESSION);
    await expect(toast(page, 'success')).toContainText('Connected again.', { timeout: 30_000 });
    // At least the demo club's three: other tests on this server add competitions of their own.
    await expect
      .poll(() => activePage(page).locator('section.competition').count())
      .toBeGreaterThanOrEqual(3);
    await expect(page).toHaveURL(/\/app\/tabs\/game$/);
  });
}

test('a member-only screen stays open through a failing session read', async ({ page }) => {
  await signedInOnce(page);
  await page.goto('/account');
  await expect(page.getByTestId('signed-in-as').filter({ visible: true })).toBeVisible();
  await page.route(SESSION, (route) => route.fulfill({ status: 503, json: {} }));

  await page.reload();
  await expect(toast(page, 'error')).toContainText('The server had a problem (503');
  await expect(page).toHaveURL(/\/account$/);
  await page.unroute(SESSION);
  await expect(page.getByTestId('signed-in-as').filter({ visible: true })).toHaveText(
    'Signed in as Jo Bloggs (player) at The Red Lion',
    { timeout: 30_000 },
  );
});

test('a 401 on the session read ends the session and shows the login page', async ({ page }) => {
  await signedInOnce(page);
  await page.goto('/account');
  await expect(page.getByTestId('signed-in-as').filter({ visible: true })).toBeVisible();
  await page.route(SESSION, (route) =>
    route.fulfill({ status: 401, json: { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } } }),
  );

  await page.reload();
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
  await expect.poll(async () => (await storedSession(page)).hasLoggedIn).toBeUndefined();
  await expect(toast(page, 'error')).toHaveCount(0);
});

test('a reload after the session ended elsewhere asks the server nothing it refuses before it says so', async ({
  page,
}) => {
  await signedInOnce(page);
  await page.goto('/app/tabs/club');
  await expectSignedInShell(page);
  // The device keeps the last known state within a second of a change.
  await page.waitForTimeout(1500);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 401) refused.push(new URL(r.url()).pathname);
  });
  await page.context().clearCookies();
  // The server slow to say who is signed in: meanwhile the app has only the copy the device restored.
  await page.route(SESSION, async (route: Route) => {
    await new Promise((r) => setTimeout(r, 2500));
    await route.continue();
  });
  await page.goto('/app/tabs/club');
  await expect.poll(() => storedSession(page)).not.toMatchObject({ hasLoggedIn: 'true' });
  // The visitor's club tab, once the server said nobody is signed in.
  await expect(activePage(page).getByTestId('club-competitions')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Not the unread badge's count, nor the club tab's competitions: nothing refused on the way out.
  expect(refused).toEqual([]);
});
