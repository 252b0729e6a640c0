/** The Matches tab on a season whose results stopped arriving (the bundled 2025-26 file is partial). */
import { activePage, expect, logIn, test } from './support/fixtures.ts';
import { expectInside, expectTouchTargets } from './support/layout.ts';

test('a season whose results stopped arriving says so, and calls no round current', async ({ page }) => {
  await logIn(page, 'player1@redlion.test');
  await page.goto('/app/tabs/matches');
  const screen = activePage(page);
  const select = screen.locator('#season-select');
  const partial = await select.locator('option', { hasText: '2025' }).first().getAttribute('value');
  if (!partial) throw new Error('the 2025-26 season is not listed');
  await select.selectOption(partial);
  await expect(screen.getByTestId('season-stale')).toHaveText(
    'Results for this season stop at round 29: later fixtures have not been updated.',
  );
  // It opens on that last played round, with its results, and nothing is marked current.
  await expect(screen.locator('.round-nav h2')).toContainText('Round 29');
  await expect(screen.locator('.pill--info', { hasText: 'current' })).toHaveCount(0);
  await expect(screen.getByText('Full time').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('matches-stale.png') });
});

test('every team name stays inside its card at 360 px, and a team is starred with one tap', async ({
  page,
}) => {
  await logIn(page, 'player2@redlion.test');
  await page.goto('/app/tabs/matches');
  const screen = activePage(page);
  await expect(screen.locator('.fixture').first()).toBeVisible();
  // Each team wears its shirt colours beside its name where there is room (not on phones: the names need it).
  const firstTeam = screen.locator('.fixture__team').first();
  await expect(firstTeam.locator('svg.team-kit path').first()).toHaveAttribute('fill', /^#[0-9a-f]{6}$/);
  await expect(screen.locator('.fixture__team svg.team-kit')).toHaveCount(
    await screen.locator('.fixture__team').count(),
  );
  const size = page.viewportSize();
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(firstTeam.locator('svg.team-kit')).toBeVisible();
  await expectInside(screen.locator('.fixture__name'), '.fixture__team');
  await page.screenshot({ path: test.info().outputPath('matches-kits-768.png') });
  if (size) await page.setViewportSize(size);
  // Each round of the demo season, with its longest names.
  for (let i = 0; i < 3; i++) {
    await expectInside(
      screen.locator('.fixture__team, .fixture__name, .fixture__mid, .round-nav ion-button'),
      '.card',
    );
    await expectTouchTargets(screen.locator('.fixture__team, .round-nav ion-button'));
    await screen.locator('.round-nav ion-button').last().click();
  }
  const team = screen.locator('.fixture__team').first();
  const name = (await team.getAttribute('aria-label'))?.replace(/^Add (.+) to favourites$/, '$1') ?? '';
  await team.click();
  await expect(team).toHaveAttribute('aria-pressed', 'true');
  await expect(team).toHaveAttribute('aria-label', `Remove ${name} from favourites`);
  await screen.locator('ion-toggle').click();
  await expect(screen.locator('.fixture')).not.toHaveCount(0);
  for (const row of await screen.locator('.fixture').all()) await expect(row).toContainText(/./);
  await page.screenshot({ path: test.info().outputPath('matches-fixtures.png') });
});
