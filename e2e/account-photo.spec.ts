import { activePage, expect, signUpByApi, test, uniqueEmail } from './support/fixtures.ts';

/** A 1×1 red PNG (the server stores every photo as a 512 px square). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('uploads a profile photo on the account page, shows it, and removes it', async ({ page }) => {
  // A fresh account, signed up through the API with the page's cookies.
  await signUpByApi(page, {
    name: 'Polly Photo',
    email: uniqueEmail('photo'),
    password: 'smile for the camera',
    dateOfBirth: '1991-09-09',
  });

  await page.goto('/account');
  const card = activePage(page).locator('.account-profile');
  await expect(card.getByRole('heading', { name: 'Polly Photo' })).toBeVisible();
  await expect(card.locator('[data-testid="profile-photo"]')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);

  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });

  const photo = card.locator('[data-testid="profile-photo"]');
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /\/api\/users\/[^/]+\/photo\?v=\d+$/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(512);
  await expect(page.getByText('Your photo has been updated.')).toBeVisible();

  // Still there after a reload: it is stored on the server.
  await page.reload();
  await expect(activePage(page).locator('[data-testid="profile-photo"]')).toBeVisible();

  await activePage(page).getByRole('button', { name: 'Remove photo' }).click();
  await expect(activePage(page).locator('[data-testid="profile-photo"]')).toHaveCount(0);
  await expect(activePage(page).locator('.account-profile__avatar')).toHaveText('PP');
});
