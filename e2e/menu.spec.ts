/** The menu: an admin builds the menu, a player filters it by allergen and opens the PDF; the Club tab. */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { apiClient } from './support/api-client.ts';
import { activePage, expect, logInByApi, signUpByApi, test, xsrfHeaders } from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

/** A 1 x 1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/menu-shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: false });

/** A dish through the admin's form. */
async function addDish(
  page: Page,
  category: string,
  dish: { name: string; price: string; contains?: string[]; may?: string[]; diet?: string[] },
) {
  const screen = activePage(page);
  await screen.locator('ion-button', { hasText: `Add a dish to ${category}` }).click();
  const form = screen.locator('form[aria-label="New dish"]');
  await form.locator('input[name="name"]').fill(dish.name);
  await form.locator('input[name="price"]').fill(dish.price);
  for (const a of dish.contains ?? []) await form.locator(`input[name="contains-${a}"]`).check();
  for (const a of dish.may ?? []) await form.locator(`input[name="may-${a}"]`).check();
  for (const d of dish.diet ?? []) await form.locator(`input[name="diet-${d}"]`).check();
  await form.locator('ion-button[type="submit"]').click();
  await expect(screen.locator('[data-testid="manager-item"]', { hasText: dish.name })).toBeVisible();
}

test('an admin builds a menu, and a player filters it by allergen and opens the PDF', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const category = `Mains ${tag}`;
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/menumanager');
  const screen = activePage(page);
  await screen.locator('input[name="new-category"]').fill(category);
  await screen.locator('ion-button', { hasText: 'Add category' }).click();
  const card = screen.locator(`section[aria-label="${category}"]`);
  await expect(card).toBeVisible();

  await addDish(page, category, {
    name: `Burger ${tag}`,
    price: '12.50',
    contains: ['gluten', 'milk'],
    may: ['sesame'],
  });
  await addDish(page, category, { name: `Salad ${tag}`, price: '8', diet: ['vegan', 'gluten-free'] });
  await addDish(page, category, { name: `Pie ${tag}`, price: '£10.95', contains: ['gluten', 'eggs'] });
  const names = () => card.locator('[data-testid="manager-item"] .manager-row__name').allInnerTexts();
  expect((await names()).map((n) => n.split(' ·')[0])).toEqual([
    `Burger ${tag}`,
    `Salad ${tag}`,
    `Pie ${tag}`,
  ]);

  // The keyboard's way to reorder: Pie goes above Salad, and the order is kept by the server.
  await card.getByRole('button', { name: `Move Pie ${tag} up` }).click();
  await expect
    .poll(async () => (await names()).map((n) => n.split(' ·')[0]))
    .toEqual([`Burger ${tag}`, `Pie ${tag}`, `Salad ${tag}`]);
  // A picture for the burger, through the edit form: the server checks and resizes it.
  await card.getByRole('button', { name: `Edit Burger ${tag}` }).click();
  const edit = screen.locator(`form[aria-label="Edit Burger ${tag}"]`);
  await edit.getByLabel(`Choose a picture of Burger ${tag}`).setInputFiles({
    name: 'burger.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG_1PX, 'base64'),
  });
  await expect(edit.locator('img.menu-item__img')).toBeVisible();
  await edit.locator('ion-button', { hasText: 'Cancel' }).click();
  await expectInside(card.locator('.manager-row__name'), '.card');
  expect(await smallControls(card.locator('ion-button, ion-toggle'))).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'menu-manager');

  // The player, on the same device.
  await page.context().clearCookies();
  await logInByApi(page, 'player1@redlion.test');
  await page.goto('/menu');
  const menu = activePage(page);
  const dish = (name: string) => menu.locator('.menu-item', { hasText: name });
  await expect(dish(`Burger ${tag}`)).toBeVisible();
  await expect(dish(`Burger ${tag}`)).toContainText('£12.50');
  await expect(dish(`Burger ${tag}`)).toContainText('Contains: Cereals containing gluten, Milk.');
  await expect(dish(`Burger ${tag}`)).toContainText('May contain: Sesame.');
  await expect(menu.getByText(/Allergen information last checked on/)).toBeVisible();
  await shot(page, 'menu-page');

  await menu.getByRole('button', { name: 'Milk', exact: true }).click();
  await expect(dish(`Burger ${tag}`)).toHaveCount(0);
  await expect(dish(`Pie ${tag}`)).toBeVisible();
  await menu.getByRole('button', { name: 'Sesame', exact: true }).click();
  await menu.getByRole('button', { name: 'Eggs', exact: true }).click();
  await expect(dish(`Pie ${tag}`)).toHaveCount(0);
  await expect(dish(`Salad ${tag}`)).toBeVisible();
  await menu.getByRole('button', { name: 'Clear filters' }).click();
  await menu.getByRole('button', { name: 'Vegan', exact: true }).click();
  await expect(dish(`Salad ${tag}`)).toBeVisible();
  await expect(dish(`Burger ${tag}`)).toHaveCount(0);
  await expectInside(menu.locator('.menu-item h3, .menu-item__price, .chip'), '.card');
  expect(await smallControls(menu.locator('button.chip, ion-button'))).toEqual([]);
  await shot(page, 'menu-filtered');

  await menu.locator('ion-button', { hasText: 'Open the menu as a PDF' }).click();
  await page.waitForURL('**/openpdf');
  const viewer = activePage(page);
  await expect(viewer.getByTestId('pdf-page')).toHaveText(/^Page 1 of \d+$/, { timeout: 20_000 });
  const canvas = viewer.locator('.pdf-stage canvas');
  // Something is drawn: the canvas is not blank white.
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
        let ink = 0;
        for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) ink++;
        return ink;
      }),
    )
    .toBeGreaterThan(500);
  const fitWidth = (await canvas.boundingBox())?.width ?? 0;
  const viewport = page.viewportSize()?.width ?? 0;
  expect(fitWidth).toBeLessThanOrEqual(viewport);
  await shot(page, 'menu-pdf');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByTestId('pdf-zoom')).toHaveText('125%');
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(fitWidth * 1.2);
  const pages = Number(((await viewer.getByTestId('pdf-page').textContent()) ?? '').split(' of ')[1]);
  if (pages > 1) {
    await viewer.getByRole('button', { name: 'Next page' }).click();
    await expect(viewer.getByTestId('pdf-page')).toHaveText(`Page 2 of ${pages}`);
  }
  await shot(page, 'menu-pdf-zoomed');
});

test('the Club tab is the club home: admins set the hours and contact there', async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('baseURL');
  // Something on today's menu, whichever test runs first.
  const api = await apiClient(baseURL, 'admin@redlion.test');
  const { category } = await api.send<{ category: { id: string } }>('POST', '/api/admin/menu/categories', {
    name: `Bar snacks ${info.project.name}`,
  });
  await api.send('POST', '/api/admin/menu/items', {
    categoryId: category.id,
    name: 'Scotch egg',
    description: 'Free-range egg, sausage meat, crumb',
    pricePence: 450,
    allergens: ['eggs', 'gluten', 'mustard'],
    mayContain: [],
    dietary: [],
    available: true,
  });
  await api.dispose();
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/app/tabs/club');
  const club = activePage(page);
  const details = club.getByTestId('club-details');
  await details.locator('ion-button', { hasText: 'Edit club details' }).click();
  const form = details.locator('form[aria-label="Club details"]');
  await form.locator('textarea[name="address"]').fill('1 High Street\nOxford OX1 1AA');
  await form.locator('input[name="phone"]').fill('01865 000000');
  await form.locator('input[name="contactEmail"]').fill('bar@redlion.test');
  await form.locator('ion-button[type="submit"]').click();
  await expect(details).toContainText('Oxford OX1 1AA');
  await expect(details).toContainText('Monday');
  await expect(details.locator('ion-button', { hasText: '01865 000000' })).toBeVisible();

  // A visitor sees the same, and no section for endpoints this build lacks.
  await page.context().clearCookies();
  for (const width of page.viewportSize()?.width === 360 ? [360, 390] : [1440]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await page.goto('/app/tabs/club');
    const visitor = activePage(page);
    await expect(visitor.getByTestId('club-details')).toContainText('Oxford OX1 1AA');
    await expect(visitor.getByTestId('club-menu')).toBeVisible();
    await expectInside(
      visitor.locator('.club-section h2, .club-list li, .hours-table, .club-contact ion-button'),
      '.card',
    );
    expect(await smallControls(visitor.locator('ion-button, .club-section__link'))).toEqual([]);
    await shot(page, 'club-tab');
    await visitor.getByTestId('club-details').scrollIntoViewIfNeeded();
    await shot(page, 'club-tab-details');
  }
});

/** On phones, the same screen at 360 and at 390 px: its cards hold their text, and a screenshot of each. */
async function atPhoneWidths(page: Page, name: string, check: () => Promise<void>) {
  const start = page.viewportSize();
  const widths = start?.width === 360 ? [360, 390] : [start?.width ?? 1440];
  for (const width of widths) {
    await page.setViewportSize({ width, height: start?.height ?? 844 });
    await check();
    await shot(page, name);
  }
  if (start) await page.setViewportSize(start);
}

test('the dish form says, before saving, that a diet label contradicts the allergens, and saves only without it', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}-${Date.now().toString(36)}`;
  const category = `Puddings ${tag}`;
  await logInByApi(page, 'admin@redlion.test');
  const made = await page.request.post('/api/admin/menu/categories', {
    data: { name: category },
    headers: await xsrfHeaders(page),
  });
  expect(made.status()).toBe(201);
  await page.goto('/menumanager');
  const screen = activePage(page);
  await screen.locator('ion-button', { hasText: `Add a dish to ${category}` }).click();
  const form = screen.locator('form[aria-label="New dish"]');
  await form.locator('input[name="name"]').fill(`Crumble ${tag}`);
  await form.locator('input[name="price"]').fill('6.50');
  await form.locator('input[name="may-gluten"]').check();
  await form.locator('input[name="diet-gluten-free"]').check();
  await form.locator('input[name="diet-vegan"]').check();
  await form.locator('input[name="contains-milk"]').check();
  // Said at once, before saving: each label and the allergen that contradicts it.
  const conflicts = form.getByTestId('diet-conflicts');
  await expect(conflicts).toHaveAttribute('role', 'alert');
  await expect(conflicts).toContainText('Gluten-free, but it may contain cereals containing gluten.');
  await expect(conflicts).toContainText('Vegan, but it contains milk.');
  await atPhoneWidths(page, 'menu-diet-conflict', async () => {
    await conflicts.scrollIntoViewIfNeeded();
    await expectInside(conflicts.locator('p, li'), '.card');
  });
  // Saving waits: nothing is sent, the form stays.
  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/admin/menu/items')) sent++;
  });
  await form.locator('ion-button[type="submit"]').click();
  await expect(form).toBeVisible();
  await expect(conflicts).toBeVisible();
  expect(sent).toBe(0);

  await form.locator('input[name="diet-gluten-free"]').uncheck();
  await expect(conflicts).not.toContainText('Gluten-free');
  await form.locator('input[name="diet-vegan"]').uncheck();
  await expect(conflicts).toHaveCount(0);
  await form.locator('input[name="diet-vegetarian"]').check();
  await form.locator('ion-button[type="submit"]').click();
  const row = screen.locator('[data-testid="manager-item"]', { hasText: `Crumble ${tag}` });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('diet-conflict-note')).toHaveCount(0);

  // The server says the same to any other caller.
  const categoryId = ((await made.json()) as { category: { id: string } }).category.id;
  const direct = await page.request.post('/api/admin/menu/items', {
    data: {
      categoryId,
      name: `Sneaky ${tag}`,
      description: '',
      pricePence: 500,
      allergens: [],
      mayContain: ['gluten'],
      dietary: ['gluten-free'],
      available: true,
    },
    headers: await xsrfHeaders(page),
  });
  expect(direct.status()).toBe(400);
  expect(((await direct.json()) as { error: { message: string } }).error.message).toContain(
    'Gluten-free, but it may contain cereals containing gluten',
  );
});

/** A PDF of `pages` pages, each saying what it is. */
async function pdfOf(pages: number, text: string) {
  const doc = await PDFDocument.create();
  for (let n = 1; n <= pages; n++)
    doc.addPage([420, 595]).drawText(`${text}, page ${n}`, { x: 40, y: 540, size: 18 });
  return Buffer.from(await doc.save());
}

test('once a club uploads a PDF, the admin is told which menu guests see and chooses it: the menu, the PDF or both', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  const id = `${info.project.name.slice(0, 1)}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const slug = `the-swan-${id}`;
  const dishName = `Swan pie ${id}`;
  // A club of its own, so that its choices reach no other test's menu.
  await signUpByApi(page, {
    name: 'Sam Swan',
    email: `swan-${id}@example.test`,
    password: 'a pint of bitter',
    dateOfBirth: '1980-02-02',
  });
  const club = await page.request.post('/api/clubs', {
    data: { name: `The Swan ${id}`, slug },
    headers: await xsrfHeaders(page),
  });
  expect(club.status(), await club.text()).toBe(201);
  const category = await page.request.post('/api/admin/menu/categories', {
    data: { name: 'Mains' },
    headers: await xsrfHeaders(page),
  });
  expect(category.status(), await category.text()).toBe(201);
  const dish = await page.request.post('/api/admin/menu/items', {
    data: {
      categoryId: ((await category.json()) as { category: { id: string } }).category.id,
      name: dishName,
      description: '',
      pricePence: 1150,
      allergens: ['gluten'],
      mayContain: [],
      dietary: [],
      available: true,
    },
    headers: await xsrfHeaders(page),
  });
  expect(dish.status(), await dish.text()).toBe(201);

  await page.goto('/menumanager');
  const manager = activePage(page);
  const card = manager.getByTestId('guests-see');
  const now = card.getByTestId('guests-see-now');
  await expect(now).toHaveText(/^Guests see the menu below, and a PDF made from it/, { timeout: 30_000 });
  await expect(card.locator('input[name="guestsSee"]')).toHaveCount(0);

  await card.getByLabel('Choose a PDF file').setInputFiles({
    name: 'specials.pdf',
    mimeType: 'application/pdf',
    buffer: await pdfOf(2, 'Specials board'),
  });
  await expect(now).toHaveText(
    /^Guests see only the PDF you uploaded on \d{1,2} \w+ \d{4}\. The dishes below are not shown to them/,
  );
  await expect(card.getByLabel('The PDF you uploaded')).toBeChecked();
  await atPhoneWidths(page, 'menu-guests-see-pdf', async () => {
    await card.scrollIntoViewIfNeeded();
    await expectInside(card.locator('h2, p, label'), '.card');
    expect(await smallControls(card.locator('ion-button, input[type="radio"]'))).toEqual([]);
  });

  // A visitor who came by the club's link.
  const guestContext = await browser.newContext({
    viewport: page.viewportSize(),
    baseURL: new URL(page.url()).origin,
    serviceWorkers: 'block',
  });
  const guest = await guestContext.newPage();
  // Into the app by the club's link (its public page's buttons add the screen to open).
  await guest.goto(`/c/${slug}?open=/app/tabs/game`);
  // By its path: the link's own address ends in the screen it opens.
  await guest.waitForURL((url) => url.pathname === '/app/tabs/game');
  const guestMenu = async () => {
    await guest.goto('/menu');
    return activePage(guest);
  };
  let seen = await guestMenu();
  await expect(seen.getByTestId('pdf-page')).toHaveText('Page 1 of 2', { timeout: 60_000 });
  await expect(seen.getByText(/^The club's menu, uploaded on/)).toBeVisible();
  await expect(seen.getByText(dishName)).toHaveCount(0);
  await expect(seen.getByText('Find what you can eat')).toHaveCount(0);
  // The filter is gone with the dishes, and the guest is told so and what to do instead.
  await expect(seen.getByTestId('menu-pdf-no-filter')).toContainText(
    'there is no allergen or diet filter here',
  );
  await atPhoneWidths(guest, 'menu-guest-pdf-only', async () => {
    await expectInside(seen.locator('#menu-pdf-heading, .pdf-toolbar'), '.card');
  });

  // Both, each labelled.
  // The radio follows the server's answer, so it turns on once the choice is saved, not on the click.
  await card.getByLabel('Both, each labelled').click();
  await expect(card.getByLabel('Both, each labelled')).toBeChecked();
  await expect(now).toHaveText(/^Guests see both, each labelled: the menu below and the PDF you uploaded on/);
  seen = await guestMenu();
  const which = seen.getByTestId('menu-which');
  await expect(which).toContainText('This club has two menus');
  await expect(which).toContainText('The menu in the app');
  await expect(which).toContainText("the club's own PDF menu, uploaded on");
  await expect(seen.locator('.menu-item', { hasText: dishName })).toBeVisible();
  await atPhoneWidths(guest, 'menu-guest-both', async () => {
    await expectInside(which.locator('h2, p'), '.card');
    expect(await smallControls(which.locator('ion-button'))).toEqual([]);
  });
  await which.locator('ion-button', { hasText: "Open the club's PDF menu" }).click();
  await guest.waitForURL('**/openpdf');
  const viewer = activePage(guest);
  await expect(viewer.getByTestId('pdf-which')).toContainText("The club's own PDF menu, uploaded on");
  await expect(viewer.getByTestId('pdf-page')).toHaveText('Page 1 of 2', { timeout: 60_000 });
  await atPhoneWidths(guest, 'menu-guest-both-pdf', async () => {});

  // The menu in the app alone: the PDF guests get is made from it, not the upload.
  await card.getByLabel('The menu below, with its allergen filters').click();
  await expect(card.getByLabel('The menu below, with its allergen filters')).toBeChecked();
  await expect(now).toHaveText(
    /^Guests see the menu below, and a PDF made from it\. The PDF you uploaded on .* is kept but not shown to them/,
  );
  seen = await guestMenu();
  await expect(seen.locator('.menu-item', { hasText: dishName })).toBeVisible();
  await expect(seen.getByTestId('menu-which')).toHaveCount(0);
  await seen.locator('ion-button', { hasText: 'Open the menu as a PDF' }).click();
  await guest.waitForURL('**/openpdf');
  await expect(activePage(guest).getByTestId('pdf-page')).toHaveText('Page 1 of 1', { timeout: 60_000 });
  await guestContext.close();
});
