import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  activePage,
  expect,
  fill,
  firstLink,
  logIn,
  type ReceivedMail,
  signUpByApi,
  storedSession,
  submit,
  test,
  uniqueEmail,
  visibleTitle,
  xsrfHeaders,
} from './support/fixtures.ts';

const PASSWORD = 'a long enough password';

/** A fresh member for each test (these tests change and delete accounts), signed in on the page. */
async function signUp(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('account');
  await signUpByApi(page, { name, email, password: PASSWORD, dateOfBirth: '1988-02-14' });
  await page.goto('/account');
  await expect(activePage(page).getByRole('heading', { name })).toBeVisible();
  return email;
}

/** Emails received so far for `to` with that subject, oldest first. */
function mailsTo(to: string, subject: RegExp): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject));
}

/** Signing in through the API, as a second device would: the status code only. */
async function signInStatus(page: Page, email: string, password: string): Promise<number> {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: await xsrfHeaders(page),
  });
  return res.status();
}

const button = (page: Page, name: string) => activePage(page).getByRole('button', { name, exact: true });
const toast = (page: Page) => page.locator('ion-toast.app-toast');

test('saves the profile (name and phone) and shows it after a reload', async ({ page }) => {
  await signUp(page, 'Pat Profile');
  await fill(page, 'name', 'Patricia Profile');
  await fill(page, 'phone', '+44 7700 900456');
  await button(page, 'Save profile').click();
  await expect(toast(page)).toContainText('Your profile has been saved.');

  await page.reload();
  await expect(visibleTitle(page)).toHaveText('Account');
  const content = activePage(page);
  await expect(content.getByRole('heading', { name: 'Patricia Profile' })).toBeVisible();
  await expect(content.locator('input[name="name"]')).toHaveValue('Patricia Profile');
  await expect(content.locator('input[name="phone"]')).toHaveValue('+44 7700 900456');
  await expect(content.getByText('Date of birth: 14 February 1988')).toBeVisible();
});

test('changes the password, then logs out and logs in with the new one', async ({ page }) => {
  const email = await signUp(page, 'Chris Change');
  await fill(page, 'currentPassword', PASSWORD);
  await fill(page, 'newPassword', 'a brand new passphrase');
  await button(page, 'Change password').click();
  await expect(toast(page)).toContainText('Your password has been changed.');

  await button(page, 'Log out').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await signInStatus(page, email, PASSWORD)).toBe(401);
  await logIn(page, email, 'a brand new passphrase');
  await page.goto('/account');
  await expect(activePage(page).getByRole('heading', { name: 'Chris Change' })).toBeVisible();
});

test('exports the data as a JSON file that holds the email address', async ({ page }) => {
  const email = await signUp(page, 'Erin Export');
  const download = page.waitForEvent('download');
  await button(page, 'Export my data').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('lastman-my-data.json');
  const path = await file.path();
  const text = readFileSync(path, 'utf8');
  const data: unknown = JSON.parse(text);
  expect(typeof data).toBe('object');
  expect(text).toContain(email);
  await expect(toast(page)).toContainText('Your data has been downloaded.');
});

test('requests a verification email and the link from it marks the account verified', async ({ page }) => {
  const email = await signUp(page, 'Vic Verify');
  const content = activePage(page);
  await expect(content.getByText('Verified', { exact: true })).toHaveCount(0);
  const subject = /Confirm your email address/;
  // Sign-up sends one already; the button sends another.
  await expect.poll(() => mailsTo(email, subject).length).toBe(1);
  await button(page, 'Verify email').click();
  await expect(toast(page)).toContainText(`We have sent a verification link to ${email}.`);
  await expect.poll(() => mailsTo(email, subject).length, { timeout: 20_000 }).toBe(2);
  const mail = mailsTo(email, subject).at(-1);
  if (!mail) throw new Error('no verification email');

  await page.goto(firstLink(mail, /verify-email/));
  await expect(page).toHaveURL(/\/account\?verified=1$/);
  const verified = activePage(page);
  await expect(verified.getByTestId('verified-notice')).toHaveText(
    `Thank you: your email address ${email} is confirmed.`,
  );
  await expect(verified.locator('.badge', { hasText: 'Verified' })).toBeVisible();
  await expect(verified.getByRole('button', { name: 'Verify email' })).toHaveCount(0);
});

test.describe('deleting the account', () => {
  test.use({ allowHttpErrors: true });
  test('deletes the account, signs out, and the account can no longer log in', async ({ page }) => {
    const email = await signUp(page, 'Dana Delete');
    await button(page, 'Delete account').click();
    await fill(page, 'deletePassword', PASSWORD);
    await button(page, 'Delete my account').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText('Your account has been deleted.');
    await expect.poll(async () => (await storedSession(page)).hasLoggedIn).toBeUndefined();
    expect((await page.request.get('/api/me')).status()).toBe(401);

    await fill(page, 'email', email);
    await fill(page, 'password', PASSWORD);
    await submit(page, 'Log in');
    await expect(activePage(page).getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await signInStatus(page, email, PASSWORD)).toBe(401);
  });
});
