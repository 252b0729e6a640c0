import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, fixtures, teams } from '../../src/db/schema/index.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember, otherClubAdmin, signedIn } from '../support/world.ts';

// Thursday 26 November 2026, 20:00 GMT: the first quiz of the weekly series.
const FIRST = '2026-11-26T20:00:00Z';
const QUIZ = {
  title: 'Pub Quiz',
  description: 'Teams of up to six. £2 a head, cash prize.',
  startsAt: FIRST,
  endsAt: '2026-11-26T22:30:00Z',
  place: 'The back bar',
  recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=TH',
  capacity: 30,
};

// The calendar's name properties are TEXT (RFC 7986 NAME, and X-WR-CALNAME as calendar apps read it);
// ical.js knows neither, and would hand back their text still escaped.
for (const name of ['name', 'x-wr-calname']) ICAL.design.icalendar.property[name] = { defaultType: 'text' };

/** Every date the parsed calendar gives a UID, exceptions applied (ical.js, independent of rrule). */
function expandIcs(text: string, until: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const vevents = root.getAllSubcomponents('vevent');
  const masters = vevents.filter((v) => !v.hasProperty('recurrence-id'));
  const out: { uid: string; summary: string; start: string; end: string }[] = [];
  for (const m of masters) {
    const event = new ICAL.Event(m);
    for (const x of vevents.filter(
      (v) => v.hasProperty('recurrence-id') && v.getFirstPropertyValue('uid') === event.uid,
    )) {
      event.relateException(new ICAL.Event(x));
    }
    if (!event.isRecurring()) {
      out.push({
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
      });
      continue;
    }
    const it = event.iterator();
    for (let next = it.next(); next; next = it.next()) {
      if (next.toJSDate() > new Date(until)) break;
      const d = event.getOccurrenceDetails(next);
      out.push({
        uid: event.uid,
        summary: d.item.summary,
        start: d.startDate.toJSDate().toISOString(),
        end: d.endDate.toJSDate().toISOString(),
      });
    }
  }
  return { root, out };
}

describe.each(backends())('events on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let anon: HttpClient;
  let quiz: Json;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2026-11-20T12:00:00Z' });
    admin = await signedIn(server, 'admin@redlion.test');
    anon = server.client();
    await anon.prime();
    const res = await admin.post('/api/admin/events', QUIZ);
    expect(res.status).toBe(201);
    quiz = res.json.event;
  }, 120_000);
  afterAll(() => server?.close());

  const range = (from: string, to: string, club = '') =>
    `/api/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${club && `&club=${club}`}`;

  it('expands a weekly series at 20:00 London time, summer and winter, with stable ids', async () => {
    const res = await anon.get(range('2026-11-20T00:00:00Z', '2027-04-10T00:00:00Z', 'red-lion'));
    expect(res.status).toBe(200);
    const quizzes = res.json.events.filter((e: Json) => e.seriesId === quiz.id);
    expect(quizzes[0]).toEqual({
      id: `${quiz.id}_20261126T200000Z`,
      seriesId: quiz.id,
      kind: 'event',
      title: 'Pub Quiz',
      startsAt: '2026-11-26T20:00:00.000Z',
      endsAt: '2026-11-26T22:30:00.000Z',
      place: 'The back bar',
      capacity: 30,
      placesLeft: 30,
      pricePence: 0,
      movedFrom: null,
      teams: false,
      myPlaces: null,
    });
    // After the clocks go forward (28 March 2027) the quiz is still at 20:00 in London: 19:00 UTC.
    const april = quizzes.find((e: Json) => e.startsAt.startsWith('2027-04-01'));
    expect(april.startsAt).toBe('2027-04-01T19:00:00.000Z');
    expect(quizzes.length).toBe(20);
    // A visitor without ?club sees the default club; the same call twice gives the same ids.
    const again = await anon.get(range('2026-11-20T00:00:00Z', '2027-04-10T00:00:00Z', 'red-lion'));
    expect(again.json.events.map((e: Json) => e.id)).toEqual(res.json.events.map((e: Json) => e.id));
  });

  it('cancels one date and moves another without touching the rest, and the feed says the same', async () => {
    const cancel = await admin.put(`/api/admin/events/${quiz.id}/exceptions`, {
      originalStartsAt: '2026-12-03T20:00:00Z',
      cancelled: true,
    });
    expect(cancel.status).toBe(200);
    const move = await admin.put(`/api/admin/events/${quiz.id}/exceptions`, {
      originalStartsAt: '2026-12-10T20:00:00Z',
      cancelled: false,
      startsAt: '2026-12-11T19:30:00Z',
      endsAt: '2026-12-11T22:00:00Z',
    });
    expect(move.status).toBe(200);
    expect(move.json.event.exceptions).toHaveLength(2);
    const notADate = await admin.put(`/api/admin/events/${quiz.id}/exceptions`, {
      originalStartsAt: '2026-12-09T20:00:00Z',
      cancelled: true,
    });
    expect(notADate.status).toBe(400);

    const list = await anon.get(range('2026-11-25T00:00:00Z', '2026-12-25T00:00:00Z', 'red-lion'));
    const starts = list.json.events
      .filter((e: Json) => e.seriesId === quiz.id)
      .map((e: Json) => [e.id, e.startsAt]);
    expect(starts).toEqual([
      [`${quiz.id}_20261126T200000Z`, '2026-11-26T20:00:00.000Z'],
      [`${quiz.id}_20261210T200000Z`, '2026-12-11T19:30:00.000Z'],
      [`${quiz.id}_20261217T200000Z`, '2026-12-17T20:00:00.000Z'],
      [`${quiz.id}_20261224T200000Z`, '2026-12-24T20:00:00.000Z'],
    ]);
    const moved = await anon.get(`/api/events/${quiz.id}_20261210T200000Z?club=red-lion`);
    expect(moved.json.event.movedFrom).toBe('2026-12-10T20:00:00.000Z');
    expect((await anon.get(`/api/events/${quiz.id}_20261203T200000Z?club=red-lion`)).status).toBe(404);

    // The subscribable feed: one VEVENT with the RRULE and an EXDATE, one with a RECURRENCE-ID.
    const feed = await anon.get('/api/clubs/red-lion/calendar.ics');
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const { root, out } = expandIcs(feed.text, '2026-12-25T00:00:00Z');
    const vevents = root.getAllSubcomponents('vevent');
    const master = vevents.find((v) => v.hasProperty('rrule'));
    expect(String(master?.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;BYDAY=TH');
    expect(master?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/London');
    expect(master?.getAllProperties('exdate').map((p) => p.getFirstValue()?.toString())).toEqual([
      '2026-12-03T20:00:00',
    ]);
    expect(vevents.filter((v) => v.hasProperty('recurrence-id'))).toHaveLength(1);
    expect(out.filter((o) => o.summary === 'Pub Quiz').map((o) => o.start)).toEqual(
      starts.map(([, s]: string[]) => s),
    );

    // Restoring the cancelled date brings it back.
    const exception = cancel.json.event.exceptions[0];
    const restored = await admin.delete(`/api/admin/events/${quiz.id}/exceptions/${exception.id}`);
    expect(restored.status).toBe(200);
    expect((await anon.get(`/api/events/${quiz.id}_20261203T200000Z?club=red-lion`)).status).toBe(200);
  });

  it('gives one event, and one date of a series, as an .ics file that parses back', async () => {
    const single = await admin.post('/api/admin/events', {
      title: 'Christmas Karaoke',
      description: 'Sing for a mince pie.',
      startsAt: '2026-12-19T19:00:00Z',
      endsAt: '2026-12-19T23:00:00Z',
      place: 'Function room',
      recurrence: null,
      capacity: null,
      ticketUrl: 'https://tickets.example/karaoke',
    });
    expect(single.status).toBe(201);
    const ics = await anon.get(`/api/events/${single.json.event.id}.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const { out } = expandIcs(ics.text, '2027-01-01T00:00:00Z');
    expect(out).toEqual([
      expect.objectContaining({
        summary: 'Christmas Karaoke',
        start: '2026-12-19T19:00:00.000Z',
        end: '2026-12-19T23:00:00.000Z',
      }),
    ]);
    // In summer the file says 18:00 London time for 17:00 UTC, whatever the server's own time zone.
    const summer = await admin.post('/api/admin/events', {
      title: 'Summer Barbecue',
      startsAt: '2027-07-10T17:00:00Z',
      endsAt: '2027-07-10T21:00:00Z',
      recurrence: null,
      capacity: null,
    });
    const summerIcs = (await anon.get(`/api/events/${summer.json.event.id}.ics`)).text;
    expect(summerIcs).toContain('DTSTART;TZID=Europe/London:20270710T180000');
    expect(expandIcs(summerIcs, '2028-01-01T00:00:00Z').out).toEqual([
      expect.objectContaining({ start: '2027-07-10T17:00:00.000Z', end: '2027-07-10T21:00:00.000Z' }),
    ]);
    const series = expandIcs((await anon.get(`/api/events/${quiz.id}.ics`)).text, '2027-01-01T00:00:00Z');
    expect(series.out.length).toBeGreaterThan(4);
    const oneDate = expandIcs(
      (await anon.get(`/api/events/${quiz.id}_20261217T200000Z.ics`)).text,
      '2028-01-01T00:00:00Z',
    );
    expect(oneDate.out.map((o) => o.start)).toEqual(['2026-12-17T20:00:00.000Z']);
    expect((await anon.get(`/api/events/${crypto.randomUUID()}.ics`)).status).toBe(404);
  });

  it('refuses line breaks and control characters in names, and escapes what calendars carry (RFC 5545)', async () => {
    const club = await aClub(server, { slug: 'the-comma', name: 'The Comma' });
    const { client: owner } = await aMember(server, { club, role: 'admin', email: 'owner@comma.test' });
    const injected = 'Evil\r\nBEGIN:VEVENT\r\nSUMMARY:Free beer\r\nEND:VEVENT';
    const refusedName = async (res: { status: number; json: Json }, field: string) => {
      expect(res.status, field).toBe(400);
      expect(res.json.error.message).toMatch(
        new RegExp(`${field}: must not hold line breaks or control characters`),
      );
    };
    for (const name of [
      injected,
      'A\nB',
      'Tab\there',
      'Bell\u0007',
      'Del\u007f',
      'Next\u0085line',
      'Line\u2028sep',
      'Para\u2029sep',
    ]) {
      await refusedName(await owner.patch('/api/admin/club', { name }), 'name');
    }
    await refusedName(await owner.post('/api/clubs', { name: injected, slug: 'evil-club' }), 'name');
    const event = { startsAt: '2026-12-05T19:00:00Z', endsAt: '2026-12-05T22:00:00Z' };
    await refusedName(await owner.post('/api/admin/events', { ...event, title: injected }), 'title');
    await refusedName(
      await owner.post('/api/admin/events', { ...event, title: 'Quiz', place: 'Bar\nEND:VCALENDAR' }),
      'place',
    );
    expect(
      (await owner.post('/api/admin/events', { ...event, title: 'Quiz', description: 'Ring\u0007' })).status,
    ).toBe(400);
    await refusedName(await owner.patch('/api/me', { name: 'Me\r\nBcc: everyone' }), 'name');
    const signUp = server.client();
    await signUp.prime();
    const bad = await signUp.post('/api/auth/sign-up/email', {
      name: 'New\r\nPerson',
      email: 'new-person@comma.test',
      password: 'a-fine-password',
      dateOfBirth: '1990-01-01',
    });
    await refusedName(bad, 'name');

    // An ordinary name with the characters RFC 5545 escapes, apostrophes, accents and emoji.
    const name = "Fish, Chips; Ale \\ O’Neill's Café & Bar 🍺";
    const renamed = await owner.patch('/api/admin/club', { name });
    expect(renamed.status).toBe(200);
    const title = 'Quiz; teams, of six \\ max';
    const description = 'Line one,\nline two; with a \\ backslash.';
    const place = 'Back room, upstairs';
    const made = await owner.post('/api/admin/events', { ...event, title, description, place });
    expect(made.status).toBe(201);
    for (const path of ['/api/clubs/the-comma/calendar.ics', `/api/events/${made.json.event.id}.ics`]) {
      const ics = await anon.get(path);
      expect(ics.status, path).toBe(200);
      expect(ics.text).toContain("X-WR-CALNAME:Fish\\, Chips\\; Ale \\\\ O’Neill's Café & Bar 🍺\r\n");
      // Folded at 75 octets, and no line of its own but those it was built with.
      for (const line of ics.text.split('\r\n'))
        expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
      const root = new ICAL.Component(ICAL.parse(ics.text));
      expect(root.getFirstPropertyValue('x-wr-calname')).toBe(name);
      expect(root.getFirstPropertyValue('name')).toBe(name);
      const vevents = root.getAllSubcomponents('vevent');
      expect(vevents).toHaveLength(1);
      const parsed = new ICAL.Event(vevents[0]);
      expect([parsed.summary, parsed.description, parsed.location]).toEqual([title, description, place]);
    }
    // A long name is folded, and reads back whole.
    const long = `${'Ye Olde Café, Bar; & Grill 🍺 '.repeat(3)}of Old`;
    expect((await owner.patch('/api/admin/club', { name: long })).status).toBe(200);
    const folded = (await anon.get('/api/clubs/the-comma/calendar.ics')).text;
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(new ICAL.Component(ICAL.parse(folded)).getFirstPropertyValue('x-wr-calname')).toBe(long);
    // A name stored before the rule (or by hand) is escaped all the same: its line breaks start nothing.
    await server.db.update(clubs).set({ name: injected }).where(eq(clubs.id, club.id));
    const stored = (await anon.get('/api/clubs/the-comma/calendar.ics')).text;
    expect(stored).toContain('X-WR-CALNAME:Evil\\nBEGIN:VEVENT\\nSUMMARY:Free beer\\nEND:VEVENT\r\n');
    const storedRoot = new ICAL.Component(ICAL.parse(stored));
    expect(storedRoot.getFirstPropertyValue('x-wr-calname')).toBe(injected.replaceAll('\r\n', '\n'));
    expect(storedRoot.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary)).toEqual([title]);
  });

  it('edits, cancels, restores and deletes an event', async () => {
    const made = await admin.post('/api/admin/events', {
      title: 'Darts night',
      startsAt: '2026-12-01T19:00:00Z',
      endsAt: '2026-12-01T22:00:00Z',
      recurrence: null,
      capacity: null,
    });
    const id = made.json.event.id;
    const edited = await admin.patch(`/api/admin/events/${id}`, {
      title: 'Darts league night',
      place: 'Oche',
    });
    expect(edited.json.event).toMatchObject({ title: 'Darts league night', place: 'Oche' });
    const badTimes = await admin.patch(`/api/admin/events/${id}`, { endsAt: '2026-12-01T18:00:00Z' });
    expect(badTimes.status).toBe(400);
    const window = range('2026-11-30T00:00:00Z', '2026-12-02T00:00:00Z', 'red-lion');
    expect((await anon.get(window)).json.events.map((e: Json) => e.id)).toContain(id);
    expect((await admin.post(`/api/admin/events/${id}/cancel`)).json.event.cancelled).toBe(true);
    expect((await anon.get(window)).json.events.map((e: Json) => e.id)).not.toContain(id);
    expect((await admin.post(`/api/admin/events/${id}/restore`)).json.event.cancelled).toBe(false);
    expect((await admin.delete(`/api/admin/events/${id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/events/${id}`)).status).toBe(404);
  });

  it('refuses bad input with a plain message', async () => {
    const bad = [
      { ...QUIZ, recurrence: 'RRULE:FREQ=SECONDLY' },
      { ...QUIZ, recurrence: 'RRULE:FREQ=WEEKLY;BYHOUR=3' },
      { ...QUIZ, endsAt: QUIZ.startsAt },
      { ...QUIZ, capacity: 0 },
      { ...QUIZ, startsAt: 'next thursday' },
    ];
    for (const body of bad) {
      const res = await admin.post('/api/admin/events', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message).toBeTruthy();
    }
    expect((await anon.get(range('2026-01-01T00:00:00Z', '2028-01-01T00:00:00Z'))).status).toBe(400);
  });

  it('prices a place: made, changed, shown on the calendar and the date, made free again', async () => {
    const made = await admin.post('/api/admin/events', {
      title: 'Supper club',
      startsAt: '2026-12-04T19:00:00Z',
      endsAt: '2026-12-04T22:00:00Z',
      capacity: 20,
      pricePence: 2450,
    });
    expect(made.status).toBe(201);
    expect(made.json.event.pricePence).toBe(2450);
    const id = made.json.event.id;
    const window = range('2026-12-04T00:00:00Z', '2026-12-05T00:00:00Z', 'red-lion');
    const listed = (await anon.get(window)).json.events.find((e: Json) => e.id === id);
    expect(listed.pricePence).toBe(2450);
    expect((await anon.get(`/api/events/${id}?club=red-lion`)).json.event.pricePence).toBe(2450);
    // A change that leaves the price out keeps it.
    expect(
      (await admin.patch(`/api/admin/events/${id}`, { place: 'The dining room' })).json.event.pricePence,
    ).toBe(2450);
    expect((await admin.patch(`/api/admin/events/${id}`, { pricePence: 600 })).json.event.pricePence).toBe(
      600,
    );
    expect((await admin.patch(`/api/admin/events/${id}`, { pricePence: null })).json.event.pricePence).toBe(
      0,
    );
    expect((await anon.get(`/api/events/${id}?club=red-lion`)).json.event.pricePence).toBe(0);
    // No price given is free; so is a match on the big screen (it has no series to price).
    expect(quiz.pricePence).toBe(0);
    await admin.delete(`/api/admin/events/${id}`);
  });

  it('refuses a negative, too dear or fractional price with a plain message', async () => {
    const cases: [unknown, RegExp][] = [
      [-100, /negative/],
      [50_001, /at most £500/],
      [6.5, /whole number of pence/],
      ['6.00', /./],
    ];
    for (const [pricePence, message] of cases) {
      const made = await admin.post('/api/admin/events', { ...QUIZ, pricePence });
      expect(made.status, String(pricePence)).toBe(400);
      expect(made.json.error.message).toMatch(message);
      const edited = await admin.patch(`/api/admin/events/${quiz.id}`, { pricePence });
      expect(edited.status, String(pricePence)).toBe(400);
      expect(edited.json.error.message).toMatch(message);
    }
    const dearest = await admin.post('/api/admin/events', {
      ...QUIZ,
      title: 'Gala dinner',
      pricePence: 50_000,
    });
    expect(dearest.status).toBe(201);
    await admin.delete(`/api/admin/events/${dearest.json.event.id}`);
  });

  it('never overbooks: many members at once for the last places', async () => {
    const club = await aClub(server, { slug: 'race-club', name: 'Race Club' });
    const raceAdmin = (await aMember(server, { club, role: 'admin', email: 'admin@race.test' })).client;
    const made = await raceAdmin.post('/api/admin/events', {
      ...QUIZ,
      title: 'Race quiz',
      capacity: 5,
      teams: true,
    });
    const id = `${made.json.event.id}_20261126T200000Z`;
    const members: HttpClient[] = [];
    for (let i = 0; i < 12; i++) {
      members.push(
        (await aMember(server, { club, email: `racer${i}@race.test`, name: `Racer ${i}` })).client,
      );
    }
    const noTeam = await members[0]?.post(`/api/events/${id}/registrations`, {});
    expect(noTeam?.status).toBe(400);
    const results = await Promise.all(
      members.map((m, i) =>
        m.post(`/api/events/${id}/registrations`, { teamName: `Quizzers ${i}`, teamSize: 4 }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(results.find((r) => r.status === 409)?.json.error.code).toBe('EVENT_FULL');
    const list = await raceAdmin.get(`/api/admin/events/${id}/registrations`);
    expect(list.json.registrations).toHaveLength(5);
    expect(list.json.placesLeft).toBe(0);
    expect(list.json.registrations[0]).toMatchObject({
      teamSize: 4,
      teamName: expect.stringMatching(/^Quizzers/),
    });

    // One of them cancels: a place is free again for someone who was turned away.
    const winner = members[results.findIndex((r) => r.status === 201)] as HttpClient;
    const loser = members[results.findIndex((r) => r.status === 409)] as HttpClient;
    expect((await winner.delete(`/api/events/${id}/registrations/mine`)).status).toBe(204);
    expect(
      (await loser.post(`/api/events/${id}/registrations`, { teamName: 'Late ones', teamSize: 2 })).status,
    ).toBe(201);
    expect(
      (await loser.post(`/api/events/${id}/registrations`, { teamName: 'Again', teamSize: 2 })).json.error
        .code,
    ).toBe('ALREADY_REGISTERED');
    const detail = await loser.get(`/api/events/${id}`);
    expect(detail.json.event.myRegistration).toMatchObject({ teamName: 'Late ones', teamSize: 2 });
    expect(detail.json.event.placesLeft).toBe(0);
  }, 120_000);

  it('confirms a sign-up by email, refuses one with no capacity, and keeps clubs apart', async () => {
    const player = await signedIn(server, 'player1@redlion.test');
    const id = `${quiz.id}_20261217T200000Z`;
    const res = await player.post(`/api/events/${id}/registrations`);
    expect(res.status).toBe(201);
    expect(res.json.placesLeft).toBe(29);
    const mail = await server.smtp.waitFor('player1@redlion.test', /signed up: Pub Quiz/);
    expect(mail.text).toContain('Thursday 17 December');
    expect(mail.text).toContain('20:00');

    const other = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
    expect((await other.get('/api/admin/events')).json.events).toEqual([]);
    expect((await other.get(`/api/admin/events/${id}/registrations`)).status).toBe(404);
    expect((await other.get(`/api/events/${id}`)).status).toBe(404);
    expect((await other.patch(`/api/admin/events/${quiz.id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await other.delete(`/api/admin/events/${quiz.id}`)).status).toBe(404);
    const theirList = await other.get(range('2026-11-20T00:00:00Z', '2027-01-01T00:00:00Z'));
    expect(theirList.json.events).toEqual([]);
    expect((await player.get('/api/admin/events')).status).toBe(403);
  });

  it('shows only the matches the club chose for its big screen, never a Saturday 3 pm one, following kick-off changes', async () => {
    // The 2024-25 season the demo holds: Friday 16 to Sunday 18 August 2024, nine matches.
    const window = range('2024-08-16T00:00:00Z', '2024-08-19T00:00:00Z', 'red-lion');
    expect((await anon.get(window)).json.events).toEqual([]);
    const offered = await admin.get(
      '/api/admin/screen-matches?from=2024-08-16T00:00:00Z&to=2024-08-19T00:00:00Z',
    );
    expect(offered.status).toBe(200);
    expect(offered.json.matches).toHaveLength(9);
    // Saturday 17 August: 15:00 UK kick-offs (14:00 UTC) are in the blackout, 12:30 and 17:30 are not.
    const blackout = offered.json.matches.filter((m: Json) => m.blackout);
    expect(blackout.length).toBeGreaterThan(0);
    for (const m of blackout) expect(m.kickoffAt).toBe('2024-08-17T14:00:00.000Z');
    const friday = offered.json.matches.find((m: Json) => m.kickoffAt === '2024-08-16T19:00:00.000Z');
    const saturdayLate = offered.json.matches.find((m: Json) => m.kickoffAt === '2024-08-17T16:30:00.000Z');
    expect(saturdayLate).toMatchObject({ blackout: false });

    const refused = await admin.put(`/api/admin/screen-matches/${blackout[0].fixtureId}`);
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('BLACKOUT_MATCH');
    expect(refused.json.error.message).toMatch(/3 pm blackout/);
    expect((await admin.put(`/api/admin/screen-matches/${friday.fixtureId}`)).status).toBe(204);
    expect((await admin.put(`/api/admin/screen-matches/${saturdayLate.fixtureId}`)).status).toBe(204);
    const chosen = (
      await admin.get('/api/admin/screen-matches?from=2024-08-16T00:00:00Z&to=2024-08-19T00:00:00Z')
    ).json.matches.filter((m: Json) => m.chosen);
    expect(chosen.map((m: Json) => m.fixtureId).sort()).toEqual(
      [friday.fixtureId, saturdayLate.fixtureId].sort(),
    );

    // The feed has the two chosen matches, labelled, and none of the other seven.
    const shown = (await anon.get(window)).json.events;
    expect(shown).toHaveLength(2);
    expect(shown[0]).toMatchObject({
      kind: 'match',
      seriesId: null,
      title: 'Manchester United FC v Fulham FC, live on the big screen',
      startsAt: '2024-08-16T19:00:00.000Z',
      capacity: null,
    });
    const fixtureId = friday.fixtureId;
    // Kick-off moved by the importer: the event follows without an edit; postponed, it goes.
    await server.db
      .update(fixtures)
      .set({ kickoffAt: new Date('2024-08-16T18:30:00Z') })
      .where(eq(fixtures.id, fixtureId));
    expect((await anon.get(window)).json.events[0].startsAt).toBe('2024-08-16T18:30:00.000Z');
    await server.db.update(fixtures).set({ status: 'postponed' }).where(eq(fixtures.id, fixtureId));
    expect((await anon.get(window)).json.events).toHaveLength(1);
    await server.db.update(fixtures).set({ status: 'scheduled' }).where(eq(fixtures.id, fixtureId));
    // A chosen match moved into the blackout drops out of the feed and its page.
    await server.db
      .update(fixtures)
      .set({ kickoffAt: new Date('2024-08-17T14:00:00Z') })
      .where(eq(fixtures.id, saturdayLate.fixtureId));
    expect((await anon.get(window)).json.events.map((e: Json) => e.id)).toEqual([`match_${fixtureId}`]);
    expect((await anon.get(`/api/events/match_${saturdayLate.fixtureId}?club=red-lion`)).status).toBe(404);
    await server.db
      .update(fixtures)
      .set({ kickoffAt: new Date('2024-08-17T16:30:00Z') })
      .where(eq(fixtures.id, saturdayLate.fixtureId));
    const member = await signedIn(server, 'player2@redlion.test');
    expect((await member.post(`/api/events/${shown[0].id}/registrations`)).status).toBe(409);
    // Another club's feed shows none of them: the choice is the Red Lion's.
    const otherClub = await aClub(server, { slug: 'screen-club', name: 'Screen Club' });
    const other = (await aMember(server, { club: otherClub, email: 'member@screen.test' })).client;
    expect((await other.get(window.replace('&club=red-lion', ''))).json.events).toEqual([]);
    expect((await admin.delete(`/api/admin/screen-matches/${saturdayLate.fixtureId}`)).status).toBe(204);
    expect((await anon.get(window)).json.events).toHaveLength(1);
    await admin.delete(`/api/admin/screen-matches/${fixtureId}`);
    const feed = expandIcs((await anon.get('/api/clubs/red-lion/calendar.ics')).text, '2027-12-31T00:00:00Z');
    expect(feed.out.some((o) => o.summary.includes('Pub Quiz'))).toBe(true);
    const [team] = await server.db
      .select()
      .from(teams)
      .where(and(eq(teams.name, 'Fulham FC')));
    expect(team).toBeDefined();
  });

  it('takes a picture for an event from its bytes, strips its metadata, and refuses a renamed text file', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1b5e20' } })
      .withExif({ IFD0: { Artist: 'Quiz Master', Copyright: 'GPS secret' } })
      .jpeg()
      .toBuffer();
    const headers = (c: HttpClient, type: string) => ({
      origin: new URL(server.baseUrl).origin,
      cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(c.jar.get('XSRF-TOKEN') ?? ''),
      'content-type': type,
    });
    const put = (c: HttpClient, body: Buffer, type: string) =>
      fetch(new URL(`/api/admin/events/${quiz.id}/image`, server.baseUrl), {
        method: 'PUT',
        headers: headers(c, type),
        body,
      });
    const text = await put(admin, Buffer.from('not a picture at all'), 'image/jpeg');
    expect(text.status).toBe(400);
    const ok = await put(admin, jpeg, 'image/jpeg');
    expect(ok.status).toBe(200);
    const imageUrl = ((await ok.json()) as Json).event.imageUrl as string;
    expect(imageUrl).toMatch(/\/api\/files\/events\/.+\.webp$/);
    const stored = Buffer.from(await (await fetch(imageUrl)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Quiz Master'))).toBe(false);
    const detail = await anon.get(`/api/events/${quiz.id}_20261217T200000Z?club=red-lion`);
    expect(detail.json.event.imageUrl).toBe(imageUrl);
    const removed = await admin.delete(`/api/admin/events/${quiz.id}/image`);
    expect(removed.json.event.imageUrl).toBeNull();
    expect((await fetch(imageUrl)).status).toBe(404);
  });
});
