import {
  activePage,
  expect,
  expectSignedInShell,
  fill,
  firstLink,
  logIn,
  menuItems,
  openMenu,
  storedSession,
  submit,
  test,
  uniqueEmail,
  visibleTitle,
  waitForMail,
} from './support/fixtures.ts';

test('sign up, see the tutorial once, log out and log in again', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await fill(page, 'name', 'Sam Signup');
  await fill(page, 'email', email);
  await fill(page, 'password', 'correct horse battery');
  await fill(page, 'dateOfBirth', '1990-04-23');
  await fill(page, 'phone', '+44 7700 900123');
  await submit(page, 'Sign up');
  await expect(page.locator('ion-toast.app-toast')).toContainText(
    `Check your inbox: we sent a link to confirm ${email}.`,
  );

  // New members get the tutorial once; it can be skipped.
  await expect(page).toHaveURL(/\/tutorial$/);
  await page.getByRole('button', { name: 'Skip' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/app\/tabs\/game$/);
  await expectSignedInShell(page);

  await expect
    .poll(() => storedSession(page))
    .toMatchObject({
      hasLoggedIn: 'true',
      username: 'Sam Signup',
      userphoneno: '+44 7700 900123',
      hasSeenTutorial: 'true',
      UserRole: 'player',
      clubname: 'The Red Lion',
    });
  const { userid } = await storedSession(page);
  expect(userid).toBeTruthy();

  await openMenu(page);
  await expect(page.locator('ion-menu [data-menu-item="Logout"]')).toBeVisible();
  expect(await menuItems(page)).toEqual(['Games', 'Orders', 'Account', 'Notifications', 'Logout']);

  await page.locator('ion-menu [data-menu-item="Account"]').click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('signed-in-as').filter({ visible: true })).toHaveText(
    'Signed in as Sam Signup (player) at The Red Lion',
  );

  // Logout removes only the flag and the name, marks the game not started and goes to login.
  await openMenu(page);
  await page.locator('ion-menu [data-menu-item="Logout"]').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(visibleTitle(page)).toHaveText('Log in');
  const after = await storedSession(page);
  expect(after.hasLoggedIn).toBeUndefined();
  expect(after.username).toBeUndefined();
  expect(after).toMatchObject({
    userid,
    userphoneno: '+44 7700 900123',
    UserRole: 'player',
    gamestarted: 'false',
  });
  await openMenu(page);
  await expect(page.locator('ion-menu [data-menu-item="Login"]')).toBeVisible();
  expect(await menuItems(page)).toEqual(['Login', 'About']);
  await page.keyboard.press('Escape');

  await logIn(page, email, 'correct horse battery');
  await expect.poll(async () => (await storedSession(page)).hasLoggedIn).toBe('true');
  await page.goto('/account');
  await expect(page.getByTestId('signed-in-as').filter({ visible: true })).toContainText(
    'Sam Signup (player)',
  );
});

test.describe('server errors', () => {
  test.use({ allowHttpErrors: true });
  test('sign-up shows the server refusing a common password', async ({ page }) => {
    await page.goto('/signup');
    await fill(page, 'name', 'Weak Password');
    await fill(page, 'email', uniqueEmail('weak'));
    await fill(page, 'password', 'password123');
    await fill(page, 'dateOfBirth', '1985-01-01');
    await submit(page, 'Sign up');
    await expect(activePage(page).getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await page.goto('/login');
    await fill(page, 'email', 'player4@redlion.test');
    await fill(page, 'password', 'not-the-password');
    await submit(page, 'Log in');
    await expect(activePage(page).getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const width of [360, 390]) {
    test(`at ${width} px, a password throttled for unknown devices says how long, and the other ways in`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      // The server's answer once strangers have failed fifty times (rate limits are off in these tests).
      const message =
        'Too many failed sign-ins to this account. Try again in 14 minutes. You can still sign in with a passkey or a code sent to your phone.';
      await page.route('**/api/auth/sign-in/email', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'retry-after': '840' },
          json: { error: { code: 'TOO_MANY_REQUESTS', message } },
        }),
      );
      await page.goto('/login');
      await fill(page, 'email', 'player4@redlion.test');
      await fill(page, 'password', 'the-right-one-maybe');
      await submit(page, 'Log in');
      await expect(activePage(page).getByRole('alert')).toHaveText(message);
      await expect(activePage(page).getByRole('link', { name: 'a passkey' })).toBeVisible();
      await expect(activePage(page).getByRole('link', { name: 'a code by text' })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`login-throttled-${width}.png`), fullPage: true });
    });
  }
});

test('reset a forgotten password through the emailed link', async ({ page }) => {
  const email = uniqueEmail('reset');
  // Create the account through the UI, then log out.
  await page.goto('/signup');
  await fill(page, 'name', 'Rita Reset');
  await fill(page, 'email', email);
  await fill(page, 'password', 'first sturdy password');
  await fill(page, 'dateOfBirth', '1992-02-02');
  await submit(page, 'Sign up');
  await expect(page).toHaveURL(/\/tutorial$/);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login$/);

  await activePage(page).getByText('Forgot your password?').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await fill(page, 'email', email);
  await submit(page, 'Request a password reset');
  await expect(activePage(page).getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await waitForMail(email, /password/i);
  const link = firstLink(mail, /reset-password/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await fill(page, 'newPassword', 'second sturdy password');
  await fill(page, 'confirmPassword', 'second sturdy password');
  await submit(page, 'Choose a new password');
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'second sturdy password');
  await expect(visibleTitle(page)).toHaveText('Game');
});

test('an expired reset link says so', async ({ page }) => {
  await page.goto('/reset-password?error=INVALID_TOKEN');
  await expect(activePage(page).getByRole('heading', { name: 'This link has expired' })).toBeVisible();
});
