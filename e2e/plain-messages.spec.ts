import { expect, logInByApi, test } from './support/fixtures.ts';

/** The toast's own box and background, read inside its shadow root. */
async function toastBox(page: import('@playwright/test').Page) {
  const toast = page.locator('ion-toast.app-toast--success');
  await expect(toast).toBeVisible();
  return toast.evaluate((el) => {
    const wrapper = el.shadowRoot?.querySelector('.toast-wrapper') as HTMLElement;
    const box = wrapper.getBoundingClientRect();
    return { top: box.top, background: getComputedStyle(wrapper).backgroundColor };
  });
}

test('a success toast is green, not the club colour, and sits below the header', async ({ page }) => {
  await logInByApi(page, 'player1@redlion.test');
  await page.goto('/notification-settings');
  const box = page.getByLabel('No push or email during quiet hours');
  await box.setChecked(!(await box.isChecked()));
  await page.getByRole('button', { name: 'Save settings' }).click();
  const { top, background } = await toastBox(page);
  expect(background).toBe('rgb(26, 107, 60)');
  const secondary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--ion-color-secondary').trim(),
  );
  expect(secondary).not.toBe('#1a6b3c');
  const header = page.locator('.ion-page:not(.ion-page-hidden) ion-header').filter({ visible: true }).first();
  const headerBox = await header.boundingBox();
  expect(headerBox).not.toBeNull();
  // The back button, the menu and the header's actions stay uncovered and tappable.
  expect(top).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0) - 1);
});

test('a passkey on an IP address is explained in plain words, not the browser’s', async ({
  page,
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  await page.goto(`http://127.0.0.1:${port}/bio-auth`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  const alert = page.getByRole('alert').filter({ visible: true }).first();
  await expect(alert).toContainText('Passkeys work only when Lastman is opened by its web address');
  await expect(alert).not.toContainText(/invalid domain|relying party|registrable/i);
});
