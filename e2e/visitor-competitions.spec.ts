/** A signed-out visitor sees what a club's open competitions cost, their pot and the next deadline. */
import { activePage, expect, test } from './support/fixtures.ts';

const POT = 'Red Lion Christmas Pot (demo, £5 an entry)';

for (const width of [360, 390]) {
  test(`at ${width} px a visitor sees the entry fee, the pot and the next deadline in UK time`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    // By the club's link, as a poster's QR code brings them: the club's page, from the server.
    await page.goto('/c/red-lion');
    const onPage = page.locator(`[data-visitor-competition="${POT}"]`);
    await expect(onPage).toContainText('£5.00 an entry');
    await expect(onPage.getByTestId('visitor-pot')).toHaveText(/^Pot £\d+\.\d\d$/);
    await expect(onPage.getByTestId('visitor-deadline')).toHaveText(
      /^Next deadline \w{3} \d{1,2} \w{3}, \d\d:\d\d \(UK time\)$/,
    );
    await page.screenshot({ path: test.info().outputPath(`club-page-visitor-${width}.png`), fullPage: true });
    // Play: the app's game screen.
    await onPage.getByRole('link', { name: 'Play' }).click();
    await page.waitForURL('**/app/tabs/game');
    const onGame = activePage(page).locator(`[data-visitor-competition="${POT}"]`);
    // The first load of the app on a busy machine can take a while.
    await expect(onGame).toContainText('£5.00 an entry', { timeout: 30_000 });
    await expect(onGame.getByTestId('visitor-pot')).toHaveText(/^Pot £\d+\.\d\d$/);
    await expect(onGame.getByTestId('visitor-deadline')).toHaveText(
      /^Next deadline \w{3} \d{1,2} \w{3}, \d\d:\d\d \(UK time\)$/,
    );
    await expect(activePage(page).getByText('Sign in to play')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`game-visitor-${width}.png`), fullPage: true });

    await page.goto('/app/tabs/club');
    const onClub = activePage(page).locator(`[data-visitor-competition="${POT}"]`);
    await expect(onClub).toContainText('£5.00 an entry', { timeout: 30_000 });
    await expect(onClub.getByTestId('visitor-deadline')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`club-visitor-${width}.png`), fullPage: true });
  });
}
