import { activePage, expect, fill, logInByApi, test, uniqueEmail } from './support/fixtures.ts';

test('a contact message reaches the club admins', async ({ page }) => {
  const subject = `Question ${Date.now()}`;
  const email = uniqueEmail('vera');
  await page.goto('/contact');
  await fill(page, 'name', 'Vera Visitor');
  await fill(page, 'email', email);
  await fill(page, 'subject', subject);
  await fill(page, 'message', 'When does the next competition open?');
  await activePage(page).locator('form ion-button[type="submit"]').click();
  await expect(activePage(page).getByRole('heading', { name: 'Message sent' })).toBeVisible();

  await page.context().clearCookies();
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/admin');
  await expect(activePage(page).getByText(subject)).toBeVisible();
  await expect(activePage(page).getByText(email)).toBeVisible();
});
