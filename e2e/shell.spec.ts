import {
  expect,
  expectSignedInShell,
  fill,
  logInByApi,
  menuItems,
  openMenu,
  test,
  visibleTitle,
} from './support/fixtures.ts';
import { routeCases } from './support/routes.ts';

test('/ lands on /app/tabs/game, and the tabs also answer at /tabs and /app', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/tabs\/game$/);
  await expect(visibleTitle(page)).toHaveText('Game');
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/tabs\/game$/);
  await page.goto('/tabs/matches');
  await expect(page).toHaveURL(/\/app\/tabs\/matches$/);
  await expect(visibleTitle(page)).toHaveText('Matches');
});

test('every route renders a page with a header, signed out', async ({ page }) => {
  test.setTimeout(240_000);
  for (const route of routeCases) {
    await page.goto(route.path);
    if (route.access === 'public') {
      await expect(visibleTitle(page), route.path).toHaveText(route.title);
    } else {
      await expect(page, route.path).toHaveURL(/\/login\?next=/);
      await expect(visibleTitle(page), route.path).toHaveText('Log in');
    }
  }
});

test('the tab bar: Game, Matches, Club and Login when signed out', async ({ page }) => {
  await page.goto('/app/tabs/game');
  const tabs = page.locator('ion-tab-bar ion-tab-button').filter({ visible: true });
  await expect(tabs).toHaveText(['Game', 'Matches', 'Club', 'Login']);
});

test('the side menu shows exactly Login and About when logged out, with the footer', async ({ page }) => {
  await page.goto('/app/tabs/game');
  await openMenu(page);
  expect(await menuItems(page)).toEqual(['Login', 'About']);
  // Above them, the way to start a club.
  await expect(page.locator('ion-menu [aria-label="Your clubs"] [data-menu-item]')).toHaveText([
    'Run Last Man Standing at your club',
  ]);
  await expect(page.locator('ion-menu ion-footer')).toContainText(/by .+ · v2\.0/);
});

test('the side menu shows exactly Games, Orders, Account, Notifications and Logout for a player', async ({
  page,
}) => {
  await logInByApi(page, 'player1@redlion.test');
  await page.goto('/app/tabs/game');
  await expectSignedInShell(page);
  await openMenu(page);
  await expect(page.locator('ion-menu [data-menu-item="Logout"]')).toBeVisible();
  expect(await menuItems(page)).toEqual(['Games', 'Orders', 'Account', 'Notifications', 'Logout']);
  // In one club: no switcher, only the way to start another.
  await expect(page.locator('ion-menu [aria-label="Club you are acting in"]')).toHaveCount(0);
  await expect(page.locator('ion-menu [data-menu-item="Start a club"]')).toBeVisible();
  // The labels (the Account tab may also carry the unread notifications' badge).
  const tabs = page.locator('ion-tab-bar ion-tab-button ion-label').filter({ visible: true });
  await expect(tabs).toHaveText(['Game', 'Matches', 'Club', 'Orders', 'Account']);
});

test('staff and admins get one more menu section', async ({ page }) => {
  await logInByApi(page, 'staff@redlion.test');
  await page.goto('/app/tabs/game');
  await expectSignedInShell(page);
  await openMenu(page);
  await expect(page.locator('ion-menu [data-menu-item="Clock in"]')).toBeVisible();
  expect(await menuItems(page)).toEqual([
    'Games',
    'Orders',
    'Account',
    'Notifications',
    'Logout',
    'Clock in',
    'My schedule',
    'My hours',
    'Menu availability',
  ]);
});

test('the split pane shows the menu beside the content at desktop width only', async ({ page }, info) => {
  await page.goto('/app/tabs/game');
  await expect(visibleTitle(page)).toHaveText('Game');
  const splitPane = page.locator('ion-split-pane');
  if (info.project.name === 'desktop') {
    await expect(splitPane).toHaveClass(/split-pane-visible/);
    await expect(page.locator('ion-menu')).toBeInViewport();
    await expect(page.locator('.app-menu-button').filter({ visible: true })).toHaveCount(0);
  } else {
    await expect(splitPane).not.toHaveClass(/split-pane-visible/);
    await expect(page.locator('.app-menu-button').filter({ visible: true }).first()).toBeVisible();
  }
});

test('staff and admin routes: signed out goes to login, a player sees "not allowed"', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin/);
  await logInByApi(page, 'player2@redlion.test');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await page.goto('/clockin');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});

test('a toast appears at the top and is gone after 4500 ms', async ({ page }) => {
  await page.goto('/contact');
  await fill(page, 'name', 'Toast Tester');
  await fill(page, 'email', 'toast@example.test');
  await fill(page, 'subject', 'Hello');
  await fill(page, 'message', 'Testing the toast timing, please ignore.');
  await page.locator('form ion-button[type="submit"]').filter({ visible: true }).click();
  const toast = page.locator('ion-toast.app-toast');
  // Success is green (a departure from the original's secondary colour).
  await expect(toast).toHaveClass(/ion-color-success/);
  const wrapper = toast.locator('.toast-wrapper');
  await expect(wrapper).toBeVisible();
  const shownAt = Date.now();
  const box = await wrapper.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y < viewport.height / 3, 'toast is at the top').toBeTruthy();
  await expect(toast).toContainText('Your message has been sent');
  await page.waitForTimeout(Math.max(0, 3800 - (Date.now() - shownAt)));
  await expect(wrapper).toBeVisible();
  // The toast's own clock: 4500 ms (how soon a busy machine then draws it away is not the app's).
  expect(await toast.evaluate((t) => (t as HTMLElement & { duration: number }).duration)).toBe(4500);
  await expect(wrapper).toBeHidden();
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4000);
});

test.describe('errors', () => {
  test.use({ allowHttpErrors: true });
  test('an error toast uses the danger colour', async ({ page }) => {
    await logInByApi(page, 'player3@redlion.test');
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete account' }).filter({ visible: true }).click();
    await fill(page, 'deletePassword', 'wrong-password');
    await page.getByRole('button', { name: 'Delete my account' }).filter({ visible: true }).click();
    const toast = page.locator('ion-toast.app-toast');
    await expect(toast).toHaveClass(/ion-color-danger/);
    await expect(toast.locator('.toast-wrapper')).toBeVisible();
  });
});

test('every route renders for an admin, and none is wider than the screen (360 px phone, 1440 px desktop)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  expect([360, 1440]).toContain(page.viewportSize()?.width);
  await logInByApi(page, 'admin@redlion.test');
  const wide: string[] = [];
  for (const route of routeCases) {
    await page.goto(route.path);
    await expect(visibleTitle(page), route.path).toHaveText(route.title);
    await page.waitForLoadState('networkidle');
    const widths = await page.evaluate(async () => {
      type IonContent = HTMLElement & { getScrollElement(): Promise<HTMLElement> };
      const content = Array.from(
        document.querySelectorAll<IonContent>('.ion-page:not(.ion-page-hidden) ion-content'),
      )
        .filter((c) => c.offsetParent !== null)
        .at(-1);
      const inner = content ? await content.getScrollElement() : null;
      return {
        document: document.scrollingElement?.scrollWidth ?? 0,
        viewport: window.innerWidth,
        content: inner ? inner.scrollWidth - inner.clientWidth : 0,
      };
    });
    if (widths.document > widths.viewport) wide.push(`${route.path}: page ${widths.document}px`);
    if (widths.content > 0) wide.push(`${route.path}: content ${widths.content}px too wide`);
  }
  expect(wide).toEqual([]);
});
