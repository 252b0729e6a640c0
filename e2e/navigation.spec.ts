/** Every page has a way back: the pages outside the tab bar carry a back button, even after a reload. */
import { activePage, expect, logIn, test, visibleTitle } from './support/fixtures.ts';
import { expectTouchTargets } from './support/layout.ts';

const pages = [
  { path: '/rules', title: 'Rules' },
  { path: '/support', title: 'Support' },
  { path: '/contact', title: 'Contact' },
  { path: '/about', title: 'About' },
  { path: '/account', title: 'Account' },
];

test('pages outside the tab bar have a back button that leads home, opened directly', async ({ page }) => {
  await logIn(page, 'player3@redlion.test');
  for (const { path, title } of pages) {
    await page.goto(path);
    await expect(visibleTitle(page)).toHaveText(title);
    const back = page.locator('ion-header ion-back-button').filter({ visible: true });
    await expect(back, `${path} has a back button`).toHaveCount(1);
    await expectTouchTargets(back);
    await back.click();
    await page.waitForURL('**/app/tabs/game');
    await expect(activePage(page)).toBeVisible();
  }
});
