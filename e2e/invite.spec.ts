/** Invite friends from the game screen: the share sheet where there is one, the clipboard otherwise. */
import { activePage, expect, logIn, test } from './support/fixtures.ts';

test('the club link goes to the share sheet when the browser has one', async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: unknown) => {
        shared.push(data);
      },
    });
  });
  await logIn(page, 'player1@redlion.test');
  await activePage(page).getByTestId('invite-friends').click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared))
    .toEqual([expect.objectContaining({ url: `${baseURL}/c/red-lion` })]);
});

test('without a share sheet the link is copied, and a toast says so', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
  });
  await logIn(page, 'player1@redlion.test');
  await activePage(page).getByTestId('invite-friends').click();
  await expect(page.locator('ion-toast')).toContainText(`Link copied: ${baseURL}/c/red-lion`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/c/red-lion`);
});
