/** Lives and buy-backs: the form explains each choice in plain words, and the rules page states them. */
import type { CompetitionDetail, CompetitionList } from '@lastman/api';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logIn, test } from './support/fixtures.ts';

// Both projects at 360 px, the narrowest phone the app serves (the form's new fields and the rules' lines).
test.use({ viewport: { width: 360, height: 780 } });

test('an admin offers a life and a buy-back, previewed in plain words, and players read them in the rules', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('baseURL');
  const name = `Second Chance ${test.info().project.name} ${Date.now().toString(36)}`;
  await logIn(page, 'admin@redlion.test');
  await page.goto('/admin');
  const screen = activePage(page);
  await screen.locator('ion-button', { hasText: 'New competition' }).click();
  const form = screen.locator('form[aria-label="Create competition"]');
  await form.locator('input[name="name"]').fill(name);
  const preview = form.getByTestId('variant-preview');
  await expect(preview).toContainText('No lives: an entry is out the first time its pick fails.');
  await expect(preview).toContainText('No buy-backs');

  await form.locator('select[name="lives"]').selectOption('2');
  await expect(preview).toContainText('Each entry can lose 2 matches and stay in');
  const start = Number(await form.locator('select[name="startRound"]').inputValue());
  // The window in the competition's own rounds ("its first 3 rounds"), not only the season's gameweeks.
  await expect(form.locator('select[name="buyBackUntil"] option[value="3"]')).toHaveText(
    `Knocked out in its first 3 rounds (gameweeks ${start}–${start + 2})`,
  );
  await form.locator('select[name="buyBackUntil"]').selectOption('3');
  // Its price is the entry fee (£5.00) until the admin types another.
  await expect(form.locator('input[name="buyBackPrice"]')).toHaveValue('');
  await expect(preview).toContainText('can buy back in once for £5.00 before the next deadline');
  await form.locator('input[name="buyBackPrice"]').fill('2.50');
  await expect(preview).toContainText(
    `An entry knocked out in rounds ${start}–${start + 2} can buy back in once for £2.50 before the next deadline; it comes back with no lives and keeps its used teams.`,
  );
  await preview.scrollIntoViewIfNeeded();
  await preview.screenshot({ path: test.info().outputPath('lives-preview.png') });
  await form.locator('ion-button[type="submit"]').click();

  const admin = await apiClient(baseURL, 'admin@redlion.test');
  let id = '';
  await expect(async () => {
    const { competitions } = await admin.get<CompetitionList>('/api/competitions');
    id = competitions.find((c) => c.name === name)?.id ?? '';
    expect(id).not.toBe('');
  }).toPass();
  // Saved in the competition's own rounds, as the form offered it: its first 3.
  const saved = await admin.get<CompetitionDetail>(`/api/competitions/${id}`);
  expect(saved.competition.buyBack).toEqual({ untilRound: 3, pricePence: 250 });
  await admin.dispose();

  await page.goto(`/rules?competition=${encodeURIComponent(id)}`);
  const rules = activePage(page).locator(`[data-competition-rules="${name}"]`);
  await expect(rules).toContainText('Each entry can lose 2 matches and stay in');
  await expect(rules).toContainText(
    `An entry knocked out in rounds ${start}–${start + 2} can buy back in once for £2.50`,
  );
  await expect(rules).toContainText('by players aged 18 and over only');
  const livesLine = rules.getByText('Each entry can lose 2 matches and stay in', { exact: false });
  await livesLine.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('lives-rules.png') });
});
