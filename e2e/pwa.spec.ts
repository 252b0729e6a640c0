import { expect, test, visibleTitle } from './support/fixtures.ts';

test.use({ serviceWorkers: 'allow' });

test('installable: the manifest names the app, its start page and its icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href ?? '')).json();
  expect(manifest).toMatchObject({
    short_name: 'Lastman',
    start_url: '/app/tabs/game',
    display: 'standalone',
  });
  const sizes = (manifest.icons as Array<{ sizes: string; purpose?: string }>).map(
    (i) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
  for (const icon of manifest.icons as Array<{ src: string }>) {
    expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  }
});

test('the service worker registers once the app is idle, and the shell then works offline', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await page.goto('/app/tabs/game');
  await expect(visibleTitle(page)).toHaveText('Game');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  // Let the precache finish, then go offline and reload.
  await page.waitForTimeout(1500);
  await context.setOffline(true);
  await page.goto('/app/tabs/club').catch(() => undefined);
  await expect(visibleTitle(page)).toHaveText(/Club|The Red Lion/);
  await context.setOffline(false);
  // Offline, the API calls fail as they should; only those may be logged.
  const others = consoleErrors.filter(
    (e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|ERR_NETWORK/.test(e),
  );
  consoleErrors.splice(0, consoleErrors.length, ...others);
});
