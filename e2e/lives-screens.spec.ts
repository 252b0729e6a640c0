/// <reference lib="dom" />
/**
 * Lives and buy-backs on the screens that state them: the terms a player accepts before paying, and
 * the admin's "what if" with lives and a buy-back, at 360 px, 390 px and desktop width.
 */
import type { SeasonList } from '@lastman/api';
import { createCompetition, openForEntries } from '../apps/server/test/support/world-api.ts';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logIn, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';
import { smallControls } from './support/layout.ts';

const WIDTHS = [360, 390, 1280] as const;
const CONTROLS = 'ion-button, button, select, input:not([type="hidden"])';

/** The page is no wider than the window: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: import('@playwright/test').Page) {
  const widths = await page.evaluate(() => {
    const content = Array.from(document.querySelectorAll<HTMLElement>('ion-content')).find(
      (c) => c.offsetParent !== null,
    );
    const scroller = content?.shadowRoot?.querySelector('.inner-scroll');
    return {
      page: document.documentElement.scrollWidth,
      content: scroller ? scroller.scrollWidth : 0,
      window: window.innerWidth,
    };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.window);
  expect(widths.content).toBeLessThanOrEqual(widths.window);
}

test('a player reads the lives and the buy-back in the terms before paying, at 360 px, 390 px and desktop', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL');
  test.setTimeout(120_000);
  const admin = await apiClient(baseURL, 'admin@redlion.test');
  const { seasons } = await admin.get<SeasonList>('/api/seasons');
  const season = seasons.find((s) => s.demo);
  if (!season) throw new Error('no demo season');
  const startRound = season.rounds.at(-3)?.round ?? 36;
  const name = `Second Life ${test.info().project.name} ${Date.now().toString(36)}`;
  const id = await createCompetition(admin.session, {
    name,
    seasonId: season.id,
    startRound,
    prizeModel: 'pool',
    entryFeePence: 500,
    rules: { lives: 1 },
    // The competition's own first round.
    buyBack: { untilRound: 1, pricePence: 300 },
  });
  await openForEntries(admin.session, id);
  await admin.dispose();

  await signUpByApi(page, {
    name: 'Terry Terms',
    email: uniqueEmail('terms'),
    password: 'correct horse battery',
    dateOfBirth: '1990-04-23',
  });
  await page.goto('/app/tabs/game');
  const card = activePage(page).locator(`[data-competition="${name}"]`);
  const terms = card.getByTestId('paid-terms');
  await expect(terms).toContainText('Lives: Each entry can lose 1 match and stay in');
  await expect(terms).toContainText(
    `Buying back in: An entry knocked out in round ${startRound} can buy back in once for £3.00 before the next deadline`,
  );
  await expect(terms).toContainText('by players aged 18 and over only');
  await expect(terms).toContainText('The entry fees and buy-backs make the pot');
  await expect(
    card.getByLabel('I am 18 or over, and I accept these terms, for any buy-back too.'),
  ).toBeVisible();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await terms.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    expect(await smallControls(card.locator(CONTROLS))).toEqual([]);
    await card.screenshot({ path: test.info().outputPath(`terms-${width}.png`) });
  }
});

test('the what-if replays the demo competition with a life and a buy-back, at 360 px, 390 px and desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin@redlion.test');
  await page.goto('/admin');
  const screen = activePage(page);
  const card = screen.locator('[data-admin-competition="Red Lion Last Man Standing (demo)"]');
  await card.locator('ion-button', { hasText: 'Manage' }).click();
  const panel = card.locator('details.replay-preview');
  await panel.locator('summary').click();
  await panel.locator('select[name="replayLives"]').selectOption('1');
  const until = panel.locator('select[name="replayBuyBackUntil"]');
  const firstRound = await until.locator('option').nth(1).getAttribute('value');
  await until.selectOption(firstRound ?? '');
  // The demo competition is free to enter: a buy-back is a free rejoin, so no price is asked.
  await expect(panel.locator('input[name="replayBuyBackPrice"]')).toHaveCount(0);
  const words = panel.getByTestId('replay-variants');
  await expect(words).toContainText('Each entry can lose 1 match and stay in');
  await expect(words).toContainText('can buy back in once for free before the next deadline');
  await expect(words).toContainText('The replay buys back every entry knocked out within the window, once');
  await panel.locator('ion-button', { hasText: 'Replay' }).click();
  const result = panel.getByTestId('replay-result');
  await expect(result).toBeVisible();
  await expect(panel.getByTestId('replay-variant')).not.toBeEmpty();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    expect(await smallControls(panel.locator(CONTROLS))).toEqual([]);
    await panel.screenshot({ path: test.info().outputPath(`what-if-${width}.png`) });
  }
});
