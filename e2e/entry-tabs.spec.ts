/** On a phone every entry can be chosen on the pick screen, nothing leaves its card, and a reload keeps the entry. */

import type { Page } from '@playwright/test';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';
import { expectInside } from './support/layout.ts';

/** A new player with two entries in the free Autumn Cup, neither picked yet: their game card. */
async function newPlayerWithTwoEntries(page: Page, name: string) {
  await signUpByApi(page, {
    name,
    email: uniqueEmail('tabs'),
    password: 'correct horse battery',
    dateOfBirth: '1990-04-23',
  });
  await page.goto('/app/tabs/game');
  const card = activePage(page).locator('section.competition', { hasText: 'Autumn Cup' });
  await card.getByRole('button', { name: 'Join (free)' }).click();
  await card.getByRole('button', { name: 'Add another entry (free)' }).click();
  await expect(card.locator('[data-entry="2"]')).toContainText('no pick yet');
  return card;
}

for (const width of [360, 390]) {
  test(`at ${width} px every entry is in sight and the address follows the chosen one`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const card = await newPlayerWithTwoEntries(page, 'Tabitha Tabs');

    // Entry 1 picks the team with the longest name, so its tab carries a name too.
    await card.locator('[data-entry="1"] ion-button', { hasText: 'Pick a team' }).click();
    await page.waitForURL('**/teamselections?**');
    const teams = activePage(page).locator('button.team:not([disabled])');
    await expect(teams.first()).toBeVisible();
    const names = await teams.evaluateAll((els) => els.map((e) => e.getAttribute('data-team') ?? ''));
    const longest = names.reduce((a, b) => (b.length > a.length ? b : a), '');
    await activePage(page).locator(`button.team[data-team="${longest}"]`).first().click();
    await activePage(page)
      .locator('ion-button', { hasText: `Confirm ${longest}` })
      .click();
    await expect(
      activePage(page).locator('ion-button', { hasText: `${longest} is your pick` }),
    ).toBeVisible();

    const tabs = activePage(page).locator('.entry-tab');
    await expect(tabs).toHaveCount(2);
    // Picking a team low in the list scrolls the page; back at the top, both tabs fit the width.
    await tabs.first().scrollIntoViewIfNeeded();
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport();
    await expectInside(tabs, '.card');
    await expectInside(activePage(page).locator('button.team, .pick-fixture__time'), '.card');
    // Team names break between words only: each word of a name is on one line.
    const brokenWords = await activePage(page)
      .locator('button.team .short-name')
      .evaluateAll((els) =>
        els.flatMap((el) => {
          const range = document.createRange();
          const words: string[] = [];
          const text = el.firstChild;
          if (!text?.textContent) return words;
          let at = 0;
          for (const word of text.textContent.split(' ')) {
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            if (range.getClientRects().length > 1) words.push(word);
            at += word.length + 1;
          }
          return words;
        }),
      );
    expect(brokenWords).toEqual([]);
    await expect(page.locator('ion-header ion-title').filter({ visible: true }).first()).toHaveText(
      /^Round \d+ pick$/,
    );

    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-pressed', 'true');
    const second = new URL(page.url()).searchParams.get('entry');
    expect(second).toBeTruthy();
    await page.reload();
    await expect(activePage(page).locator('.entry-tab').nth(1)).toHaveAttribute('aria-pressed', 'true');
    expect(new URL(page.url()).searchParams.get('entry')).toBe(second);
  });
}

test('at 360 px an entry the club knocked out says Out on its tab, not its old pick', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL');
  await page.setViewportSize({ width: 360, height: 800 });
  const card = await newPlayerWithTwoEntries(page, 'Olly Out');
  await card.locator('[data-entry="1"] ion-button', { hasText: 'Pick a team' }).click();
  await page.waitForURL('**/teamselections?**');
  const team = activePage(page).locator('button.team:not([disabled])').first();
  const picked = (await team.getAttribute('data-team')) ?? '';
  await team.click();
  await activePage(page)
    .locator('ion-button', { hasText: `Confirm ${picked}` })
    .click();
  await expect(activePage(page).locator('ion-button', { hasText: `${picked} is your pick` })).toBeVisible();
  const tabs = activePage(page).locator('.entry-tab');
  await expect(tabs.first()).not.toContainText('Out');

  // The club knocks entry 1 (the one on screen) out: its tab says what became of it, not its pick.
  const entryId = new URL(page.url()).searchParams.get('entry');
  const competitionId = new URL(page.url()).searchParams.get('competition');
  if (!entryId || !competitionId) throw new Error(`no entry or competition in ${page.url()}`);
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  await admin.send('POST', `/api/admin/competitions/${competitionId}/entries/${entryId}/knock-out`, {
    reason: 'Shared an account',
  });
  await admin.dispose();
  await page.reload();
  await expect(tabs).toHaveCount(2);
  await expect(tabs.first()).toContainText('Out');
  await expect(tabs.first().locator('.entry-tab__pick')).toHaveText('Out');
  await expect(tabs.nth(1)).not.toContainText('Out');
});
