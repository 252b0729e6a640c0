/// <reference lib="dom" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import {
  type ApiSession,
  DEMO_PASSWORD,
  type NewPerson,
  type StartedClub,
  signIn,
  signUp,
  startClub,
} from '../../apps/server/test/support/world-api.ts';
import { requestSession } from './api-client.ts';

export { DEMO_PASSWORD, uniqueEmail } from '../../apps/server/test/support/world-api.ts';
export { expect };

/** Fails a test on any console error or uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[]; allowHttpErrors: boolean }>({
  /**
   * Tests that provoke a failed request on purpose (a wrong password, a server made to answer 429 or
   * 503, no network) allow the browser's log line for it.
   */
  allowHttpErrors: [false, { option: true }],
  consoleErrors: [
    async ({ page, allowHttpErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        if (allowHttpErrors && /the server responded with a status of [45]\d\d|net::ERR_/.test(m.text()))
          return;
        // The Club tab asks for events and photos and leaves a section out while a build
        // has no such endpoint yet: that 404 is expected.
        if (/status of 404/.test(m.text()) && /\/api\/(events|gallery\/photos)\?/.test(m.location().url))
          return;
        errors.push(`console.error: ${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      await use(errors);
      expect(errors, 'console errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** The page that is currently shown (Ionic keeps hidden pages in the DOM). */
export const activePage = (page: Page) =>
  page.locator('.ion-page:not(.ion-page-hidden) ion-content').filter({ visible: true }).last();
export const visibleTitle = (page: Page) =>
  page.locator('ion-header ion-title').filter({ visible: true }).first();

/** Opens the side menu on phones (on desktop the split pane shows it already). */
export async function openMenu(page: Page) {
  const menu = page.locator('ion-menu');
  await expect(async () => {
    const splitVisible = await page.locator('ion-split-pane.split-pane-visible').count();
    if (splitVisible) return;
    // The menu's element exists once its code has loaded: on the button's first press on a phone.
    const shown = (await menu.count()) > 0 && (await menu.evaluate((m) => m.classList.contains('show-menu')));
    // A short click: before Ionic has laid out the split pane, the desktop has no visible menu
    // button, and a click with no timeout would wait out every retry.
    if (!shown)
      await page.locator('.app-menu-button').filter({ visible: true }).first().click({ timeout: 1500 });
    await expect(menu).toHaveClass(/show-menu/, { timeout: 1500 });
    // The menu's navigation, not its first item: a menu scrolled by an earlier visit starts lower.
    await expect(menu.locator('nav[aria-label="Main menu"]')).toBeInViewport({ timeout: 1500 });
    // `show-menu` stays while a menu closes (an item just pressed): still there once its animation
    // would have ended, the menu is open, not closing.
    await page.waitForTimeout(450);
    await expect(menu).toHaveClass(/show-menu/, { timeout: 1 });
  }).toPass({ timeout: 30_000 });
}

/** Waits until the shell shows the signed-in state (the menu follows login 300 ms later). */
export async function expectSignedInShell(page: Page) {
  await expect(
    page.locator('ion-tab-bar ion-tab-button[tab="account"]').filter({ visible: true }),
  ).toBeVisible();
}

export async function menuItems(page: Page): Promise<string[]> {
  // The menu table's items; the club section above them ("Your clubs") is checked on its own.
  const items = page.locator('ion-menu nav[aria-label="Main menu"] [data-menu-item]');
  await expect(items.first()).toBeVisible();
  return items.evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-item') ?? ''));
}

/** Fills an Ionic input by its name attribute. */
export async function fill(page: Page, name: string, value: string) {
  const input = activePage(page).locator(`input[name="${name}"], textarea[name="${name}"]`);
  await input.fill(value);
}

export async function submit(page: Page, formLabel: string) {
  await activePage(page).locator(`form[aria-label="${formLabel}"] ion-button[type="submit"]`).click();
}

export async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await fill(page, 'email', email);
  await fill(page, 'password', password);
  await submit(page, 'Log in');
  await page.waitForURL('**/app/tabs/game');
}

/**
 * The headers the app's own writes carry: the XSRF header from the page's cookie (the GET here sets
 * it when missing) and the app's Origin, which better-auth checks on every write with cookies.
 */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const read = await page.request.get('/api/club');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Origin: new URL(read.url()).origin };
}

/** The page's own cookies as the shared builders' session (world-api.ts), for building state by API. */
export function pageSession(page: Page): ApiSession {
  return requestSession(page.request, () => xsrfHeaders(page));
}

/** Signs in through the API (sharing the page's cookies), for tests that start signed in. */
export async function logInByApi(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.request.get('/api/club');
  await signIn(pageSession(page), email, password);
}

/** Signs a new member up through the API (sharing the page's cookies); they are signed in after. */
export async function signUpByApi(page: Page, user: NewPerson) {
  await page.request.get('/api/club');
  await signUp(pageSession(page), user);
}

/**
 * A club of the test's own, started through the API (sharing the page's cookies): the page is signed
 * in as its new admin after, acting in it. What other tests add to the demo club never shows in it.
 */
export async function startClubByApi(page: Page, name: string): Promise<StartedClub> {
  await page.request.get('/api/club');
  return startClub(pageSession(page), name);
}

/** Reads the session keys the app keeps in IndexedDB (the browser storage back-end). */
export async function storedSession(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('lastman');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const out: Record<string, string> = {};
          const tx = db.transaction('datalist', 'readonly');
          const cursor = tx.objectStore('datalist').openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (c) {
              out[String(c.key)] = String(c.value);
              c.continue();
            } else {
              db.close();
              resolve(out);
            }
          };
          cursor.onerror = () => reject(cursor.error);
        };
      }),
  );
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text?: string;
  html?: string;
}

/** Waits for an email to `to` (received by the SMTP server the test server started). */
export async function waitForMail(to: string, match: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const mail = JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReceivedMail;
      if (mail.to.includes(to.toLowerCase()) && match.test(mail.subject)) return mail;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${to} matching ${match} within ${timeoutMs} ms`);
}

export function firstLink(mail: ReceivedMail, pattern: RegExp): string {
  const body = `${mail.text ?? ''} ${mail.html ?? ''}`;
  const links = body.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => pattern.test(l));
  if (!link) throw new Error(`No link matching ${pattern} in: ${body.slice(0, 500)}`);
  return link.replace(/&amp;/g, '&');
}
