import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs } from '../../src/db/schema/index.ts';
import { refreshDemoContent } from '../../src/seed/demo-content.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

/**
 * The clubs' public pages as a search engine, a link preview and a phone with JavaScript off get
 * them: the server's HTML, its JSON-LD and Open Graph tags, the share pictures, the sitemap, and
 * real 404 pages. Nothing here runs the page's JavaScript (it has none).
 */

// Thursday 26 November 2026, noon in London.
const NOW = '2026-11-26T12:00:00Z';

/** The JSON-LD blocks of a page, parsed. */
function jsonLdOf(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) =>
    JSON.parse(m[1] ?? ''),
  );
}

/** A meta tag's content by its property or name (attribute values as React writes them). */
function metaOf(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return m?.[1]
    ?.replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}

/** Text of the page without its tags (what a person reads with JavaScript off). */
const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

/** Google's required fields for an Event rich result, and what we promise beyond them. */
function expectGoogleEvent(e: Json) {
  expect(e['@type']).toBe('Event');
  expect(typeof e.name).toBe('string');
  expect(e.name.length).toBeGreaterThan(0);
  expect(e.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  expect(e.endDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  expect(new Date(e.endDate).getTime()).toBeGreaterThan(new Date(e.startDate).getTime());
  expect(e.location['@type']).toBe('Place');
  expect(e.location.name).toBeTruthy();
  expect(e.location.address['@type']).toBe('PostalAddress');
  expect(e.location.address.streetAddress).toBeTruthy();
  expect(e.eventStatus).toMatch(/^https:\/\/schema\.org\/Event(Scheduled|Rescheduled)$/);
  expect(e.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/[a-z0-9-]+\/events\/[^/]+$/);
}

describe.each(backends())('public pages (%s)', (backend) => {
  let server: TestServer;
  let anon: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: NOW });
    await refreshDemoContent(server.app.services, 'red-lion');
    anon = server.client();
    // The demo's menu, photos and month of dates are written on PGlite too: slow on a busy machine.
  }, 180_000);
  afterAll(async () => server?.close());

  it("answers the club's page with its content in the HTML, its tags and its JSON-LD", async () => {
    const res = await anon.get('/c/red-lion');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = res.text;
    const text = textOf(html);
    expect(html).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(text).toContain('The Red Lion');
    // The open competition: entry fee, pot and next deadline in UK time.
    expect(text).toMatch(/£5\.00 an entry/);
    expect(text).toMatch(/Pot £\d+\.\d\d/);
    expect(text).toMatch(/Next deadline \w{3} \d{1,2} \w{3}, \d\d:\d\d \(UK time\)/);
    // Coming events, today's menu, hours, address and contact.
    expect(text).toContain('Quiz night');
    expect(text).toContain('Supper club: three courses');
    expect(text).toMatch(/v .*, live on the big screen/);
    expect(text).toContain('On the menu today');
    expect(text).toContain('Soup of the day');
    expect(text).toContain('Opening hours');
    expect(text).toMatch(/Monday 12:00 to 23:00/);
    expect(text).toContain('AN1 1AA');
    expect(text).toContain('bar@red-lion.example');
    // The buttons open the app through the club's link.
    expect(html).toContain('href="/c/red-lion?open=%2Fsignup"');
    expect(html).toContain('href="/c/red-lion?open=%2Fapp%2Ftabs%2Fgame"');

    expect(metaOf(html, 'og:title')).toContain('The Red Lion');
    expect(metaOf(html, 'og:description')).toBeTruthy();
    expect(metaOf(html, 'og:url')).toBe(`${server.baseUrl}/c/red-lion`);
    expect(metaOf(html, 'og:image')).toMatch(
      new RegExp(`^${server.baseUrl}/c/red-lion/share\\.png\\?v=[0-9a-f]{16}$`),
    );
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');

    const [club] = jsonLdOf(html);
    expect(club['@type']).toBe('BarOrPub');
    expect(club.name).toBe('The Red Lion');
    expect(club.address).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '1 Market Square',
      addressLocality: 'Anytown',
      postalCode: 'AN1 1AA',
      addressCountry: 'GB',
    });
    expect(club.openingHoursSpecification).toHaveLength(7);
    expect(club.openingHoursSpecification[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '12:00',
      closes: '23:00',
    });
    expect(club.event.length).toBeGreaterThan(4);
    for (const e of club.event) expectGoogleEvent(e);
  });

  it('lists a month of coming events for the demo club, made from today', async () => {
    const events = (
      await anon.get('/api/events?club=red-lion&from=2026-11-26T12:00:00Z&to=2026-12-27T12:00:00Z')
    ).json.events as Json[];
    const titles = events.map((e) => e.title);
    expect(titles.filter((t) => t === 'Quiz night').length).toBeGreaterThanOrEqual(4);
    expect(titles).toContain('Live music: The Saturday Band');
    expect(titles).toContain('Supper club: three courses');
    expect(titles.some((t) => / v .*live on the big screen/.test(t))).toBe(true);
    expect(events.at(-1).startsAt > '2026-12-20').toBe(true);
    // A second start changes nothing that is still to come.
    await refreshDemoContent(server.app.services, 'red-lion');
    const again = (
      await anon.get('/api/events?club=red-lion&from=2026-11-26T12:00:00Z&to=2026-12-27T12:00:00Z')
    ).json.events as Json[];
    expect(again.map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it("answers an event's page with its date, places, Book button, tags and Event JSON-LD", async () => {
    const events = (
      await anon.get('/api/events?club=red-lion&from=2026-11-26T12:00:00Z&to=2026-12-27T12:00:00Z')
    ).json.events as Json[];
    const dinner = events.find((e) => e.title === 'Supper club: three courses');
    const res = await anon.get(`/c/red-lion/events/${dinner.id}`);
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect(text).toContain('Supper club: three courses');
    expect(text).toMatch(/Friday \d{1,2} December at 19:00 to 22:00 \(UK time\)/);
    expect(text).toContain('32 places left');
    expect(text).toContain('The dining room');
    expect(res.text).toContain(
      `href="/c/red-lion?open=%2Fevent-modal%3Fid%3D${encodeURIComponent(dinner.id)}"`,
    );
    expect(metaOf(res.text, 'og:image')).toMatch(/\/events\/[^/]+\/share\.png\?v=[0-9a-f]{16}$/);
    expect(metaOf(res.text, 'twitter:card')).toBe('summary_large_image');
    const [e] = jsonLdOf(res.text);
    expect(e['@context']).toBe('https://schema.org');
    expectGoogleEvent(e);
    expect(e.startDate).toMatch(/T19:00:00\+00:00$/);
    expect(e.location.address.postalCode).toBe('AN1 1AA');
    expect(e.image[0]).toBe(metaOf(res.text, 'og:image'));
    // The supper club costs £24.50 a person: the page says so and the Event carries an Offer.
    expect(text).toMatch(/Price £24\.50 a person/);
    expect(e.offers).toEqual({
      '@type': 'Offer',
      url: `${server.baseUrl}/c/red-lion/events/${dinner.id}`,
      price: '24.50',
      priceCurrency: 'GBP',
      availability: 'https://schema.org/InStock',
    });
  });

  it('gives a free night no Offer, says it is free, and a sold-out priced night is SoldOut', async () => {
    const events = (
      await anon.get('/api/events?club=red-lion&from=2026-11-26T12:00:00Z&to=2026-12-27T12:00:00Z')
    ).json.events as Json[];
    const music = events.find((e) => e.title === 'Live music: The Saturday Band');
    expect(music.pricePence).toBe(0);
    const res = await anon.get(`/c/red-lion/events/${music.id}`);
    expect(textOf(res.text)).toContain('Price Free');
    const [e] = jsonLdOf(res.text);
    expect(e).not.toHaveProperty('offers');
    // The club page lists each date with its price.
    const club = textOf((await anon.get('/c/red-lion')).text);
    expect(club).toMatch(/Supper club: three courses £24\.50 a person/);
    expect(club).toMatch(/Live music: The Saturday Band Free/);

    const other = await aClub(server, { slug: 'tiny-pub', name: 'The Tiny Pub', address: '2 Lane\nAnytown' });
    const { client: admin } = await aMember(server, {
      club: other,
      role: 'admin',
      name: 'Tina Tiny',
      email: 'tina@tiny.test',
    });
    const made = await admin.post('/api/admin/events', {
      title: 'Whisky tasting',
      startsAt: '2026-12-03T19:00:00Z',
      endsAt: '2026-12-03T21:00:00Z',
      capacity: 1,
      pricePence: 1500,
    });
    expect(made.status).toBe(201);
    const id = made.json.event.id;
    expect((await admin.post(`/api/events/${id}/registrations`, {})).status).toBe(201);
    const page = await anon.get(`/c/tiny-pub/events/${id}`);
    expect(textOf(page.text)).toContain('£15.00 a person');
    const [sold] = jsonLdOf(page.text);
    expect(sold.offers).toMatchObject({
      '@type': 'Offer',
      price: '15.00',
      priceCurrency: 'GBP',
      availability: 'https://schema.org/SoldOut',
    });
  });

  it('answers the menu page with every dish, its allergens and diet labels, and the 14 allergens', async () => {
    const res = await anon.get('/c/red-lion/menu');
    expect(res.status).toBe(200);
    const text = textOf(res.text);
    expect((res.text.match(/class="dish"/g) ?? []).length).toBeGreaterThanOrEqual(10);
    expect(text).toContain('Beer-battered haddock and chips');
    expect(text).toMatch(/Contains: Fish, Cereals containing gluten, Eggs, Mustard/);
    expect(text).toContain('May contain: Tree nuts');
    expect(text).toContain('Vegan');
    expect(text).toContain('Sulphur dioxide and sulphites');
    expect((res.text.match(/<li>[^<]+<\/li>/g) ?? []).length).toBeGreaterThanOrEqual(14);
    expect(res.text).toContain('href="/api/menu.pdf?club=red-lion"');
    const pdf = await anon.get('/api/menu.pdf?club=red-lion');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(metaOf(res.text, 'og:image')).toMatch(/\/c\/red-lion\/share\.png\?v=/);
  });

  it('draws a 1200x630 PNG for the club and an event, cached by its content and redrawn when it changes', async () => {
    const page = await anon.get('/c/red-lion');
    const image = metaOf(page.text, 'og:image') ?? '';
    const path = image.replace(server.baseUrl, '');
    const res = await fetch(`${server.baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    const again = await fetch(`${server.baseUrl}${path}`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);

    // The club's colours change: a new picture at a new address.
    const [row] = await server.db.select().from(clubs).where(eq(clubs.slug, 'red-lion'));
    await server.db.update(clubs).set({ primaryColor: '#0d47a1' }).where(eq(clubs.slug, 'red-lion'));
    const changed = metaOf((await anon.get('/c/red-lion')).text, 'og:image');
    expect(changed).not.toBe(image);
    await server.db
      .update(clubs)
      .set({ primaryColor: row?.primaryColor ?? '#b71c1c' })
      .where(eq(clubs.slug, 'red-lion'));

    const events = (
      await anon.get('/api/events?club=red-lion&from=2026-11-26T12:00:00Z&to=2026-12-27T12:00:00Z')
    ).json.events as Json[];
    const eventImage = metaOf((await anon.get(`/c/red-lion/events/${events[0].id}`)).text, 'og:image') ?? '';
    const drawn = await fetch(eventImage);
    expect(drawn.status).toBe(200);
    const eventMeta = await sharp(Buffer.from(await drawn.arrayBuffer())).metadata();
    expect([eventMeta.format, eventMeta.width, eventMeta.height]).toEqual(['png', 1200, 630]);
  });

  it('escapes whatever a club typed, in the HTML and in the JSON-LD', async () => {
    const nasty = 'Bad </script><script>alert("x")</script> & "quotes" \'here\'';
    const club = await aClub(server, { slug: 'bad-name', name: nasty, address: '<b>1 High St</b>\nAnytown' });
    const { client: admin } = await aMember(server, {
      club,
      role: 'admin',
      name: 'Nadia Nasty',
      email: 'nadia@nasty.test',
    });
    const created = await admin.post('/api/admin/events', {
      title: nasty,
      description: `</script><img src=x onerror=alert(1)>`,
      startsAt: '2026-12-02T19:00:00Z',
      endsAt: '2026-12-02T21:00:00Z',
      place: '"><b>bold</b>',
    });
    expect(created.status).toBe(201);
    for (const path of [`/c/${club.slug}`, `/c/${club.slug}/menu`]) {
      const res = await anon.get(path);
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('<script>alert');
      expect(res.text, path).not.toContain('</script><script>');
      // One JSON-LD block, parsed whole, with the name as typed.
      const blocks = jsonLdOf(res.text);
      expect(blocks, path).toHaveLength(1);
      expect(JSON.stringify(blocks[0])).toContain(nasty.replace(/"/g, '\\"'));
    }
    const events = (
      await anon.get(`/api/events?club=${club.slug}&from=2026-11-26T12:00:00Z&to=2026-12-27T12:00:00Z`)
    ).json.events as Json[];
    const res = await anon.get(`/c/${club.slug}/events/${events[0].id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<img src=x');
    expect(res.text).not.toContain('<b>bold</b>');
    expect(res.text).not.toContain('<script>alert');
    const [e] = jsonLdOf(res.text);
    expect(e.name).toBe(nasty);
    expect(e.location.name).toContain('"><b>bold</b>');
    expect(metaOf(res.text, 'og:title')).toContain(nasty);
  });

  it('answers an unknown club or event with a real 404 page', async () => {
    for (const path of [
      '/c/no-such-club',
      '/c/no-such-club/menu',
      '/c/no-such-club/events/abc',
      '/c/red-lion/events/no-such-event',
      '/c/red-lion/events/00000000-0000-0000-0000-000000000000_20261126T200000Z',
      '/c/red-lion/events/match_nope',
      '/c/no-such-club/share.png',
      '/c/red-lion/events/nope/share.png',
    ]) {
      const res = await anon.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(res.text, path).toMatch(
        /<h1>(There is no club at this address|That event is not on the calendar)<\/h1>/,
      );
    }
  });

  it('lists every club, its menu and its events in the sitemap, which robots.txt names', async () => {
    const robots = await anon.get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    const res = await anon.get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${server.baseUrl}/c/red-lion`);
    expect(locs).toContain(`${server.baseUrl}/c/red-lion/menu`);
    const events = (
      await anon.get('/api/events?club=red-lion&from=2026-11-26T12:00:00Z&to=2026-12-27T12:00:00Z')
    ).json.events as Json[];
    for (const e of events) expect(locs).toContain(`${server.baseUrl}/c/red-lion/events/${e.id}`);
    expect(locs).toContain(`${server.baseUrl}/c/${server.config.DEFAULT_CLUB}`);
  });
});
