/** Events: an admin creates a weekly quiz, a member signs up a team, the admin sees the team. */
import type { Page } from '@playwright/test';
import {
  activePage,
  expect,
  fill,
  logIn,
  signUpByApi,
  test,
  uniqueEmail,
  waitForMail,
} from './support/fixtures.ts';
import { expectInside, expectTouchTargets } from './support/layout.ts';

/** A 1 x 1 red PNG: the event's picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

const shots = (name: string) =>
  `${test.info().outputDir}/../../lastman-events-${test.info().project.name}-${name}.png`;

/** The next Thursday (not today) as a London date, YYYY-MM-DD. */
function nextThursday(): string {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 4);
  return d.toISOString().slice(0, 10);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: shots(name), fullPage: false });
}

test('an admin creates a weekly quiz and a member signs up a team', async ({ page, browser }) => {
  // Two people, two browsers and several screens on a shared two-core machine.
  test.setTimeout(180_000);
  const project = test.info().project.name;
  const title = `Thursday Quiz ${project} ${Date.now().toString(36)}`;
  const team = `The Quizzly Bears ${project}`;

  // The admin makes the series.
  await logIn(page, 'admin@redlion.test');
  await page.goto('/admin/events');
  const admin = activePage(page);
  await admin.locator('ion-button', { hasText: 'New event' }).click();
  await fill(page, 'title', title);
  await fill(page, 'description', 'Six rounds, picture round, cash prize. Teams of up to six.');
  await fill(page, 'date', nextThursday());
  await fill(page, 'start', '20:00');
  await fill(page, 'end', '22:30');
  await fill(page, 'place', 'The back bar');
  await admin.locator('select[name="repeat"]').selectOption('weekly');
  await fill(page, 'capacity', '12');
  await fill(page, 'price', '2.5');
  await admin.getByText('Sign up as teams').click();
  await shoot(page, 'admin-form');
  await admin.locator('input[name="price"]').scrollIntoViewIfNeeded();
  await shoot(page, 'admin-form-price');
  await admin.locator('form[aria-label="New event"] ion-button[type="submit"]').click();
  const card = admin.locator('[data-testid="admin-event"]', { hasText: title });
  await expect(card).toContainText('every Thursday');
  await expect(card).toContainText('12 teams');
  await expect(card).toContainText('£2.50 a person');
  await card
    .locator('input[name="eventImage"]')
    .setInputFiles({ name: 'quiz.png', mimeType: 'image/png', buffer: PNG });
  await expect(card.locator('img.event-image')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shoot(page, 'admin-list');

  // A new member signs up their team from the events page.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const member = await context.newPage();
  const email = uniqueEmail('quizzer');
  await signUpByApi(member, {
    name: 'Quinn Quizzer',
    email,
    password: 'quiz-night-pass',
    dateOfBirth: '1990-04-04',
  });
  await member.goto('/events');
  const list = activePage(member);
  const row = list.locator('[data-testid="event-row"]', { hasText: title }).first();
  await expect(row).toContainText('20:00');
  await expect(row).toContainText('12 places left');
  await expect(row.locator('[data-testid="event-price"]')).toHaveText('£2.50 a person');
  await expectInside(list.locator('.event-row__title, .event-row__time'), '.event-row');
  await expectTouchTargets(list.locator('ion-button, .event-row'));
  const ld = await member.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(ld ?? '[]') as {
    name: string;
    '@type': string;
    startDate: string;
    offers?: { price: string; priceCurrency: string };
  }[];
  expect(data.filter((e) => e.name === title).length).toBeGreaterThan(1);
  expect(data.find((e) => e.name === title)?.offers).toMatchObject({ price: '2.50', priceCurrency: 'GBP' });
  expect(data[0]?.['@type']).toBe('Event');
  await expect(list.locator('ion-button', { hasText: 'Subscribe in your calendar' })).toHaveAttribute(
    'href',
    /^webcal:\/\/.+\/api\/clubs\/red-lion\/calendar\.ics$/,
  );
  await shoot(member, 'events-list');

  await row.click();
  const detail = activePage(member);
  await expect(detail.getByRole('heading', { name: title })).toBeVisible();
  await expect(detail).toContainText('The back bar');
  await expect(detail.locator('[data-testid="event-price"]')).toHaveText('£2.50 a person');
  await expect(detail.locator('img.event-image')).toBeVisible();
  await expect(detail.locator('ion-button', { hasText: 'Add to calendar' })).toHaveAttribute(
    'href',
    /\.ics(\?club=red-lion)?$/,
  );
  await detail.locator('input[name="teamName"]').fill(team);
  await detail.locator('input[name="teamSize"]').fill('5');
  await shoot(member, 'event-signup');
  await detail.locator('ion-button', { hasText: 'Sign up our team' }).click();
  await expect(detail.locator('[data-testid="my-registration"]')).toContainText(`Team “${team}”, 5 players`);
  await expect(detail).toContainText('11 of 12 left');
  await expectInside(detail.locator('.event-detail h1, .event-detail dd'), '.card');
  await expectTouchTargets(detail.locator('ion-button'));
  await shoot(member, 'event-signed-up');
  const mail = await waitForMail(email, /signed up/);
  expect(mail.text).toContain(team);

  // The admin sees the team on that date's list.
  await page.reload();
  const again = activePage(page).locator('[data-testid="admin-event"]', { hasText: title });
  await again.locator('ion-button', { hasText: 'Dates and sign-ups' }).click();
  const firstDate = again.locator('[data-testid="admin-date"]').first();
  await firstDate.locator('ion-button', { hasText: 'Sign-ups' }).click();
  await expect(firstDate.locator('[data-testid="signup"]')).toContainText(team);
  await expect(firstDate.locator('[data-testid="signup"]')).toContainText(email);
  await firstDate.scrollIntoViewIfNeeded();
  await shoot(page, 'admin-signups');

  // The member cancels; the place is free again.
  await detail.locator('ion-button', { hasText: 'Cancel my booking' }).click();
  await member.locator('ion-alert button', { hasText: 'Cancel my booking' }).click();
  await expect(detail.locator('ion-button', { hasText: 'Sign up our team' })).toBeVisible();
  await expect(detail).toContainText('12 of 12 left');
  await context.close();
});

test('a visitor sees a club’s events by its link, and the 390 px phone layout holds', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/events?club=red-lion');
  const list = activePage(page);
  await expect(list.locator('ion-button', { hasText: 'Subscribe in your calendar' })).toBeVisible();
  await expect(
    list.locator('[data-testid="event-row"]').first().or(list.getByText('No upcoming events')),
  ).toBeVisible();
  await shoot(page, 'visitor-390');
});
