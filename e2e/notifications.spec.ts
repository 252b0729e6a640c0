import type { Page } from '@playwright/test';
import { giveRole, myUserId } from '../apps/server/test/support/world-api.ts';
import { apiClient } from './support/api-client.ts';
import {
  activePage,
  expect as baseExpect,
  expectSignedInShell,
  openMenu,
  pageSession,
  signUpByApi,
  test,
  uniqueEmail,
  xsrfHeaders,
} from './support/fixtures.ts';
import { expectInside, expectTouchTargets } from './support/layout.ts';

const shots = process.env.E2E_SCREENSHOTS;
// Pages here load their settings and push state lazily; a busy machine needs longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

async function newMember(page: Page, name: string) {
  await signUpByApi(page, {
    name,
    email: uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'member'),
    password: 'correct horse battery',
    dateOfBirth: '1990-04-23',
  });
}

/** To staff only: the other tests' new members (players) never see these, nor are counts upset by them. */
async function broadcast(baseURL: string, title: string, body: string) {
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  await admin.send('POST', '/api/admin/broadcasts', { title, body, audience: 'staff' });
  await admin.dispose();
}

test('the unread badge, the list, read and all read, and a push arriving while open', async ({
  page,
  baseURL,
}, info) => {
  // Once (it broadcasts to staff, and counts): the desktop run, resized to a phone on the way.
  test.skip(info.project.name !== 'desktop', 'runs once, at desktop and phone sizes');
  await newMember(page, 'Nora Notified');
  const userId = await myUserId(pageSession(page));
  const admin = await apiClient(baseURL as string, 'admin@redlion.test');
  await giveRole(admin.session, userId, 'staff');
  await admin.dispose();
  const stamp = Date.now();
  await broadcast(baseURL as string, `Quiz night ${stamp}`, 'Quiz on Thursday at 8pm in the back room.');
  await broadcast(baseURL as string, `Darts ${stamp}`, 'Darts league starts next week: sign up at the bar.');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/app/tabs/game');
  await expectSignedInShell(page);
  const tabBadge = page
    .locator('ion-tab-button[tab="account"] [data-testid="unread-badge"]')
    .filter({ visible: true });
  await expect(tabBadge).toHaveText('2');
  await openMenu(page);
  const menuItem = page.locator('[data-menu-item="Notifications"]');
  await expect(menuItem.locator('[data-testid="unread-badge"]')).toHaveText('2');
  await menuItem.click();
  await page.waitForURL('**/notification-list');
  await page.setViewportSize({ width: 1440, height: 900 });

  const list = activePage(page);
  await expect(list.locator('[data-notification]')).toHaveCount(2);
  await expect(list.locator('[data-notification]').first()).toContainText(`Darts ${stamp}`);
  await expect(list.getByTestId('unread-summary')).toHaveText('2 unread');
  await expectInside(list.locator('.notification__title, .notification__body, .notification__time'), '.card');
  await expectTouchTargets(list.locator('ion-button, .notification__open'));
  if (shots)
    await page.screenshot({ path: `${shots}/notifications-${info.project.name}.png`, fullPage: true });

  await list.locator('[data-notification]').first().locator('ion-button', { hasText: 'Mark read' }).click();
  await expect(list.getByTestId('unread-summary')).toHaveText('1 unread');

  // A push arrives while the app is open (the service worker or native plugin says so): the list follows.
  await broadcast(baseURL as string, `Raffle ${stamp}`, 'Raffle tickets on sale.');
  await page.evaluate(() => window.dispatchEvent(new Event('lastman:notification')));
  await expect(list.locator('[data-notification]').first()).toContainText(`Raffle ${stamp}`);
  await expect(list.getByTestId('unread-summary')).toHaveText('2 unread');

  await list.locator('ion-button', { hasText: 'Mark all read' }).click();
  await expect(list.getByTestId('unread-summary')).toHaveText('All read');
  await page.goto('/app/tabs/game');
  await expectSignedInShell(page);
  await expect(page.locator('ion-tab-button[tab="account"] [data-testid="unread-badge"]')).toHaveCount(0);
});

test('an empty list says what will appear there', async ({ page }) => {
  await newMember(page, 'Edna Empty');
  await page.goto('/notification-list');
  await expect(activePage(page).getByText('No notifications yet')).toBeVisible();
  await expect(
    page.locator('.ion-page:not(.ion-page-hidden) ion-back-button').filter({ visible: true }),
  ).toHaveCount(1);
});

test('the preference centre saves kinds, channels and quiet hours; push is asked for only on the button', async ({
  page,
}, info) => {
  await newMember(page, 'Percy Prefs');
  let asked = 0;
  await page.exposeFunction('__permissionAsked', () => {
    asked++;
  });
  await page.addInitScript(() => {
    if ('Notification' in window) {
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = () => {
        (window as unknown as { __permissionAsked: () => void }).__permissionAsked();
        return original();
      };
    }
  });
  await page.goto('/notification-settings');
  const settings = activePage(page);
  await expect(settings.locator('[data-kind="news"]')).toBeVisible();
  await expect(settings.locator('[data-push-state]')).not.toHaveAttribute('data-push-state', 'checking');
  expect(asked, 'no permission prompt on opening the page').toBe(0);
  await expect(settings.getByText('Push is not on for any device')).toBeVisible();

  await settings.getByLabel('Club news by email').check();
  await settings.getByLabel('Results and winners by push').uncheck();
  await settings.getByLabel('No push or email during quiet hours').check();
  await settings.locator('input[type="time"]').first().fill('21:30');
  await expectInside(settings.locator('.prefs-table th, .prefs-row label, h2, p'), '.card');
  await expectTouchTargets(settings.locator('ion-button, .prefs-row label, .prefs-table td input'));
  // The quiet hours sit below the table (longer since match alerts joined it): scroll back up to it.
  await settings.locator('.prefs-table').scrollIntoViewIfNeeded();
  await expect(settings.locator('.prefs-table')).toBeInViewport({ ratio: 0.5 });
  if (shots)
    await page.screenshot({
      path: `${shots}/notification-settings-${info.project.name}.png`,
      fullPage: true,
    });
  await settings.locator('ion-button', { hasText: 'Save settings' }).click();
  await expect(page.getByText('Notification settings saved.')).toBeVisible();

  await page.reload();
  const again = activePage(page);
  await expect(again.getByLabel('Club news by email')).toBeChecked();
  await expect(again.getByLabel('Results and winners by push')).not.toBeChecked();
  await expect(again.getByLabel('No push or email during quiet hours')).toBeChecked();
  await expect(again.locator('input[type="time"]').first()).toHaveValue('21:30');
  const saved = await page.request.get('/api/me/notification-preferences');
  expect((await saved.json()).quietHours).toEqual({ enabled: true, start: '21:30', end: '07:00' });
  expect(asked).toBe(0);
});

test('an iPhone outside the Home Screen is told how, instead of a button that cannot work', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await newMember(page, 'Ivy Iphone');
  await page.goto('/notification-settings');
  const settings = activePage(page);
  await expect(settings.locator('[data-push-state="ios-home-screen"]')).toBeVisible();
  await expect(settings.getByText('Add to Home Screen')).toBeVisible();
  await expect(settings.locator('ion-button', { hasText: 'Turn on push notifications' })).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/notification-settings-iphone-390.png`, fullPage: true });
  await context.close();
});

test('an admin messages the members: audience, preview, quiet hours, send, and what was sent', async ({
  page,
}, info) => {
  // Once, at 360 and 390 px. A club of its own, so no other test's member gets the message.
  test.skip(info.project.name !== 'phone', 'runs once, at 360 and 390 px');
  test.setTimeout(120_000);
  await newMember(page, 'Owen Owner');
  const id = Date.now().toString(36);
  const club = await page.request.post('/api/clubs', {
    data: { name: `The Owl ${id}`, slug: `the-owl-${id}` },
    headers: await xsrfHeaders(page),
  });
  baseExpect(club.status(), await club.text()).toBe(201);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/app/tabs/game');
  // The first screen loads the new club's games: slow on a busy machine.
  await expect(
    page.locator('ion-tab-bar ion-tab-button[tab="account"]').filter({ visible: true }),
  ).toBeVisible();
  await openMenu(page);
  await page.locator('[data-menu-item="Message members"]').click();
  await page.waitForURL('**/message-members');
  const screen = activePage(page);
  await expect(screen.getByText('Nothing sent yet')).toBeVisible();
  await expect(screen.getByLabel(/All members/)).toBeChecked();
  await expect(screen.locator('label', { hasText: 'All members' })).toContainText('1 member gets club news');

  await screen.getByLabel('Title', { exact: true }).fill('Quiz night');
  await screen.getByLabel('Message', { exact: true }).fill('Quiz on Thursday at 8pm in the back room.');
  const preview = screen.getByTestId('preview');
  await expect(preview).toContainText('Quiz night');
  await expect(preview).toContainText('Quiz on Thursday at 8pm in the back room.');
  await expect(preview).toContainText('Club news');
  const note = screen.getByTestId('delivery-note');
  await expect(note).toContainText('club news on in their notification settings');
  await expect(note).toContainText('quiet hours');
  await expect(note).toContainText('get no push or email');
  await screen.getByLabel(/Staff only/).check();
  await expect(preview).toContainText('Message to staff');
  await expect(note).toContainText('whatever they chose for club news');
  await screen.getByLabel(/All members/).check();
  await expectInside(screen.locator('.card h2, .card p, .card label, .card ion-button'), '.card');
  await expectTouchTargets(screen.locator('ion-button, label.check-field'));
  await page.screenshot({ path: info.outputPath('message-members-360.png'), fullPage: true });

  await screen.locator('ion-button[type="submit"]').click();
  await expect(page.locator('ion-alert')).toContainText('All members: 1 member gets club news');
  await page.locator('ion-alert button', { hasText: /^Send$/ }).click();
  await expect(page.getByText('Sent to 1 person.')).toBeVisible();
  const sent = screen.locator('[data-broadcast]');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('Quiz night');
  await expect(sent).toContainText('by Owen Owner · all members · reached 1 person');
  await expect(screen.getByLabel('Title', { exact: true })).toHaveValue('');

  await page.setViewportSize({ width: 390, height: 844 });
  await expectInside(screen.locator('.card h2, .card p, .card label, .card ion-button'), '.card');
  await page.screenshot({ path: info.outputPath('message-members-390.png'), fullPage: true });

  // The admin is a member too: the message is in their list.
  await page.goto('/notification-list');
  await expect(activePage(page).locator('[data-notification]').first()).toContainText('Quiz night');
});

test('the notification settings page does not link to itself', async ({ page }) => {
  test.setTimeout(120_000);
  await newMember(page, 'Sid Settings');
  await page.goto('/notification-settings');
  const settings = activePage(page);
  await expect(settings.getByTestId('push-devices')).toContainText('Push is not on for any device');
  await expect(settings.locator('ion-button[href="/notification-settings"]')).toHaveCount(0);
  await expect(settings.locator('ion-button', { hasText: 'Notification settings' })).toHaveCount(0);
  // The account page still links there.
  await page.goto('/account');
  await expect(
    activePage(page).getByTestId('push-devices').locator('ion-button', { hasText: 'Notification settings' }),
  ).toBeVisible();
});
