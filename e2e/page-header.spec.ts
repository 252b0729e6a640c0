/// <reference lib="dom" />
/**
 * The page header at 360 px with a long title (a club's long name): the title keeps to the space
 * between the header's buttons, cut with an ellipsis, on Android's look and on the iPhone's (Ionic
 * centres an iPhone title over the whole bar, where it ran under the back and menu buttons).
 */
import type { Page } from '@playwright/test';
import { activePage, expect, pageSession, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';

test.use({ viewport: { width: 360, height: 740 } });

const LONG_NAME = 'The Old Red Lion and Dragon Free House Brewery Tap and Kitchen';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The visible header's title and buttons: the title's text box (inside ion-title's shadow root), the
 * boxes of the buttons at its start and end, and how the title's text fits in its box.
 */
async function headerLayout(page: Page) {
  const header = page.locator('.ion-page:not(.ion-page-hidden) ion-header').filter({ visible: true }).first();
  await expect(header.locator('ion-title')).toBeVisible();
  return header.evaluate((el) => {
    const box = (e: Element): Box => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const title = el.querySelector('ion-title');
    const inner = title?.shadowRoot?.querySelector('.toolbar-title') as HTMLElement | null | undefined;
    if (!title || !inner) throw new Error('no title');
    const buttons = Array.from(el.querySelectorAll('ion-buttons ion-button, ion-buttons ion-back-button'))
      .filter((b) => b.getBoundingClientRect().width > 0)
      .map((b) => ({ name: b.getAttribute('aria-label') ?? b.tagName.toLowerCase(), ...box(b) }));
    const style = getComputedStyle(inner);
    // The text as drawn: its own extent (a range over the slotted text), within the box that clips it.
    const clip = inner.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(title);
    const text = range.getBoundingClientRect();
    return {
      text: title.textContent ?? '',
      title: {
        left: Math.max(text.left, clip.left),
        right: Math.min(text.right, clip.right),
        top: Math.max(text.top, clip.top),
        bottom: Math.min(text.bottom, clip.bottom),
      },
      cut: inner.scrollWidth > inner.clientWidth + 1,
      ellipsis: style.textOverflow === 'ellipsis' && style.overflow !== 'visible',
      wraps: style.whiteSpace !== 'nowrap',
      buttons,
      width: window.innerWidth,
    };
  });
}

const overlap = (a: Box, b: Box) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;

async function expectTitleClear(page: Page, where: string, title: string) {
  const layout = await headerLayout(page);
  expect(layout.text).toContain(title);
  expect(layout.buttons.length, `${where}: the header's buttons`).toBeGreaterThan(0);
  for (const b of layout.buttons) {
    expect(
      overlap(layout.title, b),
      `${where}: the title (${layout.title.left.toFixed(0)}-${layout.title.right.toFixed(0)} px) clear of ${b.name} (${b.left.toFixed(0)}-${b.right.toFixed(0)} px)`,
    ).toBe(false);
  }
  expect(layout.title.left, `${where}: the title starts on screen`).toBeGreaterThanOrEqual(0);
  expect(layout.title.right, `${where}: the title ends on screen`).toBeLessThanOrEqual(layout.width);
  // Too long for its space: cut with an ellipsis, or wrapped, never spilling under a button.
  if (layout.cut) expect(layout.ellipsis || layout.wraps, `${where}: a cut title ends in "…"`).toBe(true);
}

for (const mode of ['md', 'ios'] as const) {
  test(`a long title stays between the header's buttons at 360 px (${mode})`, async ({ page }, testInfo) => {
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await signUpByApi(page, {
      name: 'Lena Longname',
      email: uniqueEmail('long-title'),
      password: 'a pint of bitter',
      dateOfBirth: '1985-05-05',
      startClub: true,
    });
    // Its own name (no club may copy another's): the long name with this run's mark.
    const name = `${LONG_NAME} ${id}`;
    const created = await pageSession(page).post('/api/clubs', { name, slug: `long-name-${id}` });
    expect(created.status, created.text).toBe(201);

    // The Club tab: the club's name as the title, the menu button beside it.
    await page.goto(`/app/tabs/club?ionic:mode=${mode}`);
    await expect(activePage(page).getByText(`Welcome to ${name}`)).toBeVisible();
    await expectTitleClear(page, 'Club tab', name);
    await page.screenshot({ path: testInfo.outputPath(`long-title-club-${mode}.png`) });

    // A page outside the tabs: the back button and the menu button before a long route title.
    await page.goto(`/notification-settings?ionic:mode=${mode}`);
    await expect(page.locator('ion-back-button').filter({ visible: true })).toBeVisible();
    await expectTitleClear(page, 'Notification settings', 'Notification settings');
    await page.screenshot({ path: testInfo.outputPath(`long-title-settings-${mode}.png`) });
  });
}
