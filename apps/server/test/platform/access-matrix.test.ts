import type { Role } from '@lastman/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, user } from '../../src/db/schema/index.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import type { Access, DeclaredRoute } from '../../src/http/access.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { accountAccess } from '../account/access.ts';
import { analyticsAccess } from '../analytics/access.ts';
import { clubAccess } from '../club/access.ts';
import { contentAccess, galleryWorld } from '../content/access.ts';
import { gameAccess } from '../game/access.ts';
import { notificationsAccess } from '../notifications/access.ts';
import { paymentsAccess } from '../payments/access.ts';
import { quizAccess, quizWorld } from '../quiz/access.ts';
import { staffAccess } from '../staff/access.ts';
import {
  CALLERS,
  type Call,
  type Caller,
  type Fixture,
  inOtherClub,
  png,
  type RotaExtrasWorld,
  type World,
} from '../support/access-matrix.ts';
import { seasonId, teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { oneBackend, startTestServer, type TestServer } from '../support/test-server.ts';
import { aPaymentIssue, signedIn, signedUp } from '../support/world.ts';
import { platformAccess } from './access.ts';

/**
 * Every /api route of the real route table, called by every kind of caller, against the objects of
 * the first club (The Red Lion), each outcome checked against the route's declared access:
 * - anonymous callers get 401 from every route that is not public;
 * - players get 403 from staff and admin routes, staff from admin routes; callers the rule admits
 *   are never refused by it;
 * - the admin of another club never gets a 2xx on the first club's objects, and no response to
 *   them holds any of the first club's ids, names or addresses (nor the reverse);
 * - no one but the owner reads or changes a player's entry, order, pick or payment;
 * - nothing answers 5xx.
 * Each domain lists its routes' rows in `test/<domain>/access.ts`; a route without a row fails the
 * test: a new route arrives with its ids.
 */

/** The role each caller holds in the club they act in (the other club's admin in theirs). */
const roleOf: Record<Caller, Role | null> = {
  anonymous: null,
  otherClubAdmin: 'admin',
  otherPlayer: 'player',
  staff: 'staff',
  admin: 'admin',
  owner: 'player',
  dualPlayer: 'player',
  dualAdmin: 'admin',
};
const rank: Record<Role, number> = { player: 0, staff: 1, admin: 2 };
const needed: Partial<Record<Access, Role>> = { member: 'player', staff: 'staff', admin: 'admin' };

/** Every domain's rows; a route listed by two domains is a mistake. */
function rowsOf(w: World): Record<string, Fixture> {
  const rows: Record<string, Fixture> = {};
  for (const domainRows of [
    platformAccess,
    accountAccess,
    clubAccess,
    gameAccess,
    paymentsAccess,
    analyticsAccess,
    contentAccess,
    staffAccess,
    notificationsAccess,
    quizAccess,
  ]) {
    for (const [route, row] of Object.entries(domainRows(w))) {
      if (rows[route]) throw new Error(`${route} is listed by two domains`);
      rows[route] = row;
    }
  }
  return rows;
}

/** The /api routes of Fastify's router, read from its printed radix tree (independent of access.ts). */

function routerTable(printed: string): Set<string> {
  const rows = new Set<string>();
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const match = /^(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4));
    if (!match?.[1]) continue;
    const depth = at / 4;
    stack[depth] = match[1];
    stack.length = depth + 1;
    const url = stack.join('');
    if (!match[2] || (url !== '/api' && !url.startsWith('/api/'))) continue;
    for (const method of match[2].split(', ')) rows.add(`${method} ${url}`);
  }
  return rows;
}

interface Outcome {
  route: string;
  caller: Caller;
  status: number;
  problem?: string;
}

describe.each(oneBackend())('the access matrix on %s', (backend) => {
  let server: TestServer;
  const clients = {} as Record<Exclude<Caller, 'anonymous'>, HttpClient> & { anonymous: HttpClient };
  const credentials: Record<Exclude<Caller, 'anonymous'>, { email: string; password: string }> = {
    otherClubAdmin: { email: 'admin@kingsarms.test', password: 'club-member-pass' },
    otherPlayer: { email: 'player2@redlion.test', password: DEMO_PASSWORD },
    staff: { email: 'staff@redlion.test', password: DEMO_PASSWORD },
    admin: { email: 'admin@redlion.test', password: DEMO_PASSWORD },
    owner: { email: 'player1@redlion.test', password: DEMO_PASSWORD },
    dualPlayer: { email: 'dana@dual.test', password: 'club-member-pass' },
    dualAdmin: { email: 'dana@dual.test', password: 'club-member-pass' },
  };
  let world: World;
  /** Strings only the first club's data contains, and only the other club's. */
  const firstClubMarks = new Set<string>(['The Red Lion', '@redlion.test']);
  const otherClubMarks = new Set<string>(['The Kings Arms', '@kingsarms.test']);
  /** What only the owner may see: their orders and payment secrets, their address. */
  const ownerMarks = new Set<string>(['player1@redlion.test']);

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const season = await seasonId(server);
    clients.anonymous = server.client();
    await clients.anonymous.prime();
    for (const caller of ['otherPlayer', 'staff', 'admin', 'owner'] as const) {
      clients[caller] = await signedIn(server, credentials[caller].email);
    }
    // The other club signs up through the API: its admin, then its staff and a player by invitation,
    // and Dana, a player of the first club, made its admin by invitation.
    const newcomer = (name: string, email: string, extra: { startClub?: boolean; clubSlug?: string }) =>
      signedUp(server, { name, email, password: 'club-member-pass', dateOfBirth: '1985-04-04', ...extra });
    clients.otherClubAdmin = await newcomer('Kings Admin', 'admin@kingsarms.test', { startClub: true });
    const created = await clients.otherClubAdmin.post('/api/clubs', {
      name: 'The Kings Arms',
      slug: 'kings-arms',
    });
    expect(created.status).toBe(201);
    const invited = async (c: HttpClient, role: Role) => {
      const link = await clients.otherClubAdmin.post('/api/admin/invitations', { role });
      expect(link.status).toBe(201);
      const token = new URL(link.json.url).pathname.split('/').pop();
      expect((await c.post(`/api/invitations/${token}/accept`)).status).toBe(200);
    };
    await invited(await newcomer('Kings Staff', 'staff@kingsarms.test', { startClub: true }), 'staff');
    await invited(await newcomer('Kings Player', 'player@kingsarms.test', { startClub: true }), 'player');
    clients.dualAdmin = await newcomer('Dana Dual', 'dana@dual.test', { clubSlug: 'red-lion' });
    await invited(clients.dualAdmin, 'admin');
    clients.dualPlayer = server.client();
    await clients.dualPlayer.signIn('dana@dual.test', 'club-member-pass');
    const firstClubId = (await clients.admin.get('/api/me')).json.club.id as string;
    const otherClubId = created.json.club.id as string;
    expect((await clients.dualPlayer.put('/api/me/club', { clubId: firstClubId })).status).toBe(204);
    expect((await clients.dualPlayer.get('/api/me')).json).toMatchObject({
      role: 'player',
      club: { slug: 'red-lion' },
    });
    expect((await clients.dualAdmin.get('/api/me')).json).toMatchObject({
      role: 'admin',
      club: { slug: 'kings-arms' },
    });
    const admin = clients.admin;
    const owner = clients.owner;
    const player3 = await signedIn(server, 'player3@redlion.test');

    const create = async (name: string, body: Record<string, unknown>, open = true) => {
      const res = await admin.post('/api/admin/competitions', { name, seasonId: season, ...body });
      expect(res.status).toBe(201);
      const id: string = res.json.competition.id;
      if (open) expect((await admin.post(`/api/admin/competitions/${id}/open`)).status).toBe(200);
      firstClubMarks.add(id).add(name);
      return id;
    };
    const enter = async (c: HttpClient, competitionId: string) => {
      const res = await c.post(`/api/competitions/${competitionId}/entries`);
      expect(res.status).toBe(201);
      firstClubMarks.add(res.json.id);
      return res.json.id as string;
    };

    // A finished free competition with a £50 prize that the owner wins (as in payouts.test.ts).
    const finishedId = await create('Matrix Final', { startRound: 1, prizeModel: 'free', prizePence: 5000 });
    const finalEntries = [await enter(owner, finishedId), await enter(player3, finishedId)];
    const round1 = (await owner.get(`/api/competitions/${finishedId}/rounds/1/fixtures`)).json.fixtures;
    const round2 = (await owner.get(`/api/competitions/${finishedId}/rounds/2/fixtures`)).json.fixtures;
    const pick = async (c: HttpClient, entryId: string, round: number, fixtures: Json[], team: string) => {
      const res = await c.put(`/api/entries/${entryId}/picks/${round}`, {
        teamId: teamIn(fixtures, team),
      });
      expect(res.status).toBe(200);
    };
    await pick(owner, finalEntries[0] as string, 1, round1, 'Arsenal');
    await pick(player3, finalEntries[1] as string, 1, round1, 'Liverpool');
    await pick(owner, finalEntries[0] as string, 2, round2, 'Manchester City');
    await pick(player3, finalEntries[1] as string, 2, round2, 'Everton');

    // Competitions that stay open whatever the clock does here (round 20 locks in January 2025).
    const paidId = await create('Matrix Paid', {
      startRound: 20,
      prizeModel: 'pool',
      entryFeePence: 500,
      maxEntriesPerPlayer: 50,
    });
    const freeId = await create('Matrix Free', {
      startRound: 20,
      prizeModel: 'free',
      maxEntriesPerPlayer: 50,
    });
    const toCancel = await create('Matrix Cancel', { startRound: 20, prizeModel: 'free' });
    const draftToEdit = await create('Matrix Draft Edit', { startRound: 20, prizeModel: 'free' }, false);
    const draftToOpen = await create('Matrix Draft Open', { startRound: 20, prizeModel: 'free' }, false);
    const ownerPickEntry = await enter(owner, freeId);
    const ownerUnpickEntry = await enter(owner, freeId);
    const entryToKnockOut = await enter(player3, freeId);
    const round20 = (await owner.get(`/api/competitions/${freeId}/rounds/20/fixtures`)).json.fixtures;
    const round20Team = teamIn(round20, round20[0].home.name);
    await pick(owner, ownerUnpickEntry, 20, round20, round20[1].home.name);

    // The owner's orders: two paid with the test card, one left pending.
    const order = async (pay: boolean) => {
      const created = await owner.post('/api/orders', { competitionId: paidId, entries: 1 });
      expect(created.status).toBe(201);
      const secret: string = created.json.payment.clientSecret;
      firstClubMarks.add(created.json.order.id).add(secret);
      ownerMarks.add(created.json.order.id).add(secret);
      for (const e of created.json.order.entries) firstClubMarks.add(e.id);
      if (pay) {
        const paid = await owner.post('/api/payments/test/confirm', {
          clientSecret: secret,
          cardNumber: '4242424242424242',
        });
        expect(paid.json.order.status).toBe('paid');
      }
      return { id: created.json.order.id as string, secret };
    };
    const ownerPaidOrder = (await order(true)).id;
    const ownerOrderToRefund = (await order(true)).id;

    const [club] = await server.db.select().from(clubs).where(eq(clubs.slug, 'red-lion'));
    const [otherClub] = await server.db.select().from(clubs).where(eq(clubs.slug, 'kings-arms'));
    if (!club || !otherClub) throw new Error('both clubs exist');
    // A club's id is public (GET /api/club); its join code is not.
    firstClubMarks.add(club.joinCode);
    otherClubMarks.add(otherClub.joinCode);
    for (const u of await server.db.select().from(user)) {
      // Dana belongs to both clubs: her own name and id are hers to see in either.
      if (u.email === 'dana@dual.test') continue;
      (u.lastClubId === club.id ? firstClubMarks : otherClubMarks).add(u.id).add(u.name);
    }
    const issue = await aPaymentIssue(server, { clubId: club.id, detail: 'Matrix dispute over £5.00' });
    firstClubMarks.add(issue.id).add('Matrix dispute');

    const contact = await owner.post('/api/contact', {
      name: 'Pat Player',
      email: 'player1@redlion.test',
      subject: 'Matrix owner question',
      message: 'When does the next competition start?',
    });
    expect(contact.status).toBe(201);
    firstClubMarks.add(contact.json.id).add('Matrix owner question');
    const sentInvitation = async (email: string) => {
      const res = await admin.post('/api/admin/invitations', { role: 'staff', email });
      expect(res.status).toBe(201);
      firstClubMarks.add(res.json.invitation.id).add(email);
      return res.json.invitation.id as string;
    };
    const invitationToResend = await sentInvitation('matrix-resend@invitees.test');
    const invitationToWithdraw = await sentInvitation('matrix-withdraw@invitees.test');

    // Events: a weekly series with places, one to cancel, one to delete, one date moved.
    const event = async (title: string, recurrence: string | null) => {
      const res = await admin.post('/api/admin/events', {
        title,
        startsAt: '2030-01-03T20:00:00Z',
        endsAt: '2030-01-03T22:00:00Z',
        recurrence,
        capacity: 100,
      });
      expect(res.status).toBe(201);
      firstClubMarks.add(res.json.event.id).add(title);
      return res.json.event.id as string;
    };
    const seriesId = await event('Matrix Quiz Series', 'RRULE:FREQ=WEEKLY;BYDAY=TH');
    const moved = await admin.put(`/api/admin/events/${seriesId}/exceptions`, {
      originalStartsAt: '2030-01-10T20:00:00Z',
      cancelled: false,
      startsAt: '2030-01-11T20:00:00Z',
      endsAt: '2030-01-11T22:00:00Z',
    });
    expect(moved.status).toBe(200);
    const occurrenceId = `${seriesId}_20300103T200000Z`;
    const full = await admin.post('/api/admin/events', {
      title: 'Matrix Full Event',
      startsAt: '2030-01-04T20:00:00Z',
      endsAt: '2030-01-04T22:00:00Z',
      capacity: 1,
    });
    expect(full.status).toBe(201);
    firstClubMarks.add(full.json.event.id).add('Matrix Full Event');
    const fullId = full.json.event.id as string;
    const phoned = async (id: string, name: string) => {
      const res = await admin.post(`/api/admin/events/${id}/registrations`, { name, places: 1 });
      expect(res.status).toBe(201);
      firstClubMarks.add(res.json.registration.id).add(name);
      return res.json.registration.id as string;
    };
    await phoned(fullId, 'Matrix Phone Full');
    const screen = await admin.get(
      '/api/admin/screen-matches?from=2024-08-16T00:00:00Z&to=2024-08-17T00:00:00Z',
    );
    const screenFixture = screen.json.matches.find((m: Json) => !m.blackout).fixtureId as string;
    expect((await admin.put(`/api/admin/screen-matches/${screenFixture}`)).status).toBe(204);
    const events = {
      seriesId,
      occurrenceId,
      toCancel: await event('Matrix Event To Cancel', null),
      toDelete: await event('Matrix Event To Delete', null),
      exceptionId: moved.json.event.exceptions[0].id as string,
      fullId,
      bookingToRemove: await phoned(occurrenceId, 'Matrix Phone To Remove'),
      screenFixture,
    };

    const photo = await fetch(new URL('/api/me/photo', server.baseUrl), {
      method: 'PUT',
      headers: sessionHeaders(player3, 'image/png'),
      body: png,
    });
    expect(photo.status).toBe(200);
    const player3Id = (await player3.get('/api/me')).json.user.id as string;
    const player4Id = (await (await signedIn(server, 'player4@redlion.test')).get('/api/me')).json.user
      .id as string;

    // Menu: two categories with items, one more to delete, one to reorder.
    const category = async (name: string) => {
      const res = await admin.post('/api/admin/menu/categories', { name });
      expect(res.status).toBe(201);
      firstClubMarks.add(res.json.category.id).add(name);
      return res.json.category.id as string;
    };
    const dish = async (categoryId: string, name: string) => {
      const res = await admin.post('/api/admin/menu/items', {
        categoryId,
        name,
        description: 'Matrix dish',
        pricePence: 1000,
        allergens: ['gluten'],
        mayContain: ['nuts'],
        dietary: [],
        available: true,
      });
      expect(res.status).toBe(201);
      firstClubMarks.add(res.json.item.id).add(name);
      return res.json.item.id as string;
    };
    const menuCategory = await category('Matrix Pies');
    const orderCategory = await category('Matrix Sides');
    const menu = {
      category: menuCategory,
      categoryToDelete: await category('Matrix Specials'),
      orderCategory,
      orderItem: await dish(orderCategory, 'Matrix Chips'),
      item: await dish(menuCategory, 'Matrix Steak Pie'),
      itemToDelete: await dish(menuCategory, 'Matrix Fish Pie'),
      pdf: Buffer.from(await (await fetch(new URL('/api/menu.pdf', server.baseUrl))).arrayBuffer()),
    };
    server.clock.set('2024-08-27T12:00:00Z');
    await runSettlementPass(server);
    // Made after the clock moves on, so that it is not expired as stale by the time it is paid.
    const ownerPendingSecret = (await order(false)).secret;
    const ownerOrderToCancel = (await order(false)).id;
    const ownerOrderToResume = (await order(false)).id;
    const fixture = round1.find((f: Json) => f.home.name.startsWith('Manchester United'));
    const seasonRound1 = (await admin.get(`/api/seasons/${season}/rounds/1`)).json.fixtures;
    const current = seasonRound1.find((f: Json) => f.id === fixture.id);
    // rota: a draft shift to edit, one to delete and an open published shift to claim.
    const staffUserId = (await clients.staff.get('/api/me')).json.user.id as string;
    const aShift = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/admin/shifts', { position: 'Bar', breakMinutes: 0, ...body });
      expect(res.status).toBe(201);
      firstClubMarks.add(res.json.shift.id);
      return res.json.shift.id as string;
    };
    const shiftToEdit = await aShift({
      userId: staffUserId,
      startsAt: '2024-09-03T17:00:00Z',
      endsAt: '2024-09-03T22:00:00Z',
    });
    const shiftToDelete = await aShift({
      userId: staffUserId,
      startsAt: '2024-09-04T17:00:00Z',
      endsAt: '2024-09-04T22:00:00Z',
    });
    const openShift = await aShift({
      userId: null,
      startsAt: '2024-09-05T17:00:00Z',
      endsAt: '2024-09-05T22:00:00Z',
    });
    expect((await admin.post('/api/admin/rota/publish', { week: '2024-09-02' })).status).toBe(200);
    const clockToken = (await admin.get('/api/clock/code')).json.token as string;
    const till = await admin.post('/api/admin/clock/tills', { name: 'Matrix bar till' });
    expect(till.status).toBe(201);
    firstClubMarks.add(till.json.till.id);
    // TV screens: two devices ask for codes at the first club's screen page; the admin pairs one.
    const screenCode = async () => {
      const res = await server.client().post('/api/screens', { club: 'red-lion' });
      expect(res.status).toBe(200);
      return res.json.code as string;
    };
    const screens = { code: await screenCode(), toUnpair: '' };
    const paired = await admin.post('/api/admin/screens/pair', {
      code: await screenCode(),
      name: 'Matrix TV',
    });
    expect(paired.status).toBe(201);
    screens.toUnpair = paired.json.screen.id;
    firstClubMarks.add(screens.toUnpair).add('Matrix TV');
    // Timesheets: an entry to correct (before the callers' own added ones) and a week to reopen.
    const added = await admin.post('/api/admin/clock-entries', {
      userId: staffUserId,
      clockInAt: '2024-08-05T17:00:00Z',
      clockOutAt: '2024-08-05T21:00:00Z',
      breakMinutes: 0,
      reason: 'Matrix: forgot to clock in',
    });
    expect(added.status).toBe(201);
    firstClubMarks.add(added.json.entry.id);
    const approval = await admin.post('/api/admin/timesheets/approvals', {
      week: '2024-09-16',
      userId: staffUserId,
      // The matrix's clock stands before that week ends: approving it early is asked for.
      confirmNotEnded: true,
    });
    expect(approval.json).toEqual({ approved: 1 });
    const rotaExtras = await rotaExtrasWorld(admin, clients.staff, staffUserId);
    firstClubMarks
      .add(rotaExtras.templateToDelete)
      .add(rotaExtras.leaveToDecide)
      .add(rotaExtras.swapToDecide)
      .add(rotaExtras.swapToWithdraw);
    world = {
      seasonId: season,
      finishedId,
      ownerWinningEntry: finalEntries[0] as string,
      paidId,
      freeId,
      draftToEdit,
      draftToOpen,
      toCancel,
      ownerPickEntry,
      ownerUnpickEntry,
      entryToKnockOut,
      round20Team,
      ownerPaidOrder,
      ownerOrderToRefund,
      ownerPendingSecret,
      ownerOrderToCancel,
      ownerOrderToResume,
      issueId: issue.id,
      memberToChange: player3Id,
      memberToRemove: player4Id,
      contactMessage: contact.json.id,
      invitationToResend,
      invitationToWithdraw,
      firstClubId,
      otherClubId,
      photoOwner: player3Id,
      events,
      screens,
      fileKey: 'matrix/a-stored-picture.png',
      gallery: await galleryWorld(server.baseUrl, sessionHeaders(admin)),
      quiz: await quizWorld(server, admin),
      staffUserId,
      shiftToEdit,
      shiftToDelete,
      openShift,
      clockToken,
      tillToRemove: till.json.till.id,
      clockEntry: added.json.entry.id,
      rotaExtras,
      round1Fixture: {
        id: current.id,
        home: current.homeScore,
        away: current.awayScore,
        status: current.status,
      },
      menu,
    };
    await server.app.services.storage.put(world.fileKey, png, { contentType: 'image/png' });
    const payouts = await admin.get(`/api/admin/competitions/${finishedId}/payouts`);
    expect(payouts.json.winners).toEqual([expect.objectContaining({ entryId: finalEntries[0] })]);
  }, 300_000);
  afterAll(() => server?.close());

  function sessionHeaders(c: HttpClient, contentType?: string): Record<string, string> {
    const h: Record<string, string> = { origin: new URL(server.baseUrl).origin };
    if (c.jar.size > 0) h.cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = c.jar.get('XSRF-TOKEN');
    if (xsrf) h['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (contentType) h['content-type'] = contentType;
    return h;
  }

  /** Sends as the caller without taking any cookie back, so a response cannot change who calls next. */
  async function send(c: HttpClient, method: string, call: Call) {
    const isJson = call.body !== undefined && !Buffer.isBuffer(call.body);
    const res = await fetch(new URL(call.path, server.baseUrl), {
      method,
      headers: sessionHeaders(c, call.contentType ?? (isJson ? 'application/json' : undefined)),
      body: call.body === undefined ? undefined : isJson ? JSON.stringify(call.body) : (call.body as Buffer),
      redirect: 'manual',
    });
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      const reader = res.body?.getReader();
      const first = await reader?.read();
      await reader?.cancel();
      return { status: res.status, text: first?.value ? Buffer.from(first.value).toString() : '' };
    }
    return { status: res.status, text: await res.text() };
  }

  it('calls every route as every caller, and each outcome keeps to the declared rule', async () => {
    const table = server.app.accessTable;
    const declared = new Set(table.map((r) => `${r.method} ${r.url}`));
    expect(declared.size, 'each route is listed once').toBe(table.length);
    // The access registry and the router agree: no route got past the declaration check.
    // (The router's /api part: the pages outside it that declare a rule are in the table too.)
    expect(routerTable(server.app.printRoutes())).toEqual(
      new Set([...declared].filter((r) => / \/api(\/|$)/.test(r))),
    );
    expect([...declared].filter((r) => r.startsWith('GET /c/'))).toHaveLength(5);

    const fixtures = rowsOf(world);
    const fixtureOf = (r: DeclaredRoute) =>
      fixtures[`${r.method} ${r.url}`] ?? (r.method === 'HEAD' ? fixtures[`GET ${r.url}`] : undefined);
    const missing = table.filter((r) => !fixtureOf(r)).map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes without a row in the matrix fixtures: add one with real ids').toEqual([]);
    const stale = Object.keys(fixtures).filter((k) => !declared.has(k));
    expect(stale, 'fixtures for routes that no longer exist').toEqual([]);

    const outcomes: Outcome[] = [];
    for (const route of table) {
      const fixture = fixtureOf(route) as Fixture;
      const name = `${route.method} ${route.url}`;
      const firstClub = (fixture.firstClub ?? route.url.includes(':')) && !fixture.shared;
      for (const caller of CALLERS) {
        let client = clients[caller];
        if (fixture.ownSession && caller !== 'anonymous') {
          client = server.client();
          await client.signIn(credentials[caller].email, credentials[caller].password);
          if (caller === 'dualAdmin') await client.put('/api/me/club', { clubId: world.otherClubId });
        }
        const res = await send(client, route.method, fixture.call(caller));
        const problems = judge(route.access, caller, res, { firstClub, owned: fixture.owned });
        outcomes.push({ route: name, caller, status: res.status, ...(problems && { problem: problems }) });
      }
    }

    // Some caller gets through every route (a wrong id would make them all 404), unless it says why not.
    const through = new Set(outcomes.filter((o) => o.status < 400).map((o) => o.route));
    const neverThrough = table
      .filter((r) => !through.has(`${r.method} ${r.url}`) && !fixtureOf(r)?.refused)
      .map((r) => `${r.method} ${r.url}`);
    expect(neverThrough, 'routes no caller got through: are their ids right?').toEqual([]);
    const cases = outcomes.length;
    console.info(
      `access matrix on ${backend}: ${table.length} routes x ${CALLERS.length} callers = ${cases} cases`,
    );
    expect(outcomes.filter((o) => o.problem)).toEqual([]);
    expect(cases).toBe(table.length * CALLERS.length);
  }, 300_000);

  it('an address no route serves is 404 for anyone, signed in or not', async () => {
    for (const caller of CALLERS) {
      const res = await send(clients[caller], 'POST', { path: '/api/admin/no-such-thing', body: {} });
      expect(res.status, caller).toBe(404);
      expect(JSON.parse(res.text).error.code, caller).toBe('NOT_FOUND');
    }
  });

  it("no one else sees a player's pick before the deadline", async () => {
    const owners = new Set([world.ownerPickEntry, world.ownerUnpickEntry]);
    const own = await clients.owner.get(`/api/competitions/${world.freeId}/rounds/20/picks`);
    expect(own.json.picks.filter((p: Json) => owners.has(p.entryId))).toHaveLength(1);
    for (const caller of ['otherPlayer', 'staff', 'admin'] as const) {
      const res = await clients[caller].get(`/api/competitions/${world.freeId}/rounds/20/picks`);
      expect(res.json.public, caller).toBe(false);
      expect(
        res.json.picks.filter((p: Json) => owners.has(p.entryId)),
        caller,
      ).toEqual([]);
    }
    // Nor in the entry's pick history, which lists a round only once its deadline has passed.
    for (const caller of ['owner', 'otherPlayer', 'staff', 'admin'] as const) {
      const res = await clients[caller].get(
        `/api/competitions/${world.freeId}/entries/${world.ownerPickEntry}/picks`,
      );
      expect(res.status, caller).toBe(200);
      expect(res.json.picks, caller).toEqual([]);
    }
  });

  it("the OpenAPI document shows every operation's rule: the session it needs, its 401 and 403", async () => {
    const doc = (await clients.anonymous.get('/api/openapi.json')).json;
    let checked = 0;
    for (const route of server.app.accessTable) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      if (!operation) continue;
      const where = `${route.method} ${route.url}`;
      if (route.access === 'public') {
        expect(operation.security, where).toBeUndefined();
        continue;
      }
      expect(operation.security, where).toEqual([{ session: [] }, { bearer: [] }]);
      // A route that documents none of its responses is left to its author (see http/access.ts).
      if (!Object.values(operation.responses).some((r) => (r as Json).content)) continue;
      expect(operation.responses['401']?.content['application/json'].schema, where).toEqual({
        $ref: '#/components/schemas/ErrorResponse',
      });
      if (route.access === 'staff' || route.access === 'admin') {
        expect(operation.responses['403'], where).toBeDefined();
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  function judge(
    access: Access,
    caller: Caller,
    res: { status: number; text: string },
    object: { firstClub: boolean; owned: Fixture['owned'] },
  ): string | undefined {
    const { status, text } = res;
    if (status >= 500) return `answered ${status}: ${text.slice(0, 200)}`;
    const role = roleOf[caller];
    const min = needed[access];
    if (access !== 'public' && !role) return status === 401 ? undefined : `anonymous got ${status}, not 401`;
    if (min && role && rank[role] < rank[min]) {
      return status === 403 ? undefined : `a ${role} got ${status}, not 403`;
    }
    if (
      access !== 'public' &&
      (status === 401 || (status === 403 && /"Only club (admins|staff) /.test(text)))
    ) {
      return `refused by the access rule it passes: ${status} ${text}`;
    }
    const ok = status >= 200 && status < 300;
    if (inOtherClub.has(caller) && object.firstClub && access !== 'public' && ![403, 404].includes(status)) {
      return `another club's admin got ${status}, not 403 or 404, on the first club's object`;
    }
    const mayRead = caller === 'owner' || (object.owned === 'ownerOrAdmin' && caller === 'admin');
    if (object.owned && !mayRead && ok) return `${caller} got ${status} on the owner's object`;
    const theirs = inOtherClub.has(caller)
      ? firstClubMarks
      : caller === 'anonymous'
        ? new Set<string>()
        : otherClubMarks;
    // Dana's own list of clubs (GET /api/me) names both of hers: only the club's name, nothing in it.
    const ownClubName =
      caller === 'dualAdmin' ? 'The Red Lion' : caller === 'dualPlayer' ? 'The Kings Arms' : '';
    const leaked = [...theirs].find((m) => m !== ownClubName && text.includes(m));
    if (leaked) return `${caller} read the other club's ${leaked}`;
    if (caller === 'otherPlayer' || caller === 'staff' || caller === 'dualPlayer' || caller === 'dualAdmin') {
      const seen = [...ownerMarks].find((m) => text.includes(m));
      if (seen) return `${caller} read the owner's ${seen}`;
    }
    return undefined;
  }
});

/**
 * One of each staff object beyond shifts: a template, the staff member's leave (pending) and unavailability,
 * a published shift of theirs, three of the admin's shifts offered to them (one they accepted, one for
 * the admin to withdraw), and the admin's calendar feed (its shifts' ids are not marks: the signed link is the key to them).
 */
async function rotaExtrasWorld(
  admin: HttpClient,
  staff: HttpClient,
  staffUserId: string,
): Promise<RotaExtrasWorld> {
  const adminUserId = (await admin.get('/api/me')).json.user.id as string;
  const template = await admin.post('/api/admin/shift-templates', {
    name: 'Matrix early',
    position: 'Bar',
    startTime: '10:00',
    endTime: '16:00',
    breakMinutes: 20,
  });
  expect(template.status).toBe(201);
  const absence = async (body: Record<string, unknown>) => {
    const res = await staff.post('/api/absences', body);
    expect(res.status).toBe(201);
    return res.json.absence.id as string;
  };
  const leaveToDecide = await absence({
    kind: 'leave',
    startsAt: '2024-10-07T00:00:00Z',
    endsAt: '2024-10-08T00:00:00Z',
    hours: 8,
  });
  const absenceToWithdraw = await absence({
    kind: 'unavailable',
    startsAt: '2024-10-09T00:00:00Z',
    endsAt: '2024-10-10T00:00:00Z',
  });
  const aShift = async (userId: string, day: string) => {
    const res = await admin.post('/api/admin/shifts', {
      userId,
      startsAt: `2024-09-${day}T10:00:00Z`,
      endsAt: `2024-09-${day}T14:00:00Z`,
      position: 'Cellar',
      breakMinutes: 0,
    });
    expect(res.status).toBe(201);
    return res.json.shift.id as string;
  };
  const staffShift = await aShift(staffUserId, '06');
  const offered = await aShift(adminUserId, '07');
  const accepted = await aShift(adminUserId, '08');
  // Not the 6th: the staff member works then, and is not offered a shift at the same time.
  const toWithdraw = await aShift(adminUserId, '05');
  expect((await admin.post('/api/admin/rota/publish', { week: '2024-09-02' })).status).toBe(200);
  const offer = async (shiftId: string) => {
    const res = await admin.post(`/api/shifts/${shiftId}/swaps`, { toUserId: staffUserId });
    expect(res.status).toBe(201);
    return res.json.swap.id as string;
  };
  const swapToAnswer = await offer(offered);
  const swapToDecide = await offer(accepted);
  expect((await staff.post(`/api/shift-swaps/${swapToDecide}/answer`, { accept: true })).status).toBe(200);
  // Offered by the admin: only they may withdraw it (the staff member is its colleague, refused with 404).
  const swapToWithdraw = await offer(toWithdraw);
  const feed = (await admin.get('/api/shifts/feed-link')).json.url as string;
  return {
    templateToDelete: template.json.template.id,
    leaveToDecide,
    absenceToWithdraw,
    staffShift,
    adminUserId,
    swapToAnswer,
    swapToDecide,
    swapToWithdraw,
    feedPath: new URL(feed).pathname,
  };
}
