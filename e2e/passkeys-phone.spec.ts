import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import {
  activePage,
  expect,
  expectSignedInShell,
  fill,
  signUpByApi,
  submit,
  test,
  uniqueEmail,
} from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

const PASSWORD = 'a long enough password';
const SHOTS = '/tmp/auth11-shots';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${testInfo.project.name}-${name}.png`), fullPage: true });
}

async function newMember(page: Page, name: string) {
  await signUpByApi(page, {
    name,
    email: uniqueEmail('auth11'),
    password: PASSWORD,
    dateOfBirth: '1985-06-01',
  });
}

async function logOut(page: Page) {
  await page.goto('/account');
  await activePage(page).getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
}

test.describe('passkeys', () => {
  test('registers a passkey on the account page, then signs in with it after signing out', async ({
    page,
  }, testInfo) => {
    // Chromium's virtual authenticator: a platform authenticator (fingerprint-like) that keeps passkeys.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await newMember(page, 'Pat Passkey');
    await page.goto('/account');
    const card = activePage(page).locator('section[aria-labelledby="passkeys-heading"]');
    await expect(card.getByTestId('no-passkeys')).toBeVisible();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(card.locator('.passkey-row')).toHaveCount(1);
    await expect(card.locator('.passkey-row')).toContainText('Passkey on');
    // The passkey lives on the authenticator, discoverable (no email typed to sign in).
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    await expectInside(card.locator('.passkey-row'), 'section[aria-labelledby="passkeys-heading"]');
    expect(await smallControls(card.locator('ion-button'))).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'account-passkeys');

    await logOut(page);
    await activePage(page).getByRole('link', { name: 'a passkey' }).click();
    await page.waitForURL('**/bio-auth');
    await shot(page, testInfo, 'bio-auth');
    await activePage(page).getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/app/tabs/game');
    await expectSignedInShell(page);

    // Back on the account page: the passkey shows its use, and can be removed.
    await page.goto('/account');
    await expect(card.locator('.passkey-row')).toContainText('last used');
    await card.getByRole('button', { name: /^Remove / }).click();
    await expect(card.getByTestId('no-passkeys')).toBeVisible();
  });
});

/** The SMS sent so far to the number (through the Twilio stand-in), oldest first. */
function smsTo(to: string): { to: string; body: string }[] {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'sms');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; body: string })
    .filter((s) => s.to === to);
}

async function codeNumber(to: string, nth: number): Promise<string> {
  let body = '';
  await expect(async () => {
    body = smsTo(to)[nth - 1]?.body ?? '';
    expect(body).not.toBe('');
  }).toPass({ timeout: 20_000 });
  // WebOTP's line: `@host #code`, last.
  const match = /\n@localhost #(\d{6})$/.exec(body);
  expect(match, body).not.toBeNull();
  return match?.[1] ?? '';
}

test.describe('phone codes', () => {
  test('confirms a number with a texted code, then signs in with one', async ({ page }, testInfo) => {
    const digits = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');
    const local = `07700 9${digits}`;
    const e164 = `+4477009${digits}`;
    await newMember(page, 'Tess Text');
    await page.goto('/account');
    await activePage(page).locator('ion-button', { hasText: 'Confirm a number' }).click();
    await page.waitForURL('**/web-otp-page');
    await fill(page, 'phone', local);
    await submit(page, 'Your mobile number');
    await expect(activePage(page).getByTestId('code-sent')).toContainText(e164);
    const code = activePage(page).locator('input[name="one-time-code"]');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await shot(page, testInfo, 'web-otp-code');
    await code.fill(await codeNumber(e164, 1));
    await submit(page, 'Enter the code');
    await page.waitForURL('**/account');
    await expect(activePage(page).getByTestId('phone-confirmed')).toBeVisible();

    await logOut(page);
    await activePage(page).getByRole('link', { name: 'a code by text' }).click();
    await page.waitForURL('**/web-otp-page');
    await shot(page, testInfo, 'web-otp-number');
    await fill(page, 'phone', e164);
    await submit(page, 'Your mobile number');
    await expect(activePage(page).getByTestId('code-sent')).toBeVisible();
    await code.fill(await codeNumber(e164, 2));
    await submit(page, 'Enter the code');
    await page.waitForURL('**/app/tabs/game');
    await expectSignedInShell(page);
  });
});

test.describe('phone codes, refused', () => {
  test.use({ allowHttpErrors: true });
  test('a wrong code says so, in plain words', async ({ page }) => {
    await page.goto('/web-otp-page');
    await fill(page, 'phone', '07700 900999');
    await submit(page, 'Your mobile number');
    await activePage(page).locator('input[name="one-time-code"]').fill('123456');
    await submit(page, 'Enter the code');
    await expect(activePage(page).locator('[role="alert"]')).toContainText(
      'That code did not work. Check the latest text from us, or ask for a new code.',
    );
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the passkey and phone-code pages fit a phone, with thumb-sized controls', async ({
    page,
  }, testInfo) => {
    for (const [path, name] of [
      ['/bio-auth', 'bio-auth-390'],
      ['/web-otp-page', 'web-otp-390'],
    ] as const) {
      await page.goto(path);
      const card = activePage(page).locator('.card').first();
      await expect(card).toBeVisible();
      await expectInside(card.locator('p, ion-button, input'), '.card');
      expect(await smallControls(card.locator('ion-button'))).toEqual([]);
      await shot(page, testInfo, name);
    }
  });
});
