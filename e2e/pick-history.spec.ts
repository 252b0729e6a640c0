/** Tapping a player in the standings, or Your picks on one's own entry, shows their picks round by round. */
import type { CompetitionList } from '@lastman/api';
import { activePage, expect, logIn, test } from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

const shots = process.env.E2E_SHOTS;

test("a player sees anyone's picks round by round, and only for rounds whose deadline has passed", async ({
  page,
}, info) => {
  await logIn(page, 'player1@redlion.test');
  const list = (await (await page.request.get('/api/competitions')).json()) as CompetitionList;
  const demo = list.competitions.find((c) => c.name.endsWith('Last Man Standing (demo)'));
  if (!demo) throw new Error('no demo competition');
  // The round still to pick for has its deadline ahead: no pick of it may show.
  const hiddenFrom = demo.pickRound ?? Number.POSITIVE_INFINITY;

  const card = activePage(page).locator('section.competition', { hasText: 'Last Man Standing (demo)' });

  // Your own entry first: its picks up to the last round whose deadline passed.
  await card.locator('ion-button', { hasText: 'Your picks' }).first().click();
  const mine = card.getByTestId('pick-history');
  await expect(mine.locator('h4')).toHaveText('Entry 1: picks');
  const rows = mine.locator('li[data-round]');
  await expect(rows.first()).toContainText('Round 1');
  const rounds = (await rows.evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute('data-round'))),
  )) as number[];
  expect(rounds.length).toBeGreaterThan(0);
  expect(
    rounds.every((r) => r < hiddenFrom),
    `rounds ${rounds} shown, round ${hiddenFrom} not locked`,
  ).toBe(true);
  await expect(rows.first()).toContainText(/through|out|void round/);
  await expectInside(mine.locator('li[data-round] > span, h4'), 'section.competition');
  expect(await smallControls(mine.locator('ion-button'))).toEqual([]);
  if (shots)
    await page.screenshot({ path: `${shots}/pick-history-own-${info.project.name}.png`, fullPage: false });
  // Not a lone "Close": the button says what it hides.
  await mine.locator('ion-button', { hasText: 'Hide picks' }).click();
  await expect(mine).toHaveCount(0);

  // From the standings: someone who went out, whose last pick says so.
  await card.locator('ion-button', { hasText: 'Standings and picks' }).click();
  const out = card.locator('.names--out .name-button').first();
  await expect(out).toBeVisible();
  const name = ((await out.textContent()) ?? '').trim();
  await out.click();
  const theirs = card.getByTestId('pick-history');
  await expect(theirs.locator('h4')).toHaveText(`${name}: picks`);
  await expect(theirs.locator('li[data-round]').last()).toContainText('out');
  await expect(theirs).toContainText('Out in round');
  expect(await smallControls(card.locator('.name-button, .pick-history ion-button'))).toEqual([]);
  await expectInside(card.locator('.name-button, .pick-history li > span'), 'section.competition');
  if (shots) {
    await theirs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/pick-history-standings-${info.project.name}.png` });
    if (info.project.name === 'phone') {
      await page.setViewportSize({ width: 390, height: 844 });
      await theirs.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/pick-history-standings-390.png` });
    }
  }
  // Tapping the same name again closes it.
  await card.locator('.name-button[aria-expanded="true"]').click();
  await expect(theirs).toHaveCount(0);
});
