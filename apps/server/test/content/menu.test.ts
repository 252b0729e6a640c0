import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFStream, PDFString } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, menuItems } from '../../src/db/schema/index.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember, signedIn } from '../support/world.ts';

const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The text of every page of a PDF, read back by an independent reader (pdf.js). */
async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const task = getDocument({ data: bytes, standardFontDataUrl });
  const doc = await task.promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += `${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')}\n`;
  }
  const pages = doc.numPages;
  await task.destroy();
  return { pages, text: text.replace(/\s+/g, ' ') };
}

/** A one-page PDF that says `text`, made by another library than the server's own PDFs. */
async function onePagePdf(text: string, extra?: (doc: PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([420, 200]).drawText(text, { x: 20, y: 100, size: 14 });
  await extra?.(doc);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A PDF that runs script: on opening, from its names tree, on showing its page and from a link. */
function withScripts(doc: PDFDocument) {
  const ctx = doc.context;
  const js = (code: string) => ctx.obj({ S: 'JavaScript', JS: PDFString.of(`app.alert("${code}")`) });
  doc.catalog.set(PDFName.of('OpenAction'), ctx.register(js('open')));
  doc.catalog.set(
    PDFName.of('Names'),
    ctx.obj({ JavaScript: ctx.obj({ Names: [PDFString.of('greet'), ctx.register(js('names'))] }) }),
  );
  const page = doc.getPage(0);
  page.node.set(PDFName.of('AA'), ctx.obj({ O: js('page') }));
  page.node.set(
    PDFName.of('Annots'),
    ctx.obj([
      ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 40], A: js('link') }),
      ctx.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [100, 0, 200, 40],
        A: ctx.obj({ S: 'URI', URI: PDFString.of('https://redlion.test/menu') }),
      }),
    ]),
  );
}

/** Every script or automatic action a PDF reader would find in the file. */
async function activeContent(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const found: string[] = [];
  const walk = (obj: PDFObject | undefined) => {
    const dict = obj instanceof PDFStream ? obj.dict : obj;
    if (dict instanceof PDFDict) {
      for (const [key, value] of dict.entries()) {
        const name = key.decodeText();
        if (['JS', 'JavaScript', 'OpenAction', 'AA', 'XFA'].includes(name)) found.push(name);
        if (name === 'S' && value instanceof PDFName && value.decodeText() !== 'URI')
          found.push(`S ${value.decodeText()}`);
        walk(value);
      }
    } else if (dict instanceof PDFArray) for (const value of dict.asArray()) walk(value);
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) walk(obj);
  return found;
}

async function sendBytes(
  server: TestServer,
  c: HttpClient,
  method: string,
  path: string,
  body?: Buffer,
  contentType = 'application/pdf',
) {
  const headers: Record<string, string> = { origin: server.baseUrl, 'content-type': contentType };
  headers.cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const token = c.jar.get('XSRF-TOKEN');
  if (token) headers['x-xsrf-token'] = decodeURIComponent(token);
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers,
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

const burger = (categoryId: string) => ({
  categoryId,
  name: 'Club burger',
  description: 'Beef patty, cheddar, brioche bun',
  pricePence: 1295,
  allergens: ['gluten', 'milk', 'eggs', 'mustard'],
  mayContain: ['sesame'],
  dietary: [],
  available: true,
});

describe.each(backends())('the menu on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let staff: HttpClient;
  let player: HttpClient;
  let otherAdmin: HttpClient;
  let mains: string;
  let drinks: string;
  let burgerId: string;
  let saladId: string;
  let specials: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2026-11-23T10:00:00Z' });
    admin = await signedIn(server, 'admin@redlion.test');
    staff = await signedIn(server, 'staff@redlion.test');
    player = await signedIn(server, 'player1@redlion.test');
    const kings = await aClub(server);
    otherAdmin = (await aMember(server, { club: kings, role: 'admin', email: 'admin@kingsarms.test' }))
      .client;
  }, 120_000);
  afterAll(() => server?.close());

  it('an admin builds a menu that everyone reads in the same order, visitors by ?club=slug', async () => {
    const empty = await server.client().get('/api/menu?club=red-lion');
    expect(empty.status).toBe(200);
    expect(empty.json).toMatchObject({ categories: [], allergensCheckedOn: null });

    const created = await admin.post('/api/admin/menu/categories', { name: 'Mains' });
    expect(created.status).toBe(201);
    expect(created.json.category).toEqual({ id: expect.any(String), name: 'Mains' });
    mains = created.json.category.id;
    drinks = (await admin.post('/api/admin/menu/categories', { name: 'Drinks' })).json.category.id;

    const item = await admin.post('/api/admin/menu/items', burger(mains));
    expect(item.status).toBe(201);
    expect(item.json.item).toMatchObject({
      name: 'Club burger',
      pricePence: 1295,
      allergens: ['gluten', 'milk', 'eggs', 'mustard'],
      mayContain: ['sesame'],
      calories: null,
      available: true,
      allergensCheckedOn: '2026-11-23',
    });
    burgerId = item.json.item.id;
    const salad = await admin.post('/api/admin/menu/items', {
      ...burger(mains),
      name: 'Halloumi salad',
      pricePence: 950,
      allergens: ['milk'],
      mayContain: [],
      dietary: ['vegetarian', 'gluten-free'],
      calories: 540,
    });
    saladId = salad.json.item.id;
    await admin.post('/api/admin/menu/items', {
      ...burger(drinks),
      name: 'Orange juice',
      pricePence: 250,
      allergens: [],
      mayContain: [],
      dietary: ['vegan', 'vegetarian', 'gluten-free', 'halal'],
    });

    for (const reader of [server.client(), player]) {
      const menu = await reader.get('/api/menu?club=red-lion');
      expect(menu.status).toBe(200);
      expect(menu.json.categories.map((c: Json) => c.name)).toEqual(['Mains', 'Drinks']);
      expect(menu.json.categories[0].items.map((i: Json) => i.name)).toEqual([
        'Club burger',
        'Halloumi salad',
      ]);
      expect(menu.json.allergensCheckedOn).toBe('2026-11-23');
      expect(menu.json.pdf).toEqual({
        url: '/api/menu.pdf?club=red-lion',
        source: 'generated',
        uploadedOn: null,
      });
      expect(menu.json.guestsSee).toBe('menu');
    }
  });

  it('refuses allergen and dietary codes outside the lists, and one allergen both contained and maybe', async () => {
    for (const bad of [
      { allergens: ['gluten', 'shellfish'] },
      { mayContain: ['Milk'] },
      { dietary: ['pescatarian'] },
      { pricePence: 12.5 },
      { pricePence: -1 },
      { name: '   ' },
    ]) {
      const res = await admin.post('/api/admin/menu/items', { ...burger(mains), ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.error.message).toMatch(/\w/);
    }
    // "Contains" wins over "may contain", and a code given twice counts once.
    const update = await admin.patch(`/api/admin/menu/items/${burgerId}`, {
      mayContain: ['milk', 'sesame', 'sesame'],
    });
    expect(update.status).toBe(200);
    expect(update.json.item.mayContain).toEqual(['sesame']);
  });

  it('reorders categories and items, and refuses an order that leaves one out', async () => {
    const cats = await admin.request(
      'PUT',
      '/api/admin/menu/categories',
      JSON.stringify({ ids: [drinks, mains] }),
    );
    expect(cats.status).toBe(200);
    expect(cats.json.categories.map((c: Json) => c.name)).toEqual(['Drinks', 'Mains']);
    const items = await admin.put(`/api/admin/menu/categories/${mains}/items`, {
      ids: [saladId, burgerId],
    });
    expect(items.status).toBe(200);
    expect(items.json.categories[1].items.map((i: Json) => i.name)).toEqual([
      'Halloumi salad',
      'Club burger',
    ]);
    const partial = await admin.put('/api/admin/menu/categories', { ids: [drinks] });
    expect(partial.status).toBe(400);
    const read = await player.get('/api/menu');
    expect(read.json.categories.map((c: Json) => c.name)).toEqual(['Drinks', 'Mains']);
  });

  it('staff toggle availability with one call, and may change nothing else', async () => {
    const off = await staff.put(`/api/menu/items/${burgerId}/availability`, { available: false });
    expect(off.status).toBe(200);
    expect(off.json.item.available).toBe(false);
    expect((await staff.patch(`/api/admin/menu/items/${burgerId}`, { pricePence: 1 })).status).toBe(403);
    expect((await player.put(`/api/menu/items/${burgerId}/availability`, { available: true })).status).toBe(
      403,
    );
    const menu = await server.client().get('/api/menu?club=red-lion');
    const found = menu.json.categories.flatMap((c: Json) => c.items).find((i: Json) => i.id === burgerId);
    expect(found.available).toBe(false);
  });

  it('a new allergen check moves the date the record was last checked', async () => {
    // 23:30 GMT is still 1 December in London (in summer, 23:30 UTC would be the next day).
    server.clock.set('2026-12-01T23:30:00Z');
    const checked = await admin.patch(`/api/admin/menu/items/${saladId}`, { allergensChecked: true });
    expect(checked.json.item.allergensCheckedOn).toBe('2026-12-01');
    const renamed = await admin.patch(`/api/admin/menu/items/${burgerId}`, { name: 'Red Lion burger' });
    expect(renamed.json.item.allergensCheckedOn).toBe('2026-11-23');
    const menu = await player.get('/api/menu');
    expect(menu.json.allergensCheckedOn).toBe('2026-11-23');
  });

  it("an empty edit, or one naming the item's own category, answers the item unchanged", async () => {
    const [before] = await server.db.select().from(menuItems).where(eq(menuItems.id, burgerId));
    const empty = await admin.patch(`/api/admin/menu/items/${burgerId}`, {});
    expect(empty.status, empty.text).toBe(200);
    const same = await admin.patch(`/api/admin/menu/items/${burgerId}`, { categoryId: before?.categoryId });
    expect(same.status, same.text).toBe(200);
    expect(same.json.item).toEqual(empty.json.item);
    const [after] = await server.db.select().from(menuItems).where(eq(menuItems.id, burgerId));
    expect(after).toEqual(before);
  });

  it('makes the PDF from the same data: prices, allergens, may contain and the date checked', async () => {
    const res = await fetch(`${server.baseUrl}/api/menu.pdf?club=red-lion`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text } = await pdfText(bytes);
    expect(text).toContain('The Red Lion');
    expect(text).toContain('Red Lion burger');
    expect(text).toContain('£12.95');
    expect(text).toMatch(/Contains: Cereals containing gluten, Milk, Eggs, Mustard/);
    expect(text).toMatch(/May contain: Sesame/);
    expect(text).toContain('not available today');
    expect(text).toContain('540 kcal');
    expect(text).toContain('last checked on 23 November 2026');
  });

  it('takes an uploaded PDF by its bytes, serves it instead, and refuses anything else', async () => {
    const notPdf = await sendBytes(
      server,
      admin,
      'PUT',
      '/api/admin/menu/pdf',
      Buffer.from('Just text, named menu.pdf'),
    );
    expect(notPdf.status).toBe(400);
    expect(notPdf.json.error.message).toBe('That file is not a PDF we can read.');
    const generated = Buffer.from(
      await (await fetch(`${server.baseUrl}/api/menu.pdf?club=red-lion`)).arrayBuffer(),
    );
    const upload = await sendBytes(server, admin, 'PUT', '/api/admin/menu/pdf', generated);
    expect(upload.status).toBe(200);
    expect(upload.json.pdf.source).toBe('uploaded');
    expect((await sendBytes(server, staff, 'PUT', '/api/admin/menu/pdf', generated)).status).toBe(403);
    const served = await fetch(`${server.baseUrl}${upload.json.pdf.url}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(generated)).toBe(true);
    const removed = await sendBytes(server, admin, 'DELETE', '/api/admin/menu/pdf');
    expect(removed.json.pdf.source).toBe('generated');
  });

  it("stores a dish's picture from its bytes, upright and without metadata, and refuses a renamed text file", async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8a5a2b' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Menu Test Camera' } })
      .toBuffer();
    const put = (body: Buffer, c = admin) =>
      sendBytes(server, c, 'PUT', `/api/admin/menu/items/${burgerId}/image`, body, 'image/jpeg');
    const text = await put(Buffer.from('not a picture at all'));
    expect(text.status).toBe(400);
    expect((await put(photo, staff)).status).toBe(403);
    expect((await put(photo, otherAdmin)).status).toBe(404);
    const res = await put(photo);
    expect(res.status).toBe(200);
    expect(res.json.item.imageUrl).toMatch(/\/api\/files\/menu\/.+-display\.webp$/);
    const stored = Buffer.from(await (await fetch(res.json.item.imageUrl)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('Menu Test Camera')).toBe(false);
    const thumb = await fetch(res.json.item.thumbnailUrl);
    expect(thumb.status).toBe(200);
    const menu = await server.client().get('/api/menu?club=red-lion');
    const item = menu.json.categories.flatMap((c: Json) => c.items).find((i: Json) => i.id === burgerId);
    expect(item.thumbnailUrl).toBe(res.json.item.thumbnailUrl);
    const removed = await admin.delete(`/api/admin/menu/items/${burgerId}/image`);
    expect(removed.json.item.imageUrl).toBeNull();
    expect((await fetch(res.json.item.imageUrl)).status).toBe(404);
  });

  it("another club's admin sees nothing of this menu and changes nothing in it", async () => {
    const theirs = await otherAdmin.get('/api/menu');
    expect(theirs.json.categories).toEqual([]);
    expect(theirs.text ?? '').not.toContain('burger');
    expect((await otherAdmin.patch(`/api/admin/menu/items/${burgerId}`, { pricePence: 1 })).status).toBe(404);
    expect(
      (await otherAdmin.put(`/api/menu/items/${burgerId}/availability`, { available: true })).status,
    ).toBe(404);
    expect((await otherAdmin.delete(`/api/admin/menu/categories/${mains}`)).status).toBe(404);
    expect((await otherAdmin.post('/api/admin/menu/items', burger(mains))).status).toBe(404);
    expect((await otherAdmin.put('/api/admin/menu/categories', { ids: [mains, drinks] })).status).toBe(400);
    const pdf = await fetch(`${server.baseUrl}/api/menu.pdf?club=kings-arms`);
    expect((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text).not.toContain('burger');
  });

  it('deleting a category takes its items with it', async () => {
    expect((await admin.delete(`/api/admin/menu/categories/${drinks}`)).status).toBe(204);
    const menu = await player.get('/api/menu');
    expect(menu.json.categories.map((c: Json) => c.name)).toEqual(['Mains']);
  });

  it("admins edit the club's address, opening hours, phone and email; everyone reads them", async () => {
    const hours = {
      monday: null,
      tuesday: { open: '11:00', close: '23:00' },
      wednesday: { open: '11:00', close: '23:00' },
      thursday: { open: '11:00', close: '23:00' },
      friday: { open: '11:00', close: '01:00' },
      saturday: { open: '11:00', close: '01:00' },
      sunday: { open: '12:00', close: '22:30' },
    };
    const res = await admin.patch('/api/admin/club', {
      address: '1 High Street, Oxford OX1 1AA',
      openingHours: hours,
      phone: '01865 000000',
      contactEmail: 'bar@redlion.test',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ address: '1 High Street, Oxford OX1 1AA', phone: '01865 000000' });
    const read = await server.client().get('/api/club?slug=red-lion');
    expect(read.json.openingHours).toEqual(hours);
    expect(read.json.contactEmail).toBe('bar@redlion.test');
    expect((await player.get('/api/me')).json.club.address).toBe('1 High Street, Oxford OX1 1AA');

    for (const bad of [
      { openingHours: { ...hours, sunday: undefined } },
      { openingHours: { ...hours, funday: null } },
      { openingHours: { ...hours, monday: { open: '11:00' } } },
      { openingHours: { ...hours, monday: { open: '25:00', close: '23:00' } } },
      { contactEmail: 'not an email' },
      // The one PATCH takes the tenants' settings too (name, colours…), but never the web address.
      { slug: 'a-new-address' },
    ]) {
      expect((await admin.patch('/api/admin/club', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await staff.patch('/api/admin/club', { phone: null })).status).toBe(403);
    const other = await otherAdmin.patch('/api/admin/club', { phone: '0207 000 0000' });
    expect(other.json.slug).toBe('kings-arms');
    expect((await server.client().get('/api/club?slug=red-lion')).json.phone).toBe('01865 000000');
  });
  it("refuses a diet label that the dish's own allergens contradict, contained or may contain", async () => {
    specials = (await admin.post('/api/admin/menu/categories', { name: 'Specials' })).json.category.id;
    const dish = (over: Json) => ({
      ...burger(specials),
      name: 'Toast',
      allergens: [],
      mayContain: [],
      ...over,
    });
    for (const [bad, says] of [
      [
        { dietary: ['gluten-free'], mayContain: ['gluten'] },
        'Gluten-free, but it may contain cereals containing gluten',
      ],
      [
        { dietary: ['gluten-free'], allergens: ['gluten'] },
        'Gluten-free, but it contains cereals containing gluten',
      ],
      [{ dietary: ['vegan'], mayContain: ['milk'] }, 'Vegan, but it may contain milk'],
      [
        { dietary: ['vegan', 'vegetarian'], mayContain: ['eggs', 'molluscs'] },
        'Vegan, but it may contain eggs; Vegan, but it may contain molluscs; Vegetarian, but it may contain molluscs',
      ],
      [{ dietary: ['vegetarian'], allergens: ['fish'] }, 'Vegetarian, but it contains fish'],
      [{ dietary: ['vegan'], allergens: ['crustaceans'] }, 'Vegan, but it contains crustaceans'],
    ] as const) {
      const res = await admin.post('/api/admin/menu/items', dish(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.error.message).toContain(says);
    }
    // What the labels allow is kept: vegetarian with milk and eggs, halal with any of the 14.
    const ok = await admin.post(
      '/api/admin/menu/items',
      dish({ dietary: ['vegetarian', 'halal'], allergens: ['milk', 'eggs'], mayContain: ['gluten'] }),
    );
    expect(ok.status).toBe(201);
    // A change is checked against the record as it will be: the labels kept with the new allergens.
    const id = ok.json.item.id;
    for (const [change, says] of [
      [{ dietary: ['vegan'] }, 'Vegan, but it contains milk'],
      [
        { dietary: ['vegetarian', 'gluten-free'] },
        'Gluten-free, but it may contain cereals containing gluten',
      ],
      [{ mayContain: ['fish'] }, 'Vegetarian, but it may contain fish'],
    ] as const) {
      const res = await admin.patch(`/api/admin/menu/items/${id}`, change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json.error.message).toContain(says);
    }
    const menu = await player.get('/api/menu');
    const saved = menu.json.categories.flatMap((c: Json) => c.items).find((i: Json) => i.id === id);
    expect(saved).toMatchObject({ dietary: ['vegetarian', 'halal'], mayContain: ['gluten'] });
  });

  it('a dish saved with a contradiction before the rule is not called by that label, and is fixed by its next change', async () => {
    const [club] = await server.db.select().from(clubs).where(eq(clubs.slug, 'red-lion'));
    if (!club) throw new Error('no Red Lion');
    const [row] = await server.db
      .insert(menuItems)
      .values({
        clubId: club.id,
        categoryId: specials,
        name: 'Old crumble',
        pricePence: 550,
        allergens: ['milk'],
        mayContain: ['gluten'],
        dietary: ['gluten-free', 'halal'],
        calories: 321,
        allergensCheckedOn: '2026-01-05',
        position: 9,
      })
      .returning();
    if (!row) throw new Error('no row');
    // The admin reads the record as it is, to put it right.
    const read = await admin.get('/api/menu');
    const item = read.json.categories.flatMap((c: Json) => c.items).find((i: Json) => i.id === row.id);
    expect(item.dietary).toEqual(['gluten-free', 'halal']);
    // The PDF guests read does not call it gluten-free.
    const pdf = await fetch(`${server.baseUrl}/api/menu.pdf?club=red-lion`);
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Old crumble');
    expect(text).toMatch(/Halal · 321 kcal/);
    expect(text).not.toMatch(/Gluten-free, Halal/);
    // A change that leaves the record alone is saved; a change to the record must resolve it.
    expect((await admin.patch(`/api/admin/menu/items/${row.id}`, { name: 'Old apple crumble' })).status).toBe(
      200,
    );
    const still = await admin.patch(`/api/admin/menu/items/${row.id}`, { mayContain: ['gluten', 'nuts'] });
    expect(still.status).toBe(400);
    expect(still.json.error.message).toContain('Gluten-free, but it may contain cereals containing gluten');
    const fixed = await admin.patch(`/api/admin/menu/items/${row.id}`, { dietary: ['halal'] });
    expect(fixed.status).toBe(200);
    expect(fixed.json.item.dietary).toEqual(['halal']);
  });

  it('once a PDF is uploaded, guests see one menu, the one the admin chose, or both when the admin says so', async () => {
    const board = await onePagePdf('Specials board: fish pie');
    const before = await admin.get('/api/menu');
    expect(before.json).toMatchObject({ guestsSee: 'menu', pdf: { source: 'generated', uploadedOn: null } });
    const nothing = await admin.put('/api/admin/menu/pdf/guests-see', { guestsSee: 'both' });
    expect(nothing.status).toBe(409);
    expect(nothing.json.error.message).toMatch(/no uploaded PDF/);

    // An upload is the menu guests see, and nothing else.
    const up = await sendBytes(server, admin, 'PUT', '/api/admin/menu/pdf', board);
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({
      guestsSee: 'pdf',
      pdf: { source: 'uploaded', uploadedOn: '2026-12-01' },
    });
    const guestPdf = async () => {
      const res = await fetch(`${server.baseUrl}/api/menu.pdf?club=red-lion`);
      return (await pdfText(new Uint8Array(await res.arrayBuffer()))).text;
    };
    for (const guest of [server.client(), player]) {
      const menu = await guest.get('/api/menu?club=red-lion');
      expect(menu.json).toMatchObject({ guestsSee: 'pdf', categories: [], allergensCheckedOn: null });
      expect(menu.json.pdf.source).toBe('uploaded');
    }
    expect(await guestPdf()).toContain('Specials board');
    // Staff still read the rows, to mark dishes off.
    expect((await staff.get('/api/menu')).json.categories.length).toBeGreaterThan(0);

    // The menu in the app: the PDF guests get is made from it, not the upload.
    const menuOnly = await admin.put('/api/admin/menu/pdf/guests-see', { guestsSee: 'menu' });
    expect(menuOnly.status).toBe(200);
    expect(menuOnly.json).toMatchObject({
      guestsSee: 'menu',
      pdf: { source: 'generated', uploadedOn: '2026-12-01' },
    });
    const asMenu = await server.client().get('/api/menu?club=red-lion');
    expect(asMenu.json.categories.length).toBeGreaterThan(0);
    expect(asMenu.json.pdf.source).toBe('generated');
    const made = await guestPdf();
    expect(made).toContain('Halloumi salad');
    expect(made).not.toContain('Specials board');

    // Both, each for what it is.
    expect((await admin.put('/api/admin/menu/pdf/guests-see', { guestsSee: 'both' })).status).toBe(200);
    const both = await server.client().get('/api/menu?club=red-lion');
    expect(both.json.guestsSee).toBe('both');
    expect(both.json.categories.length).toBeGreaterThan(0);
    expect(both.json.pdf.source).toBe('uploaded');
    expect(await guestPdf()).toContain('Specials board');
    // A new PDF keeps the choice.
    const again = await sendBytes(server, admin, 'PUT', '/api/admin/menu/pdf', board);
    expect(again.json.guestsSee).toBe('both');

    expect((await staff.put('/api/admin/menu/pdf/guests-see', { guestsSee: 'menu' })).status).toBe(403);
    const bad = await admin.put('/api/admin/menu/pdf/guests-see', { guestsSee: 'neither' });
    expect(bad.status).toBe(400);
    expect((await otherAdmin.put('/api/admin/menu/pdf/guests-see', { guestsSee: 'pdf' })).status).toBe(409);
    expect((await server.client().get('/api/menu?club=red-lion')).json.guestsSee).toBe('both');
    const removed = await sendBytes(server, admin, 'DELETE', '/api/admin/menu/pdf');
    expect(removed.json).toMatchObject({ guestsSee: 'menu', pdf: { source: 'generated', uploadedOn: null } });
  });

  it('reads an uploaded PDF before keeping it: what only starts like a PDF is refused, scripts are taken out', async () => {
    const upload = (bytes: Buffer) => sendBytes(server, admin, 'PUT', '/api/admin/menu/pdf', bytes);
    const real = await onePagePdf('Tonight: pie and a pint');
    for (const bad of [
      Buffer.from('%PDF-garbage'),
      Buffer.from('%PDF-1.7\n%%EOF\n'),
      real.subarray(0, 300),
      Buffer.from('Just text, named menu.pdf'),
    ]) {
      const res = await upload(bad);
      expect(res.status, bad.subarray(0, 20).toString()).toBe(400);
      expect(res.json.error.message).toBe('That file is not a PDF we can read.');
    }
    const locked = await onePagePdf('Locked', (doc) => {
      doc.context.trailerInfo.Encrypt = doc.context.register(
        doc.context.obj({
          Filter: 'Standard',
          V: 1,
          R: 2,
          P: -4,
          O: PDFString.of('o'),
          U: PDFString.of('u'),
        }),
      );
    });
    const refused = await upload(locked);
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/password/);

    const scripted = await onePagePdf('Tonight: pie and a pint', withScripts);
    expect(scripted.includes('app.alert')).toBe(true);
    expect((await activeContent(scripted)).length).toBeGreaterThan(0);
    const res = await upload(scripted);
    expect(res.status).toBe(200);
    const served = new Uint8Array(await (await fetch(`${server.baseUrl}${res.json.pdf.url}`)).arrayBuffer());
    expect(Buffer.from(served).includes('app.alert')).toBe(false);
    expect(await activeContent(served)).toEqual([]);
    // The rest of the document is as it was: its page, its text, its link to a web page.
    const { pages, text } = await pdfText(served.slice());
    expect(pages).toBe(1);
    expect(text).toContain('Tonight: pie and a pint');
    expect(Buffer.from(served).includes('https://redlion.test/menu')).toBe(true);

    // A file carried inside the PDF (the reader's attachments pane) is taken out too.
    const carrying = await onePagePdf('Tonight: pie and a pint', async (doc) => {
      await doc.attach(Buffer.from('MZ pretend program'), 'prize-claim.exe', {
        mimeType: 'application/octet-stream',
      });
    });
    expect(carrying.includes('EmbeddedFiles')).toBe(true);
    const attached = await upload(carrying);
    expect(attached.status).toBe(200);
    const stripped = Buffer.from(
      await (await fetch(`${server.baseUrl}${attached.json.pdf.url}`)).arrayBuffer(),
    );
    expect(stripped.includes('EmbeddedFiles')).toBe(false);
    expect(stripped.includes('prize-claim.exe')).toBe(false);
    expect((await pdfText(new Uint8Array(stripped))).text).toContain('Tonight: pie and a pint');

    // A PDF without scripts is kept byte for byte.
    const plain = await upload(real);
    expect(plain.status).toBe(200);
    const kept = Buffer.from(await (await fetch(`${server.baseUrl}${plain.json.pdf.url}`)).arrayBuffer());
    expect(kept.equals(real)).toBe(true);
    await sendBytes(server, admin, 'DELETE', '/api/admin/menu/pdf');
  });

  it('serves every uploaded file sandboxed, so that one opened in the browser runs no script', async () => {
    const up = await sendBytes(server, admin, 'PUT', '/api/admin/menu/pdf', await onePagePdf('Sandboxed'));
    expect(up.status).toBe(200);
    const pdf = await fetch(`${server.baseUrl}/api/menu.pdf?club=red-lion`);
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
    expect(pdf.headers.get('content-security-policy')).toBe('sandbox');
    expect(pdf.headers.get('x-content-type-options')).toBe('nosniff');
    await sendBytes(server, admin, 'DELETE', '/api/admin/menu/pdf');

    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#224422' } })
      .png()
      .toBuffer();
    const [dish] = (await admin.get('/api/menu')).json.categories.flatMap((c: Json) => c.items);
    const pic = await sendBytes(
      server,
      admin,
      'PUT',
      `/api/admin/menu/items/${dish.id}/image`,
      photo,
      'image/png',
    );
    expect(pic.status).toBe(200);
    for (const url of [pic.json.item.imageUrl, pic.json.item.thumbnailUrl]) {
      const file = await fetch(url);
      expect(file.status).toBe(200);
      await file.arrayBuffer();
      expect(file.headers.get('content-security-policy')).toBe('sandbox');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
