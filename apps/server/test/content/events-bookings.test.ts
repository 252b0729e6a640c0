import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

// Places, the waiting list, phone bookings and removals, through the real server on both databases.
describe.each(backends())(
  'event bookings on %s',
  (backend) => {
    let server: TestServer;
    let admin: HttpClient;
    let club: Awaited<ReturnType<typeof aClub>>;
    let n = 0;

    beforeAll(async () => {
      server = await startTestServer(backend, { seed: true, now: '2026-11-20T12:00:00Z' });
      club = await aClub(server, { slug: 'dinner-club', name: 'Dinner Club' });
      admin = (await aMember(server, { club, role: 'admin', email: 'admin@dinner.test' })).client;
    }, 120_000);
    afterAll(() => server?.close());

    /** A single dinner on 4 December with `capacity` places; its occurrence id. */
    async function dinner(capacity: number, title = 'Christmas dinner') {
      const res = await admin.post('/api/admin/events', {
        title,
        startsAt: '2026-12-04T19:00:00Z',
        endsAt: '2026-12-04T22:00:00Z',
        place: 'The dining room',
        capacity,
      });
      expect(res.status).toBe(201);
      return res.json.event.id as string;
    }
    async function member(name: string) {
      n++;
      const email = `diner${n}@dinner.test`;
      return { email, name, client: (await aMember(server, { club, email, name })).client };
    }
    const book = (c: HttpClient, id: string, places?: number) =>
      c.post(`/api/events/${id}/registrations`, places === undefined ? {} : { places });
    const wait = (c: HttpClient, id: string, places: number) =>
      c.post(`/api/events/${id}/waitlist`, { places });
    const list = (id: string) => admin.get(`/api/admin/events/${id}/registrations`);

    it('counts places, not bookings: a table for two takes two, and never more than are left', async () => {
      const id = await dinner(5);
      const a = await member('Ann Able');
      const b = await member('Ben Baker');
      const two = await book(a.client, id, 2);
      expect(two.status).toBe(201);
      expect(two.json).toMatchObject({ registration: { places: 2 }, placesLeft: 3 });
      const mail = await server.smtp.waitFor(a.email, /signed up: Christmas dinner/);
      expect(mail.text).toContain('Places: 2');

      const tooMany = await book(b.client, id, 4);
      expect(tooMany.status).toBe(409);
      expect(tooMany.json.error).toMatchObject({ code: 'TOO_MANY_PLACES' });
      expect(tooMany.json.error.message).toMatch(/Only 3 places left/);
      const overMax = await book(b.client, id, 7);
      expect(overMax.status).toBe(400);
      expect(overMax.json.error.message).toMatch(/at most 6 places/);
      expect((await book(b.client, id, 0)).status).toBe(400);
      expect((await book(a.client, id, 1)).json.error.code).toBe('ALREADY_REGISTERED');
      expect((await book(b.client, id, 3)).status).toBe(201);

      const full = await book((await member('Cat Cole')).client, id, 1);
      expect(full.status).toBe(409);
      expect(full.json.error).toMatchObject({ code: 'EVENT_FULL' });
      expect(full.json.error.message).toMatch(/waiting list/);

      const detail = await a.client.get(`/api/events/${id}`);
      expect(detail.json.event).toMatchObject({ placesLeft: 0, myPlaces: 2, myRegistration: { places: 2 } });
      const feed = await a.client.get('/api/events?from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z');
      expect(feed.json.events.find((e: Json) => e.id === id)).toMatchObject({ myPlaces: 2, placesLeft: 0 });
      const theirs = await admin.get('/api/events?from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z');
      expect(theirs.json.events.find((e: Json) => e.id === id).myPlaces).toBeNull();
      expect((await list(id)).json).toMatchObject({ placesTaken: 5, placesLeft: 0, capacity: 5 });
    });

    it('keeps a waiting list in order, shows each their position, and books in whoever fits when places free', async () => {
      const id = await dinner(4, 'Quiz supper');
      const [dee, eve, fay, gus, hal] = [
        await member('Dee Dunn'),
        await member('Eve Ennis'),
        await member('Fay Ford'),
        await member('Gus Gray'),
        await member('Hal Hunt'),
      ] as const;
      expect((await book(dee.client, id, 3)).status).toBe(201);
      // One place left: waiting for one is refused (book it instead); waiting for two is taken.
      const fits = await wait(eve.client, id, 1);
      expect(fits.status).toBe(409);
      expect(fits.json.error.message).toMatch(/1 place left, so you can book now/);
      expect((await wait(eve.client, id, 2)).json).toMatchObject({ entry: { places: 2, position: 1 } });
      expect((await book(fay.client, id, 1)).status).toBe(201);
      // Now full: Fay is booked, so she cannot also wait; Gus and Hal join behind Eve.
      expect((await wait(fay.client, id, 1)).json.error.code).toBe('ALREADY_REGISTERED');
      expect((await wait(gus.client, id, 3)).json.entry.position).toBe(2);
      expect((await wait(gus.client, id, 1)).json.error.code).toBe('ALREADY_WAITING');
      expect((await wait(hal.client, id, 1)).json.entry.position).toBe(3);
      expect((await wait(hal.client, id, 7)).status).toBe(400);
      const halSees = (await hal.client.get(`/api/events/${id}`)).json.event;
      expect(halSees).toMatchObject({
        placesLeft: 0,
        myWaitlist: { places: 1, position: 3 },
        waitlistLength: 3,
      });

      // Dee cancels her 3: Eve (2) fits and is booked; Gus (3) does not fit in the 1 left, so he keeps
      // his turn and Hal (1), next who fits, is booked. All in the cancellation's transaction.
      expect((await dee.client.delete(`/api/events/${id}/registrations/mine`)).status).toBe(204);
      const after = (await list(id)).json;
      // (Both booked in one transaction, so in no particular order between them.)
      expect(after.registrations.map((r: Json) => [r.name, r.places]).sort()).toEqual([
        ['Eve Ennis', 2],
        ['Fay Ford', 1],
        ['Hal Hunt', 1],
      ]);
      expect(after.waitlist.map((w: Json) => [w.name, w.places])).toEqual([['Gus Gray', 3]]);
      expect(after).toMatchObject({ placesTaken: 4, placesLeft: 0 });
      expect((await eve.client.get(`/api/events/${id}`)).json.event).toMatchObject({
        myPlaces: 2,
        myWaitlist: null,
      });
      expect((await gus.client.get(`/api/events/${id}`)).json.event.myWaitlist).toMatchObject({
        position: 1,
      });
      // Told in the app and by email.
      const told = (await eve.client.get('/api/notifications')).json.notifications;
      expect(told.map((x: Json) => x.title)).toContain("A place came free: you're going to Quiz supper");
      const mail = await server.smtp.waitFor(eve.email, /You're going: Quiz supper/);
      expect(mail.text).toContain('Places: 2');
      await server.smtp.waitFor(hal.email, /You're going: Quiz supper/);

      // Raising the places books in Gus once his three fit.
      const raised = await admin.patch(`/api/admin/events/${id}`, { capacity: 6 });
      expect(raised.status).toBe(200);
      expect((await list(id)).json.waitlist).toHaveLength(1);
      await admin.patch(`/api/admin/events/${id}`, { capacity: 7 });
      const full = (await list(id)).json;
      expect(full.waitlist).toEqual([]);
      expect(full.registrations.find((r: Json) => r.name === 'Gus Gray')).toMatchObject({ places: 3 });
      expect(full.placesTaken).toBe(7);
    });

    it('lets a member leave the waiting list, and the others move up', async () => {
      const id = await dinner(1, 'Chef’s table');
      const [ivy, jo, kit] = [await member('Ivy Irwin'), await member('Jo James'), await member('Kit King')];
      expect((await book(ivy.client, id)).status).toBe(201);
      expect((await wait(jo.client, id, 1)).status).toBe(201);
      expect((await wait(kit.client, id, 1)).json.entry.position).toBe(2);
      expect((await jo.client.delete(`/api/events/${id}/waitlist/mine`)).status).toBe(204);
      expect((await jo.client.delete(`/api/events/${id}/waitlist/mine`)).status).toBe(404);
      expect((await kit.client.get(`/api/events/${id}`)).json.event.myWaitlist.position).toBe(1);
      expect((await list(id)).json.waitlist.map((w: Json) => w.name)).toEqual(['Kit King']);
    });

    it('takes phone bookings without an account, and removing a booking frees its places for the waiting list', async () => {
      const id = await dinner(3, 'Curry night');
      const phone = await admin.post(`/api/admin/events/${id}/registrations`, {
        name: 'Mrs Patel',
        phone: '01632 960123',
        places: 2,
      });
      expect(phone.status).toBe(201);
      expect(phone.json).toMatchObject({
        registration: { name: 'Mrs Patel', phone: '01632 960123', places: 2, byPhone: true, email: '' },
        placesLeft: 1,
      });
      const noNumber = await admin.post(`/api/admin/events/${id}/registrations`, { name: 'Mr Jones' });
      expect(noNumber.json.registration).toMatchObject({ phone: null, places: 1, byPhone: true });
      const full = await admin.post(`/api/admin/events/${id}/registrations`, { name: 'Late caller' });
      expect(full.status).toBe(409);
      expect(full.json.error.code).toBe('EVENT_FULL');
      for (const bad of [
        { name: '' },
        { name: 'X', phone: 'call me' },
        { name: 'X', places: 9 },
        { name: 'X', email: 'x@y' },
      ]) {
        const res = await admin.post(`/api/admin/events/${id}/registrations`, bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.json.error.message).toBeTruthy();
      }
      const lou = await member('Lou Lamb');
      expect((await wait(lou.client, id, 2)).json.entry.position).toBe(1);
      expect((await lou.client.post(`/api/admin/events/${id}/registrations`, { name: 'Me' })).status).toBe(
        403,
      );

      // Another club's admin can neither see nor remove the Curry night's bookings.
      const other = await aClub(server, { slug: 'other-dinners', name: 'Other Dinners' });
      const otherAdmin = (
        await aMember(server, { club: other, role: 'admin', email: 'admin@otherdinners.test' })
      ).client;
      const mrsPatel = phone.json.registration.id as string;
      expect((await otherAdmin.delete(`/api/admin/events/${id}/registrations/${mrsPatel}`)).status).toBe(404);
      expect(
        (await otherAdmin.post(`/api/admin/events/${id}/registrations`, { name: 'Sneaky' })).status,
      ).toBe(404);

      // Removing Mrs Patel's two places books Lou in from the waiting list at once.
      expect((await admin.delete(`/api/admin/events/${id}/registrations/${mrsPatel}`)).status).toBe(204);
      expect((await admin.delete(`/api/admin/events/${id}/registrations/${mrsPatel}`)).status).toBe(404);
      const after = (await list(id)).json;
      expect(after.registrations.map((r: Json) => [r.name, r.places, r.byPhone])).toEqual([
        ['Mr Jones', 1, true],
        ['Lou Lamb', 2, false],
      ]);
      expect(after).toMatchObject({ waitlist: [], placesTaken: 3, placesLeft: 0 });
      await server.smtp.waitFor(lou.email, /You're going: Curry night/);
      expect(
        (
          await lou.client.get('/api/events?from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z')
        ).json.events.find((e: Json) => e.id === id),
      ).toMatchObject({ myPlaces: 2 });
    });

    it('tells a member whose booking the club removes, so their last message is not "You are signed up"', async () => {
      const id = await dinner(4, 'Wine tasting');
      const guest = await member('Rae Rowe');
      expect((await book(guest.client, id, 2)).status).toBe(201);
      await server.smtp.waitFor(guest.email, /signed up: Wine tasting/);
      const booking = (await list(id)).json.registrations.find((r: Json) => r.name === 'Rae Rowe');
      server.clock.advance(60_000);
      expect((await admin.delete(`/api/admin/events/${id}/registrations/${booking.id}`)).status).toBe(204);

      const notes = (await guest.client.get('/api/notifications')).json.notifications as Json[];
      const latest = notes.filter((n) => n.kind === 'events')[0];
      expect(latest?.title).toBe('Your booking was removed: Wine tasting');
      expect(latest?.body).toMatch(/removed your 2 places for .*no longer signed up/);
      const mail = await server.smtp.waitFor(guest.email, /booking was removed: Wine tasting/);
      expect(mail.text).toContain('no longer signed up');
      expect(mail.text).toContain('Places: 2');
      const detail = await guest.client.get(`/api/events/${id}`);
      expect(detail.json.event.myRegistration).toBeNull();
    });
  },
  300_000,
);
