/**
 * Event bookings: a player books a table for two and sees "You're going"; another joins the waiting
 * list, sees their position and is booked in when places free; the admin takes a phone booking,
 * removes an attendee and prints the attendee list.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  activePage,
  expect,
  logIn,
  logInByApi,
  signUpByApi,
  test,
  uniqueEmail,
  xsrfHeaders,
} from './support/fixtures.ts';
import { expectInside, expectTouchTargets } from './support/layout.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `${test.info().outputDir}/../../lastman-bookings-${test.info().project.name}-${name}.png`,
  });

/** 19:00 UK on a day ten days ahead (winter: 19:00 UTC). */
function tenDaysAhead(): { startsAt: string; endsAt: string } {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 10);
  const day = d.toISOString().slice(0, 10);
  return { startsAt: `${day}T19:00:00Z`, endsAt: `${day}T22:00:00Z` };
}

async function call(page: Page, method: 'POST' | 'DELETE', path: string, data?: unknown) {
  const req: APIRequestContext = page.request;
  const res = await req.fetch(path, { method, data, headers: await xsrfHeaders(page) });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}

/** A page of its own signed in as the admin (API only), for setting the scene. */
async function adminApi(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInByApi(page, 'admin@redlion.test');
  return { context, page };
}

/** A new member in a browser of their own, at the test's width. */
async function newMember(browser: Browser, width: number, name: string) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, isMobile: width < 600 });
  const page = await context.newPage();
  await signUpByApi(page, {
    name,
    email: uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'member'),
    password: 'dinner-for-two',
    dateOfBirth: '1988-05-05',
  });
  return { context, page };
}

for (const width of [360, 390]) {
  test(`at ${width} px a player books two places, sees "You're going", and the waiting list books the next in`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const title = `Dinner for two ${width} ${Date.now().toString(36)}`;
    const admin = await adminApi(browser);
    const made = await call(admin.page, 'POST', '/api/admin/events', {
      title,
      ...tenDaysAhead(),
      place: 'The dining room',
      capacity: 3,
    });
    const id = made.event.id as string;
    await call(admin.page, 'POST', `/api/admin/events/${id}/registrations`, {
      name: 'Phone Guest',
      places: 1,
    });

    // Ann books two of the last two places.
    const ann = await newMember(browser, width, 'Ann Diner');
    await ann.page.goto('/events');
    const list = activePage(ann.page);
    const row = list.locator('[data-testid="event-row"]', { hasText: title });
    await expect(row).toContainText('2 places left');
    await row.click();
    const detail = activePage(ann.page);
    await expect(detail.getByRole('heading', { name: title })).toBeVisible();
    // Wanting more than the two left leads to the waiting list (for 3), and back.
    await detail.locator('ion-button', { hasText: 'Need more places? Join the waiting list' }).click();
    await expect(detail.getByRole('heading', { name: 'Join the waiting list' })).toBeVisible();
    await expect(detail.locator('select[name="places"] option')).toHaveText(['3 places']);
    await detail.locator('ion-button', { hasText: 'Book the places left instead' }).click();
    await detail.locator('select[name="places"]').selectOption('2');
    await expect(detail.locator('ion-button', { hasText: 'Book 2 places' })).toBeVisible();
    await expectTouchTargets(detail.locator('ion-button, select'));
    await shot(ann.page, `${width}-book-two`);
    await detail.locator('ion-button', { hasText: 'Book 2 places' }).click();
    await expect(detail.locator('[data-testid="my-registration"]')).toContainText('You have 2 places booked');
    await expect(detail.getByRole('heading', { name: 'You’re going' })).toBeVisible();
    await expect(detail).toContainText('Full (3 places)');
    await shot(ann.page, `${width}-booked`);

    // The events list says so.
    await ann.page.goto('/events');
    const going = activePage(ann.page).locator('[data-testid="event-row"]', { hasText: title });
    await expect(going.locator('[data-testid="youre-going"]')).toHaveText('You’re going · 2 places');
    await expectInside(going.locator('.event-pill'), '.event-row');
    await going.scrollIntoViewIfNeeded();
    await shot(ann.page, `${width}-list-going`);

    // Cy waits for three places (more than will come free); Ben joins behind for two: 2nd in line.
    const cy = await newMember(browser, width, 'Cy Waiter');
    await call(cy.page, 'POST', `/api/events/${id}/waitlist`, { places: 3 });
    const ben = await newMember(browser, width, 'Ben Waiter');
    await ben.page.goto(`/event-modal?id=${id}`);
    const benDetail = activePage(ben.page);
    await expect(benDetail.getByRole('heading', { name: 'Full: join the waiting list' })).toBeVisible();
    await expect(benDetail).toContainText('1 person is already waiting');
    await benDetail.locator('select[name="places"]').selectOption('2');
    await shot(ben.page, `${width}-full`);
    await benDetail.locator('ion-button', { hasText: 'Join the waiting list' }).click();
    await expect(benDetail.locator('[data-testid="my-waitlist"]')).toContainText(
      'You’re 2nd on the waiting list, for 2 places',
    );
    await expectTouchTargets(benDetail.locator('ion-button'));
    await shot(ben.page, `${width}-waiting`);

    // Ann cancels: Cy's three do not fit in the two freed, so Ben, next who fits, is booked in.
    await ann.page.goto(`/event-modal?id=${id}`);
    const annAgain = activePage(ann.page);
    await annAgain.locator('ion-button', { hasText: 'Cancel my booking' }).click();
    await ann.page.locator('ion-alert button', { hasText: 'Cancel my booking' }).click();
    await expect(annAgain.getByRole('heading', { name: 'Full: join the waiting list' })).toBeVisible();
    await ben.page.reload();
    await expect(activePage(ben.page).locator('[data-testid="my-registration"]')).toContainText(
      'You have 2 places booked',
    );
    await ben.page.goto('/events');
    await expect(
      activePage(ben.page)
        .locator('[data-testid="event-row"]', { hasText: title })
        .locator('[data-testid="youre-going"]'),
    ).toHaveText('You’re going · 2 places');
    await shot(ben.page, `${width}-promoted`);

    // Cy, still waiting, can leave the list.
    await cy.page.goto(`/event-modal?id=${id}`);
    const cyDetail = activePage(cy.page);
    await expect(cyDetail.locator('[data-testid="my-waitlist"]')).toContainText('1st on the waiting list');
    await cyDetail.locator('ion-button', { hasText: 'Leave the waiting list' }).click();
    await expect(cyDetail.getByRole('heading', { name: 'Full: join the waiting list' })).toBeVisible();

    for (const c of [admin, ann, ben, cy]) await c.context.close();
  });
}

test('the admin takes a phone booking, removes an attendee and prints the list', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Curry night ${test.info().project.name} ${Date.now().toString(36)}`;
  const admin = await adminApi(browser);
  const made = await call(admin.page, 'POST', '/api/admin/events', {
    title,
    ...tenDaysAhead(),
    place: 'The function room',
    capacity: 4,
  });
  const id = made.event.id as string;
  const pat = await newMember(browser, 1000, 'Pat Member');
  await call(pat.page, 'POST', `/api/events/${id}/registrations`, { places: 2 });

  await logIn(page, 'admin@redlion.test');
  await page.goto('/admin/events');
  const screen = activePage(page);
  const card = screen.locator('[data-testid="admin-event"]', { hasText: title });
  await card.locator('ion-button', { hasText: 'Sign-ups' }).first().click();
  const date = card.locator('[data-testid="admin-date"]').first();
  await date.locator('ion-button', { hasText: 'Sign-ups' }).click();
  await expect(date.locator('[data-testid="signup"]')).toContainText('Pat Member · 2 places');
  // The big-screen picker is on the same page, below the events.
  const picker = screen.locator('section[aria-labelledby="screen-matches-heading"]');
  await expect(picker).toContainText('3 pm blackout');
  await picker.scrollIntoViewIfNeeded();
  await shot(page, 'admin-screen-matches');
  await date.scrollIntoViewIfNeeded();

  // A phone booking: a name, a number, two places. The date is then full.
  const form = date.locator('form[aria-label="Add a phone booking"]');
  await form.locator('input[name="guestName"]').fill('Mrs Patel');
  await form.locator('input[name="guestPhone"]').fill('01632 960123');
  await form.locator('select[name="guestPlaces"]').selectOption('2');
  await form.locator('ion-button[type="submit"]').click();
  const patel = date.locator('[data-testid="signup"]', { hasText: 'Mrs Patel' });
  await expect(patel).toContainText('2 places · By phone 01632 960123');
  await expect(date.locator('[data-testid="signup-totals"]')).toContainText('4 places taken, 0 places left');
  await expect(date).toContainText('Full: remove a booking');

  // Someone joins the waiting list for one place; removing Mrs Patel books them in.
  const lou = await newMember(browser, 1000, 'Lou Waiting');
  await call(lou.page, 'POST', `/api/events/${id}/waitlist`, { places: 1 });
  await page.reload();
  const again = activePage(page).locator('[data-testid="admin-event"]', { hasText: title });
  await again.locator('ion-button', { hasText: 'Sign-ups' }).first().click();
  const date2 = again.locator('[data-testid="admin-date"]').first();
  await date2.locator('ion-button', { hasText: 'Sign-ups' }).click();
  await expect(date2.locator('[data-testid="waiting"]')).toContainText('Lou Waiting · 1 place');
  await date2.scrollIntoViewIfNeeded();
  await shot(page, 'admin-attendees');
  await date2
    .locator('[data-testid="signup"]', { hasText: 'Mrs Patel' })
    .locator('ion-button', { hasText: 'Remove' })
    .click();
  await expect(page.locator('ion-alert')).toContainText('Remove Mrs Patel?');
  await shot(page, 'admin-remove-confirm');
  await page.locator('ion-alert button', { hasText: 'Remove' }).click();
  await expect(date2.locator('[data-testid="signup"]', { hasText: 'Mrs Patel' })).toHaveCount(0);
  await expect(date2.locator('[data-testid="signup"]', { hasText: 'Lou Waiting' })).toContainText('1 place');
  await expect(date2.locator('[data-testid="waiting"]')).toHaveCount(0);

  // One more by phone, without a number, then the list to print.
  await date2.locator('input[name="guestName"]').fill('Mr Jones');
  await date2.locator('form[aria-label="Add a phone booking"] ion-button[type="submit"]').click();
  await expect(date2.locator('[data-testid="signup"]', { hasText: 'Mr Jones' })).toContainText('By phone');
  await date2.locator('ion-button', { hasText: 'Attendee list to print' }).click();
  const print = activePage(page);
  await expect(print.getByRole('heading', { name: title })).toBeVisible();
  const rows = print.locator('[data-testid="attendee"]');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Mr Jones' })).toContainText('By phone');
  await expect(rows.filter({ hasText: 'Pat Member' })).toContainText('In the app');
  await expect(print.locator('[data-testid="attendees-total"]')).toHaveText('4');
  await shot(page, 'print-screen');
  await page.evaluate(() => {
    (window as unknown as { printed: boolean }).printed = false;
    window.print = () => {
      (window as unknown as { printed: boolean }).printed = true;
    };
  });
  await print.locator('ion-button', { hasText: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('ion-header').filter({ visible: true })).toHaveCount(0);
  await expect(print.locator('ion-button', { hasText: 'Print' })).toBeHidden();
  await shot(page, 'print-media');
  await page.emulateMedia({ media: 'screen' });
  for (const c of [admin, pat, lou]) await c.context.close();
});
