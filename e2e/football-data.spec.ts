/** The competitions tab says where the football data comes from and how fresh it is; a platform admin uploads a season. */
import { activePage, expect, logIn, test } from './support/fixtures.ts';
import { expectTouchTargets } from './support/layout.ts';

// The garbage upload's 400 is the point of it.
test.use({ allowHttpErrors: true });

test('the admin sees the season being played, its source and whether it is up to date; garbage is refused', async ({
  page,
}) => {
  await logIn(page, 'admin@redlion.test');
  await page.goto('/admin');
  const screen = activePage(page);
  await screen.locator('ion-button', { hasText: 'Football data' }).click();
  const panel = screen.getByTestId('football-data');
  const premier = panel.locator('[data-season-key="premier-league-2026-27"]');
  await expect(premier).toContainText('English Premier League 2026/27');
  await expect(premier).toContainText('Premier League');
  await expect(premier).toContainText('from the file that came with the server');
  await expect(panel.locator('[data-season-key="championship-2026-27"]')).toContainText('Championship');
  await expect(panel).toContainText('This server does not fetch fixtures and results');

  // A file that is not a season: the server's plain message, nothing changed.
  await panel.getByTestId('season-file').setInputFiles({
    name: 'en.1.json',
    mimeType: 'application/json',
    buffer: Buffer.from('<html>not a season</html>'),
  });
  await expect(panel.getByTestId('season-upload-error')).toContainText('This file is not JSON');
  await expectTouchTargets(panel.locator('input, button, select'));
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('football-data.png'), fullPage: false });

  // The competition form offers both leagues.
  await screen.locator('ion-button', { hasText: 'New competition' }).click();
  const select = screen.locator('select[name="seasonId"]');
  await expect(select.locator('optgroup[label="Championship"] option')).toContainText([
    'English Championship 2026/27',
  ]);
  await expect(select.locator('optgroup[label="Premier League"] option', { hasText: '2026/27' })).toHaveCount(
    1,
  );
});
