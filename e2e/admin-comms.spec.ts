/**
 * The admin answers a contact message (emailed to its sender), marks it done and reopens it, and
 * sends an invitation by email that then waits in the pending list: on a desktop, and at 390 and
 * 360 px on a phone.
 */
import type { Page, TestInfo } from '@playwright/test';
import {
  activePage,
  expect,
  firstLink,
  logInByApi,
  test,
  uniqueEmail,
  waitForMail,
  xsrfHeaders,
} from './support/fixtures.ts';

async function shot(page: Page, info: TestInfo, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: info.outputPath(`comms-${name}-${width}.png`), fullPage: false });
}

/** The phone project runs at 390 px (and is looked at again at 360); the desktop one as it is. */
async function sized(page: Page, info: TestInfo) {
  if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
}

test('the admin replies to a contact message by email, marks it done and reopens it', async ({
  page,
}, info) => {
  await sized(page, info);
  const stamp = `${Date.now().toString(36)}-${info.project.name}`;
  const subject = `Quiz night ${stamp}`;
  const sender = uniqueEmail('vera');
  const sent = await page.request.post('/api/contact', {
    data: { name: 'Vera Visitor', email: sender, subject, message: 'Do you run a quiz on Thursdays?' },
    headers: await xsrfHeaders(page),
  });
  expect(sent.status(), await sent.text()).toBe(201);

  await page.context().clearCookies();
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/admin');
  const admin = activePage(page);
  const card = admin.getByTestId('contact-message').filter({ hasText: subject });
  await expect(card).toHaveAttribute('data-status', 'open');
  await card.getByRole('button', { name: 'Reply', exact: true }).click();

  // An empty reply is refused before it goes anywhere, in words.
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(card.getByText('Write your answer before sending it.')).toBeVisible();

  await card.getByLabel('Your reply to Vera Visitor').fill('Yes: every Thursday at 8pm. See you there!');
  await card.scrollIntoViewIfNeeded();
  await shot(page, info, 'reply-form');
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expect(card.getByTestId('contact-reply')).toContainText('Replied by Alex Admin');
  await expect(card.getByTestId('contact-reply')).toContainText('Yes: every Thursday at 8pm.');
  const mail = await waitForMail(sender, new RegExp(`^Re: ${subject}$`));
  expect(mail.text).toContain('Yes: every Thursday at 8pm. See you there!');

  await card.getByRole('button', { name: 'Mark done' }).click();
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(card).toContainText('Marked done by Alex Admin');

  // Done messages under their own filter; reopened, it leaves it.
  const filter = (name: string) =>
    admin.locator('.contact-messages ion-segment-button').filter({ hasText: new RegExp(`^${name}$`) });
  await filter('Done').click();
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, info, 'done-filter');
  if (info.project.name === 'phone') {
    await page.setViewportSize({ width: 360, height: 740 });
    await card.scrollIntoViewIfNeeded();
    await shot(page, info, 'done-filter');
    await page.setViewportSize({ width: 390, height: 844 });
  }
  await card.getByRole('button', { name: 'Reopen' }).click();
  await expect(card).toHaveCount(0);
  await filter('Open').click();
  await expect(card).toHaveAttribute('data-status', 'open');
});

test('the admin sends an invitation by email and sees it pending', async ({ page, browser }, info) => {
  await sized(page, info);
  const invitee = uniqueEmail(`barman-${info.project.name}`);
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/club-members');
  const members = activePage(page);
  await members.getByLabel('Invitation role').selectOption('staff');
  await members.locator('.club-invite ion-segment-button').filter({ hasText: 'Email' }).click();

  // Nothing written: said in words, nothing sent.
  await members.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(members.getByText('Write the email address to send it to.')).toBeVisible();

  await members.getByLabel('Their email address').fill(invitee);
  await shot(page, info, 'invite-form');
  await members.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.locator('ion-toast')).toContainText(`Invitation sent to ${invitee}.`);

  const row = members.locator(`[data-testid="pending-invitation"][data-sent-to="${invitee}"]`);
  await expect(row).toContainText('staff');
  await expect(row).toContainText('By email, sent');
  await expect(row).toContainText('by Alex Admin');
  await expect(row).toContainText('Expires');
  await row.scrollIntoViewIfNeeded();
  await shot(page, info, 'pending');
  if (info.project.name === 'phone') {
    await page.setViewportSize({ width: 360, height: 740 });
    await row.scrollIntoViewIfNeeded();
    await shot(page, info, 'pending');
  }

  // The email names the club and the role, and its link opens the invitation.
  const mail = await waitForMail(invitee, /^The Red Lion invites you to join as a member of staff$/);
  const link = firstLink(mail, /\/invite\//);
  const guest = await browser.newPage();
  await guest.goto(link);
  await expect(guest.getByTestId('invitation')).toContainText('The Red Lion');
  await guest.close();

  // Sent again: a new email, and the row stays pending.
  await row.getByRole('button', { name: 'Send again' }).click();
  await expect(page.locator('ion-toast')).toContainText('with a new link');
  await expect(row).toBeVisible();
});
