import { readFileSync } from 'node:fs';
import {
  cashEntries,
  createCompetition,
  demoSeason,
  openForEntries,
} from '../apps/server/test/support/world-api.ts';
import { activePage, expect, logInByApi, pageSession, startClubByApi, test } from './support/fixtures.ts';
import { smallControls } from './support/layout.ts';

// The demo club's data: a running competition with settled rounds, and a £5-an-entry pot two players
// paid for a few hours before the server started, so the default period (the last 28 days) has figures.

test('an admin sees charts with their summaries and tables, at phone and desktop size', async ({ page }) => {
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/analytics');
  const view = activePage(page);
  await expect(view.getByTestId('filter-summary')).toContainText('All competitions');
  const summary = view.getByTestId('chart-summary');
  await expect(summary.getByRole('heading', { name: 'The period at a glance' })).toBeVisible();
  // At least the demo's three paid entries (two and one) at £5; other tests may buy more.
  await expect(summary.locator('.analytics-summary')).toContainText(
    /^\d+ entries made \(free ones included\); paid entries brought in £\d+\.\d\d, of which/,
  );

  const perCompetition = view.getByTestId('chart-competitions');
  await expect(perCompetition.getByRole('img', { name: 'Entry revenue per competition' })).toBeVisible();
  await expect(perCompetition.getByRole('row', { name: /Red Lion Christmas Pot/ })).toContainText(
    /£\d+\.\d\d/,
  );

  const survival = view.getByTestId('chart-survival');
  await expect(survival.getByRole('img', { name: 'Players left after each round' })).toBeVisible();
  await expect(survival.locator('.analytics-summary')).toContainText(
    /started; after round \d+, \d+ (is|are) still in/,
  );
  await expect(survival.getByRole('table')).toBeVisible();
  await expect(view.getByTestId('chart-picks').getByRole('table')).toContainText('Round');
  // Every section has its plain-English line; every table a CSV button.
  for (const card of await view.locator('.analytics-card').all())
    await expect(card.locator('.analytics-summary')).not.toBeEmpty();
  expect(await view.locator('.analytics-card table').count()).toBe(
    await view.locator('.analytics-card .analytics-csv').count(),
  );
  expect(await smallControls(view.locator('ion-button'))).toEqual([]);

  const project = test.info().project.name;
  await page.screenshot({ path: test.info().outputPath(`analytics-${project}.png`), fullPage: true });
  for (const id of ['chart-weeks', 'chart-survival', 'chart-picks', 'chart-match-days'])
    await view.getByTestId(id).screenshot({ path: test.info().outputPath(`${id}-${project}.png`) });
  if (project === 'phone') {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(summary).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('analytics-390.png'), fullPage: true });
    await survival.screenshot({ path: test.info().outputPath('chart-survival-390.png') });
  }
});

test('a period with nothing in it says so once in each card', async ({ page }) => {
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/analytics?from=2020-01-06&to=2020-01-19');
  const view = activePage(page);
  const weeks = view.getByTestId('chart-weeks');
  await expect(weeks).toContainText('No entries were sold in this period.');
  for (const card of await view.locator('.analytics-card').all()) {
    const lines = (await card.locator('p').allTextContents()).map((t) => t.trim()).filter(Boolean);
    expect(new Set(lines).size, lines.join(' | ')).toBe(lines.length);
  }
  await expect(weeks.getByText('No entries were sold in this period.')).toHaveCount(1);
});

test('the filters live in the URL: chosen on the filter screens, kept after a reload', async ({ page }) => {
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/analytics');
  await activePage(page).getByRole('link', { name: 'All filters' }).click();
  await expect(page).toHaveURL(/\/filterall$/);
  const form = activePage(page).locator('form');
  await form.getByLabel('Competition').selectOption({ label: 'Red Lion Christmas Pot (demo, £5 an entry)' });
  await form.getByLabel('Compare with the period of the same length just before').check();
  // A backwards period is refused in plain words before anything is asked of the server.
  await form.getByLabel('From').fill('2026-03-10');
  await form.getByLabel('To').fill('2026-03-01');
  await form.getByRole('button', { name: 'Show figures' }).click();
  await expect(form.locator('.field__error')).toHaveText('The start date must be on or before the end date.');
  await form.getByLabel('From').fill('');
  await form.getByLabel('To').fill('');
  await page.screenshot({ path: test.info().outputPath('filterall.png'), fullPage: true });
  await form.getByRole('button', { name: 'Show figures' }).click();

  await expect(page).toHaveURL(/\/analytics\?competition=[^&]+&compare=1$/);
  const filterLine = activePage(page).getByTestId('filter-summary');
  await expect(filterLine).toContainText('Red Lion Christmas Pot');
  await expect(filterLine).toContainText('compared with');
  await page.reload();
  await expect(activePage(page).getByTestId('filter-summary')).toContainText('Red Lion Christmas Pot');
  await expect(activePage(page).getByTestId('filter-summary')).toContainText('compared with');
  await expect(activePage(page).getByTestId('chart-summary')).toContainText(/up £\d+\.\d\d on before/);
  // Match days against other days, this period and the one before.
  const matchDays = activePage(page).getByTestId('chart-match-days');
  await expect(matchDays.getByRole('rowheader', { name: 'Match days, before' })).toBeAttached();
  await expect(matchDays).toContainText('In the period before, a match day cost');
  await matchDays.screenshot({ path: test.info().outputPath('match-days-compare.png') });

  // The quick screen keeps the competition and sets a period.
  await activePage(page).getByRole('link', { name: 'Period' }).click();
  await expect(page).toHaveURL(/\/analytics-filter\?competition=/);
  await page.screenshot({ path: test.info().outputPath('analytics-filter.png'), fullPage: true });
  await activePage(page).locator('[data-preset="90-days"]').click();
  await expect(page).toHaveURL(
    /\/analytics\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&competition=[^&]+&compare=1$/,
  );
  await page.reload();
  await expect(activePage(page).getByTestId('filter-summary')).toContainText('Red Lion Christmas Pot');
});

test('each table downloads as a CSV file', async ({ page }) => {
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/analytics');
  const card = activePage(page).getByTestId('chart-competitions');
  await expect(card.getByRole('table')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'CSV of per competition' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^analytics-competitions-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const bytes = readFileSync(await download.path());
  // For Excel: a UTF-8 byte order mark (so £ opens as £), the header row first, no # lines.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('competition,entries,revenue_gbp,refunds_gbp,pot_gbp');
  expect(lines.filter((l) => l.startsWith('#'))).toEqual([]);
  // A name with a comma is quoted; money in pounds with two decimals, the pot 90% of £5 an entry.
  const pot = lines.find((l) => l.startsWith('"Red Lion Christmas Pot (demo, £5 an entry)",'));
  const [, entries, revenue, refunds, potPounds] =
    (pot ?? '').match(/,(\d+),(\d+\.\d\d),(\d+\.\d\d),(\d+\.\d\d)$/) ?? [];
  expect(Number(revenue)).toBe(Number(entries) * 5);
  expect(refunds).toBe('0.00');
  expect(Number(potPounds)).toBeGreaterThanOrEqual(13.5);
});

/** Each chart's axis labels as drawn, in CSS pixels: the font size times the picture's scale. */
async function axisLabelSizes(card: import('@playwright/test').Locator): Promise<number[]> {
  return card.locator('svg.chart').evaluate((svg: SVGSVGElement) => {
    const scale =
      svg.getBoundingClientRect().width / (svg.viewBox.baseVal.width || svg.getBoundingClientRect().width);
    return Array.from(svg.querySelectorAll('text')).map(
      (t) => Number.parseFloat(getComputedStyle(t).fontSize) * scale,
    );
  });
}

test('chart labels are 12 px at least on a phone, money axes tick in round pounds, wide tables show every column', async ({
  page,
}) => {
  // A club of its own, with names that share some words, as a pub's competitions do.
  await startClubByApi(page, 'Fox and Hounds');
  const admin = pageSession(page);
  const season = await demoSeason(admin);
  const names = [
    'Friday Five-a-side Cup',
    'Friday Five-a-side Plate',
    'Friday Darts Pot',
    'Sunday Quiz Pot',
    'Sunday Quiz Winter Pot',
  ];
  for (const [i, name] of names.entries()) {
    const id = await createCompetition(admin, {
      name,
      seasonId: season.id,
      startRound: season.rounds.at(-1)?.round ?? 38,
      prizeModel: 'pool',
      entryFeePence: 500,
      maxEntriesPerPlayer: 5,
    });
    await openForEntries(admin, id);
    await cashEntries(admin, id, 'Robin Goal', i + 1);
  }
  const project = test.info().project.name;
  const widths = project === 'phone' ? [360, 390] : [1440];
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 800 });
    await page.goto('/analytics');
    const view = activePage(page);
    const weeks = view.getByTestId('chart-weeks');
    await expect(weeks.getByRole('img', { name: 'Entry revenue per week' })).toBeVisible();
    // Admins see others' picks when the players do, and the screen says so.
    await expect(view.getByTestId('chart-picks')).toContainText(
      'Picks show after the deadline, for everyone, admins included.',
    );
    for (const id of ['chart-weeks', 'chart-competitions', 'chart-survival', 'chart-picks']) {
      const card = view.getByTestId(id);
      if ((await card.locator('svg.chart').count()) === 0) continue;
      const sizes = await axisLabelSizes(card);
      expect(sizes.length, id).toBeGreaterThan(0);
      expect(Math.min(...sizes), `${id} at ${width} px`).toBeGreaterThanOrEqual(12);
    }
    // The money axis: whole pounds, each tick once (never "£0, £0.00, £0.00, £0.01").
    const ticks = await view
      .getByTestId('chart-competitions')
      .locator('svg.chart .visx-axis-left text')
      .allTextContents();
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(t).toMatch(/^£\d{1,3}(,\d{3})*$/);
    expect(new Set(ticks).size).toBe(ticks.length);
    // Every competition's bar is named under it (cut to fit), not every other one.
    const bars = await view.getByTestId('chart-competitions').locator('tbody tr').count();
    expect(bars).toBe(names.length);
    const labels = await view
      .getByTestId('chart-competitions')
      .locator('svg.chart .visx-axis-bottom text')
      .allTextContents();
    expect(labels.filter((n) => n.trim()).length, labels.join(' | ')).toBe(bars);
    // Words a name shares with others ("Friday Five-a-side") are left off, so the labels tell the bars apart.
    expect(new Set(labels).size, labels.join(' | ')).toBe(bars);

    // The per-competition table: every column shown inside its card; on a phone it scrolls sideways
    // inside the card, never the page.
    const perCompetition = view.getByTestId('chart-competitions');
    const table = perCompetition.locator('table');
    await expect(table.locator('thead th')).toHaveText([
      'Competition',
      'Entries',
      'Revenue',
      'Refunds',
      'Pot',
    ]);
    const cardBox = await perCompetition.boundingBox();
    const wrap = perCompetition.locator('.analytics-table-wrap');
    const wrapBox = await wrap.boundingBox();
    expect(wrapBox && cardBox && wrapBox.x + wrapBox.width <= cardBox.x + cardBox.width + 1).toBe(true);
    if (width === 1440) {
      for (const th of await table.locator('thead th').all()) {
        const box = await th.boundingBox();
        expect(
          box && wrapBox && box.x + box.width <= wrapBox.x + wrapBox.width + 1,
          (await th.textContent()) ?? '',
        ).toBe(true);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await perCompetition.screenshot({ path: test.info().outputPath(`per-competition-${width}.png`) });
    await weeks.screenshot({ path: test.info().outputPath(`weeks-${width}.png`) });
  }
});
