import type { Browser, Page } from '@playwright/test';
import { expectStatus } from '../apps/server/test/support/world-api.ts';
import {
  activePage,
  expect,
  openMenu,
  pageSession,
  signUpByApi,
  startClubByApi,
  test,
  uniqueEmail,
} from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

/** A 120×60 blue PNG logo. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAAA8CAIAAAAiz+n/AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA4ElEQVR4nO3UUY0DARTDwBJYXMVppiXQ316eTiMFgeX49byz5/cQXig/f6Ia0AHdf3obowO6uYaMbg5OOro5jQ7o5hoyujk46ejmNDqgm2vI6ObgpKOb0+iAbq4ho5uDk45uTqMDurmGjG4OTjq6OY0O6OYaMro5OOno5jQ6oJtryOjm4KSjm9PogG6uIaObg5OObk6jA7q5hoxuDk46ujmNDujmGjK6OTjp6OY0OqCba8jo5uCko5vT6IBuriGjm4OTjm5OowO6uYaMbg5OOro5jQ7o5hoyujk46WjO9Os+ijjsJ8MX2m0AAAAASUVORK5CYII=',
  'base64',
);

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signUpInForm(page: Page, who: { name: string; email: string }) {
  const form = activePage(page).locator('form[aria-label="Sign up"]');
  await form.locator('input[name="name"]').fill(who.name);
  await form.locator('input[name="email"]').fill(who.email);
  await form.locator('input[name="password"]').fill('a pint of bitter');
  await form.locator('input[name="dateOfBirth"]').fill('1988-08-08');
  await form.locator('ion-button[type="submit"]').click();
}

async function newPage(browser: Browser, like: Page) {
  const context = await browser.newContext({
    viewport: like.viewportSize(),
    baseURL: new URL(like.url()).origin,
    serviceWorkers: 'block',
  });
  return context.newPage();
}

async function meOf(page: Page) {
  return (await page.request.get('/api/me')).json();
}

test('a new club signs up, sets its colours and logo, invites a staff member, and a player joins by the QR link', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = stamp();
  const slug = `the-fox-${id}`;
  const shot = (name: string) =>
    page.screenshot({
      path: testInfo.outputPath(`tenants-${name}-${testInfo.project.name}.png`),
      fullPage: true,
    });

  // 1. From the app: "Run Last Man Standing at your club", with a new account.
  await page.goto('/start-club');
  await activePage(page).getByText('Create your account', { exact: true }).click();
  await expect(page).toHaveURL(/\/signup\?start=1/);
  // Not "at The Red Lion": the founder is about to start a club of their own.
  await expect(activePage(page).locator('.auth-hero')).toContainText(
    'Then set up Last Man Standing at your club',
  );
  await expect(activePage(page).locator('.auth-hero')).not.toContainText('Red Lion');
  await signUpInForm(page, { name: 'Fran Founder', email: `founder-${id}@example.test` });
  await expect(page).toHaveURL(/\/start-club$/);
  const form = activePage(page).locator('form');
  await form.locator('input[name="clubName"]').fill(`The Fox ${id}`);
  await form.locator('input[name="slug"]').fill(slug);
  await shot('start-club');
  await form.locator('ion-button[type="submit"]').click();
  await expect(page).toHaveURL(/\/club-settings$/);
  expect(await meOf(page)).toMatchObject({ role: 'admin', club: { slug } });

  // 2. Colours: a pale one would be darkened (shown before saving); readable ones are saved and themed.
  const settings = activePage(page);
  await settings.locator('input[name="primaryColor"]').fill('#ffeb3b');
  await expect(
    settings.getByText(/#ffeb3b is too pale for white text .* it will be darkened to #[0-9a-f]{6}/),
  ).toBeVisible();
  await settings.locator('input[name="primaryColor"]').fill('#0d47a1');
  await settings.locator('input[name="secondaryColor"]').fill('#4a148c');
  await settings.locator('form ion-button[type="submit"]').click();
  await expect(page.getByText('Club settings saved.')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--ion-color-primary').trim(),
      ),
    )
    .toBe('#0d47a1');

  // 3. The logo, uploaded and shown.
  await settings
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fox.png', mimeType: 'image/png', buffer: LOGO });
  const logo = settings.locator('img.club-logo');
  await expect(logo).toHaveAttribute('src', /\/api\/clubs\/[^/]+\/logo\?v=\d+$/);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(120);

  // 4. Joining needs the code: the QR link carries it.
  await settings.getByText('the join code (the poster').click();
  const code = (await settings.getByTestId('join-code').textContent())?.trim() ?? '';
  await expect(settings.locator('.club-link a')).toHaveText(new RegExp(`/c/${slug}\\?code=${code}$`));
  await expectInside(settings.locator('.card h2, .card p, .card ion-button'), '.card');
  await shot('settings');

  // 5. The poster: the QR code of that link.
  await settings.getByText('Print the poster', { exact: true }).click();
  await expect(page).toHaveURL(/\/club-poster$/);
  await expect(activePage(page).getByTestId('poster-qr').locator('svg')).toBeVisible();
  const qrLink = (await activePage(page).getByTestId('poster-url').textContent())?.trim() ?? '';
  expect(qrLink).toMatch(new RegExp(`/c/${slug}\\?code=${code}$`));
  await shot('poster');

  // 6. Invite a staff member by a single-use link.
  await page.goto('/club-members');
  const members = activePage(page);
  await members.getByLabel('Invitation role').selectOption('staff');
  await members.locator('.club-invite ion-segment-button').filter({ hasText: 'Link' }).click();
  await members.getByRole('button', { name: 'Make an invitation link' }).click();
  const invitation = (await members.getByTestId('invitation-url').textContent())?.trim() ?? '';
  expect(invitation).toMatch(/\/invite\/[\w-]+$/);

  const staff = await newPage(browser, page);
  await staff.goto(new URL(invitation).pathname);
  // The invitation names its club and the role, in the club's own colours.
  const offer = activePage(staff).getByTestId('invitation');
  await expect(offer).toContainText(`The Fox ${id} invites you`);
  await expect(offer).toContainText('Join The Fox');
  await expect(offer).toContainText('as a member of staff');
  await expect
    .poll(() =>
      staff.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--ion-color-primary').trim(),
      ),
    )
    .toBe(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--ion-color-primary').trim(),
      ),
    );
  await activePage(staff).getByText('Create an account', { exact: true }).click();
  await expect(activePage(staff).locator('.auth-hero')).toContainText(`Last Man Standing at The Fox ${id}`);
  await signUpInForm(staff, { name: 'Sam Steward', email: `staff-${id}@example.test` });
  await expect(staff).toHaveURL(/\/invite\//);
  await activePage(staff)
    .getByRole('button', { name: /^Join The Fox/ })
    .click();
  await expect(staff.getByText(/Welcome to The Fox .*: you are a member of staff there\./)).toBeVisible();
  expect(await meOf(staff)).toMatchObject({ role: 'staff', club: { slug } });

  // 7. A player scans the QR code at the bar: the club's page, its Join button, sign-up, and they are in.
  const player = await newPage(browser, page);
  await player.goto(new URL(qrLink).pathname + new URL(qrLink).search);
  await player.getByRole('link', { name: `Join The Fox ${id}` }).click();
  await expect(player).toHaveURL(/\/signup$/);
  await expect(activePage(player).locator('.auth-hero')).toContainText(`Last Man Standing at The Fox ${id}`);
  await signUpInForm(player, { name: 'Pat Punter', email: `player-${id}@example.test` });
  await expect(
    player,
    await activePage(player).locator('[role="alert"]').allTextContents().then(String),
  ).not.toHaveURL(/\/signup/, { timeout: 20_000 });
  await expect.poll(async () => (await meOf(player)).club?.slug).toBe(slug);
  expect((await meOf(player)).role).toBe('player');
  // The player's app takes the club's colours.
  await expect
    .poll(() =>
      player.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--ion-color-primary').trim(),
      ),
    )
    .toBe('#0d47a1');

  // 8. The admin sees both among the members.
  await page.reload();
  await expect(activePage(page).locator(`[data-member="staff-${id}@example.test"] select`)).toHaveValue(
    'staff',
  );
  await expect(activePage(page).locator(`[data-member="player-${id}@example.test"] select`)).toHaveValue(
    'player',
  );
  await expectInside(activePage(page).locator('.member-row__who, .member-row select'), '.card');
  await shot('members');

  // 9. Sam also plays at the demo club (its link is enough there): two clubs, and the menu switches.
  await staff.goto('/c/red-lion');
  // The club's public page; its Join button opens the app, which asks first: joining another club
  // changes what the app shows.
  await staff.getByRole('link', { name: 'Join The Red Lion' }).click();
  const question = activePage(staff).getByTestId('join-question');
  await expect(question).toContainText('Join The Red Lion?');
  await expect(question).toContainText(`You stay a member of The Fox ${id}`);
  expect(await meOf(staff)).toMatchObject({ role: 'staff', club: { slug } });
  await question.getByRole('button', { name: 'Join The Red Lion' }).click();
  await expect(staff.getByText('You are now playing at The Red Lion.')).toBeVisible();
  expect(await meOf(staff)).toMatchObject({ role: 'player', club: { slug: 'red-lion' } });
  await openMenu(staff);
  await staff
    .locator('ion-menu select[aria-label="Club you are acting in"]')
    .selectOption({ label: `The Fox ${id} (staff)` });
  await expect.poll(async () => (await meOf(staff)).club?.slug).toBe(slug);
  expect((await meOf(staff)).role).toBe('staff');
  await staff.context().close();
  await player.context().close();
});

test.describe('leaving a club', () => {
  // The last admin's refusal (a 409) is logged by the browser; the page shows it as it should.
  test.use({ allowHttpErrors: true });
  test('a player leaves a club from their account; its last admin is told why they cannot', async ({
    page,
    browser,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const club = await startClubByApi(page, 'Leaving Arms');
    const toast = (p: Page) => p.locator('ion-toast.app-toast');

    // The founder is the club's only admin: the server refuses, and the page says why.
    await page.goto('/app/tabs/account');
    const founderRow = activePage(page).getByTestId('my-clubs').locator(`[data-club="${club.name}"]`);
    await expect(founderRow).toContainText('admin');
    await founderRow.getByRole('button', { name: `Leave ${club.name}` }).click();
    const alert = page.locator('ion-alert');
    await expect(alert).toContainText(`Leave ${club.name}?`);
    await expect(alert).toContainText('if you are its only one, make someone else admin first');
    await alert.getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(toast(page)).toContainText('A club needs at least one admin');
    await expect(alert).toHaveCount(0);
    await expect(founderRow).toBeVisible();

    // A player of the Red Lion joins this club by its code too, then leaves it.
    const player = await newPage(browser, page);
    await signUpByApi(player, {
      name: 'Lee Leaver',
      email: uniqueEmail('leaver'),
      password: 'a pint of bitter',
      dateOfBirth: '1990-01-01',
    });
    expectStatus(await pageSession(player).post('/api/me/clubs', { joinCode: club.joinCode }), 'join');
    await player.goto('/app/tabs/account');
    const card = activePage(player).getByTestId('my-clubs');
    const row = card.locator(`[data-club="${club.name}"]`);
    await expect(row).toContainText('player · acting here now');
    await expect(card.locator('[data-club]')).toHaveCount(2);
    expect(await smallControls(card.locator('ion-button'))).toEqual([]);
    await expectInside(card.locator('ion-button, .my-clubs__name'), '.card');
    await card.scrollIntoViewIfNeeded();
    await player.screenshot({ path: testInfo.outputPath('leave-club-360.png') });
    await row.getByRole('button', { name: `Leave ${club.name}` }).click();
    const confirm = player.locator('ion-alert');
    await expect(confirm).toContainText(
      'You will no longer be a member: no picks, bookings or orders there.',
    );
    await expect(confirm).toContainText(
      "Your entries and orders there stay yours, but an entry still playing can no longer pick, so its competition's rule for a missed pick applies.",
    );
    await expect(confirm).not.toContainText('A club needs an admin');
    expect(await smallControls(confirm.locator('button'))).toEqual([]);
    await player.screenshot({ path: testInfo.outputPath('leave-club-confirm-360.png') });
    await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(toast(player)).toContainText(`You have left ${club.name}.`);
    await expect(row).toHaveCount(0);
    await expect(card.locator('[data-club]')).toHaveCount(1);
    // The session acts in the club the player still belongs to.
    await expect(activePage(player).getByTestId('signed-in-as')).toContainText('(player) at The Red Lion');
    const me = await meOf(player);
    expect(me.clubs.map((m: { club: { id: string } }) => m.club.id)).not.toContain(club.id);
    await player.context().close();
  });
});
