import type { Role } from '@lastman/api';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, user } from '../src/db/schema/index.ts';
import { runSettlementPass } from '../src/features/settlement/worker.ts';
import type { Access, DeclaredRoute } from '../src/http/access.ts';
import { DEMO_PASSWORD } from '../src/seed/demo.ts';
import { put, seasonId, teamIn } from './game-helpers.ts';
import { aPaymentIssue } from './support/factories.ts';
import type { HttpClient, Json } from './support/http-client.ts';
import { otherClubAdmin, signedIn } from './support/members.ts';
import { backends, startTestServer, type TestServer } from './support/test-server.ts';

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
 * A route without a row in `fixtures` below fails the test: a new route arrives with its ids.
 */

const CALLERS = ['anonymous', 'otherClubAdmin', 'otherPlayer', 'staff', 'admin', 'owner'] as const;
type Caller = (typeof CALLERS)[number];
/** The role each caller holds in the club they act in (the other club's admin in theirs). */
const roleOf: Record<Caller, Role | null> = {
  anonymous: null,
  otherClubAdmin: 'admin',
  otherPlayer: 'player',
  staff: 'staff',
  admin: 'admin',
  owner: 'player',
};
const rank: Record<Role, number> = { player: 0, staff: 1, admin: 2 };
const needed: Partial<Record<Access, Role>> = { member: 'player', staff: 'staff', admin: 'admin' };

interface Call {
  path: string;
  body?: unknown;
  contentType?: string;
}

interface Fixture {
  /** The request: a concrete path for the route's pattern, and a body that passes its schema. */
  call: (caller: Caller) => Call;
  /** The path or body names objects of the first club (default: when the route has path parameters). */
  firstClub?: boolean;
  /** The objects belong to one player (the owner): every other caller is refused, or every one but the club's admin. */
  owned?: 'owner' | 'ownerOrAdmin';
  /** Why the objects named are not one club's (the other club's admin may reach them). */
  shared?: string;
  /** Each call needs a session of its own, because the call ends it. */
  ownSession?: boolean;
  /** Why no caller succeeds (otherwise some caller must, or the fixture's ids are wrong). */
  refused?: string;
}

/** Everything the first club has, as the test's beforeAll made it. */
interface World {
  seasonId: string;
  finishedId: string;
  ownerWinningEntry: string;
  paidId: string;
  freeId: string;
  draftToEdit: string;
  draftToOpen: string;
  toCancel: string;
  ownerPickEntry: string;
  ownerUnpickEntry: string;
  /** An entry of player 3 in the free competition, for the admin to knock out. */
  entryToKnockOut: string;
  round20Team: string;
  ownerPaidOrder: string;
  ownerOrderToRefund: string;
  ownerPendingSecret: string;
  ownerOrderToCancel: string;
  issueId: string;
  memberToChange: string;
  photoOwner: string;
  round1Fixture: { id: string; home: number | null; away: number | null; status: string };
}

let signUps = 0;
const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b71c1c' } })
  .png()
  .toBuffer();

function fixturesFor(w: World): Record<string, Fixture> {
  const at =
    (path: string, body?: unknown): Fixture['call'] =>
    () => ({ path, body });
  const football =
    'football data: every club sees the same seasons and matches, and corrects results for itself';
  return {
    // Swagger UI and the document.
    'GET /api/docs': { call: at('/api/docs') },
    'GET /api/docs/': { call: at('/api/docs/') },
    'GET /api/docs/static/index.html': { call: at('/api/docs/static/index.html') },
    'GET /api/docs/static/swagger-initializer.js': { call: at('/api/docs/static/swagger-initializer.js') },
    'GET /api/docs/json': { call: at('/api/docs/json') },
    'GET /api/docs/yaml': { call: at('/api/docs/yaml') },
    'GET /api/docs/static/*': { call: at('/api/docs/static/swagger-ui.css') },
    'GET /api/openapi.json': { call: at('/api/openapi.json') },
    // better-auth.
    'GET /api/auth/*': { call: at('/api/auth/list-sessions') },
    'POST /api/auth/*': { call: at('/api/auth/update-user', {}), refused: 'an update with nothing in it' },
    'POST /api/auth/sign-up/email': {
      call: () => ({
        path: '/api/auth/sign-up/email',
        body: {
          name: 'Matrix Newcomer',
          email: `matrix-newcomer-${++signUps}@newcomers.test`,
          password: 'newcomer-password',
          dateOfBirth: '1990-05-05',
        },
      }),
    },
    'POST /api/auth/sign-in/email': {
      call: at('/api/auth/sign-in/email', { email: 'nobody@newcomers.test', password: 'not-the-password' }),
      refused: 'no such account',
    },
    'POST /api/auth/sign-out': { call: at('/api/auth/sign-out', {}), ownSession: true },
    'GET /api/auth/get-session': { call: at('/api/auth/get-session') },
    'POST /api/auth/request-password-reset': {
      call: at('/api/auth/request-password-reset', { email: 'nobody@newcomers.test' }),
    },
    'POST /api/auth/reset-password': {
      call: at('/api/auth/reset-password', { token: 'not-a-token', newPassword: 'a-new-password' }),
      refused: 'not a real token',
    },
    'POST /api/auth/change-password': {
      call: at('/api/auth/change-password', {
        currentPassword: 'not-the-password',
        newPassword: 'a-new-password',
      }),
      refused: 'the wrong current password, so that no caller loses theirs',
    },
    'GET /api/auth/verify-email': {
      call: at('/api/auth/verify-email?token=not-a-token'),
      refused: 'not a real token',
    },
    // System.
    'GET /api/health': { call: at('/api/health') },
    'GET /api/config': { call: at('/api/config') },
    'GET /api/club': { call: at('/api/club') },
    'GET /api/competition-rules': { call: at('/api/competition-rules') },
    'POST /api/contact': {
      call: at('/api/contact', {
        name: 'Matrix Visitor',
        email: 'visitor@newcomers.test',
        subject: 'Matrix question',
        message: 'Do you run a competition this season?',
      }),
    },
    'POST /api/payments/stripe/webhook': {
      call: at('/api/payments/stripe/webhook', {}),
      refused: 'not signed by Stripe',
    },
    // The signed-in person's own account.
    'GET /api/me': { call: at('/api/me') },
    'PATCH /api/me': { call: at('/api/me', { phoneNumber: null }) },
    'DELETE /api/me': {
      call: at('/api/me', { password: 'not-the-password' }),
      refused: 'the wrong password, so that no caller loses their account',
    },
    'GET /api/me/export': { call: at('/api/me/export') },
    'PUT /api/me/photo': { call: () => ({ path: '/api/me/photo', body: png, contentType: 'image/png' }) },
    'DELETE /api/me/photo': { call: at('/api/me/photo') },
    'GET /api/users/:id/photo': { call: at(`/api/users/${w.photoOwner}/photo`) },
    // The game.
    'GET /api/competitions': { call: at('/api/competitions') },
    'GET /api/competitions/:id': { call: at(`/api/competitions/${w.freeId}`) },
    'POST /api/competitions/:id/entries': { call: at(`/api/competitions/${w.freeId}/entries`) },
    'GET /api/competitions/:id/rounds/:round/fixtures': {
      call: at(`/api/competitions/${w.freeId}/rounds/20/fixtures`),
    },
    'GET /api/competitions/:id/rounds/:round/picks': {
      call: at(`/api/competitions/${w.freeId}/rounds/20/picks`),
    },
    'GET /api/entries': { call: at('/api/entries') },
    'GET /api/game': { call: at('/api/game') },
    // Pick history (issue 10).
    'GET /api/competitions/:id/entries/:entryId/picks': {
      call: at(`/api/competitions/${w.freeId}/entries/${w.ownerPickEntry}/picks`),
    },
    'PUT /api/entries/:id/picks/:round': {
      call: at(`/api/entries/${w.ownerPickEntry}/picks/20`, { teamId: w.round20Team }),
      owned: 'owner',
    },
    'DELETE /api/entries/:id/picks/:round': {
      call: at(`/api/entries/${w.ownerUnpickEntry}/picks/20`),
      owned: 'owner',
    },
    'GET /api/seasons': { call: at('/api/seasons') },
    'GET /api/seasons/:id/rounds/:round': {
      call: at(`/api/seasons/${w.seasonId}/rounds/1`),
      shared: football,
    },
    // Orders and payments.
    'POST /api/orders': { call: at('/api/orders', { competitionId: w.paidId, entries: 1 }), firstClub: true },
    'GET /api/orders': { call: at('/api/orders') },
    'GET /api/orders/:id': { call: at(`/api/orders/${w.ownerPaidOrder}`), owned: 'ownerOrAdmin' },
    'POST /api/orders/:id/cancel': { call: at(`/api/orders/${w.ownerOrderToCancel}/cancel`), owned: 'owner' },
    'POST /api/payments/test/confirm': {
      call: at('/api/payments/test/confirm', {
        clientSecret: w.ownerPendingSecret,
        cardNumber: '4242424242424242',
      }),
      firstClub: true,
      owned: 'owner',
    },
    // The club's admin.
    'GET /api/admin/members': { call: at('/api/admin/members') },
    'PATCH /api/admin/members/:userId': {
      call: at(`/api/admin/members/${w.memberToChange}`, { role: 'player' }),
    },
    'GET /api/admin/contact-messages': { call: at('/api/admin/contact-messages') },
    'GET /api/admin/orders': { call: at('/api/admin/orders') },
    'POST /api/admin/orders/:id/refunds': {
      call: at(`/api/admin/orders/${w.ownerOrderToRefund}/refunds`, {}),
    },
    'GET /api/admin/payment-issues': { call: at('/api/admin/payment-issues?status=all') },
    'POST /api/admin/payment-issues/:id/resolve': {
      call: at(`/api/admin/payment-issues/${w.issueId}/resolve`, { note: 'Checked' }),
    },
    'POST /api/admin/competitions': {
      call: at('/api/admin/competitions', {
        name: 'Matrix Created',
        seasonId: w.seasonId,
        startRound: 20,
        prizeModel: 'free',
      }),
    },
    'PATCH /api/admin/competitions/:id': {
      call: at(`/api/admin/competitions/${w.draftToEdit}`, { minEntries: 3 }),
    },
    'POST /api/admin/competitions/:id/open': { call: at(`/api/admin/competitions/${w.draftToOpen}/open`) },
    'POST /api/admin/competitions/:id/cancel': { call: at(`/api/admin/competitions/${w.toCancel}/cancel`) },
    'POST /api/admin/competitions/:id/replay': {
      call: at(`/api/admin/competitions/${w.finishedId}/replay`, {
        rules: {
          draw: 'survive',
          reuse: 'never',
          missedPick: 'eliminate',
          postponed: 'survive',
          allOut: 'rollover',
        },
      }),
    },
    'PUT /api/admin/fixtures/:id/result': {
      call: at(`/api/admin/fixtures/${w.round1Fixture.id}/result`, {
        home: w.round1Fixture.home,
        away: w.round1Fixture.away,
        status: w.round1Fixture.status,
      }),
      shared: football,
    },
    'POST /api/admin/fixtures/:id/result/preview': {
      call: at(`/api/admin/fixtures/${w.round1Fixture.id}/result/preview`, {
        home: w.round1Fixture.home,
        away: w.round1Fixture.away,
        status: w.round1Fixture.status,
      }),
      shared: football,
    },
    'GET /api/admin/fixtures/:id/corrections': {
      call: at(`/api/admin/fixtures/${w.round1Fixture.id}/corrections`),
      shared: football,
    },
    'GET /api/admin/seasons/:id/rounds/:round/corrections': {
      call: at(`/api/admin/seasons/${w.seasonId}/rounds/1/corrections`),
      shared: football,
    },
    'GET /api/admin/competitions/:id/payouts': {
      call: at(`/api/admin/competitions/${w.finishedId}/payouts`),
    },
    'POST /api/admin/competitions/:id/payouts': {
      call: at(`/api/admin/competitions/${w.finishedId}/payouts`, {
        entryId: w.ownerWinningEntry,
        amountPence: 100,
        method: 'cash',
        paidAt: '2024-08-27T10:00:00Z',
      }),
    },
    'POST /api/admin/competitions/:id/review/clear': {
      call: at(`/api/admin/competitions/${w.finishedId}/review/clear`),
      refused: 'no review is open on the competition (409): payouts.test.ts clears one',
    },
    'GET /api/admin/competition-reviews': { call: at('/api/admin/competition-reviews') },
    'GET /api/admin/competitions/:id/entries': {
      call: at(`/api/admin/competitions/${w.freeId}/entries?search=a`),
    },
    'POST /api/admin/competitions/:id/entries/:entryId/knock-out': {
      call: at(`/api/admin/competitions/${w.freeId}/entries/${w.entryToKnockOut}/knock-out`, {
        reason: 'Matrix broke a club rule',
      }),
    },
    'POST /api/admin/competitions/:id/cash-entries': {
      call: at(`/api/admin/competitions/${w.paidId}/cash-entries`, {
        userId: w.memberToChange,
        entries: 1,
        reference: 'Matrix till 42',
      }),
    },
    'POST /api/admin/competitions/:id/entries/:entryId/reinstate': {
      call: at(`/api/admin/competitions/${w.freeId}/entries/${w.ownerPickEntry}/reinstate`),
      refused: 'the entry was not knocked out (409): entries-admin.test.ts reinstates one',
    },
  };
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

describe.each(backends())('the access matrix on %s', (backend) => {
  let server: TestServer;
  const clients = {} as Record<Exclude<Caller, 'anonymous'>, HttpClient> & { anonymous: HttpClient };
  const credentials: Record<Exclude<Caller, 'anonymous'>, { email: string; password: string }> = {
    otherClubAdmin: { email: 'admin@kingsarms.test', password: 'club-member-pass' },
    otherPlayer: { email: 'player2@redlion.test', password: DEMO_PASSWORD },
    staff: { email: 'staff@redlion.test', password: DEMO_PASSWORD },
    admin: { email: 'admin@redlion.test', password: DEMO_PASSWORD },
    owner: { email: 'player1@redlion.test', password: DEMO_PASSWORD },
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
    clients.otherClubAdmin = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
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
      const res = await put(c, server.baseUrl, `/api/entries/${entryId}/picks/${round}`, {
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
      (u.clubId === club.id ? firstClubMarks : otherClubMarks).add(u.id).add(u.name);
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

    const photo = await fetch(new URL('/api/me/photo', server.baseUrl), {
      method: 'PUT',
      headers: sessionHeaders(player3, 'image/png'),
      body: png,
    });
    expect(photo.status).toBe(200);
    const player3Id = (await player3.get('/api/me')).json.user.id as string;

    server.clock.set('2024-08-27T12:00:00Z');
    await runSettlementPass(server);
    // Made after the clock moves on, so that it is not expired as stale by the time it is paid.
    const ownerPendingSecret = (await order(false)).secret;
    const ownerOrderToCancel = (await order(false)).id;
    const fixture = round1.find((f: Json) => f.home.name.startsWith('Manchester United'));
    const seasonRound1 = (await admin.get(`/api/seasons/${season}/rounds/1`)).json.fixtures;
    const current = seasonRound1.find((f: Json) => f.id === fixture.id);
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
      issueId: issue.id,
      memberToChange: player3Id,
      photoOwner: player3Id,
      round1Fixture: {
        id: current.id,
        home: current.homeScore,
        away: current.awayScore,
        status: current.status,
      },
    };
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
    return { status: res.status, text: await res.text() };
  }

  it('calls every route as every caller, and each outcome keeps to the declared rule', async () => {
    const table = server.app.accessTable;
    const declared = new Set(table.map((r) => `${r.method} ${r.url}`));
    expect(declared.size, 'each route is listed once').toBe(table.length);
    // The access registry and the router agree: no route got past the declaration check.
    expect(routerTable(server.app.printRoutes())).toEqual(declared);

    const fixtures = fixturesFor(world);
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
    if (
      caller === 'otherClubAdmin' &&
      object.firstClub &&
      access !== 'public' &&
      ![403, 404].includes(status)
    ) {
      return `another club's admin got ${status}, not 403 or 404, on the first club's object`;
    }
    const mayRead = caller === 'owner' || (object.owned === 'ownerOrAdmin' && caller === 'admin');
    if (object.owned && !mayRead && ok) return `${caller} got ${status} on the owner's object`;
    const theirs =
      caller === 'otherClubAdmin' ? firstClubMarks : caller === 'anonymous' ? [] : otherClubMarks;
    const leaked = [...theirs].find((m) => text.includes(m));
    if (leaked) return `${caller} read the other club's ${leaked}`;
    if (caller === 'otherPlayer' || caller === 'staff') {
      const seen = [...ownerMarks].find((m) => text.includes(m));
      if (seen) return `${caller} read the owner's ${seen}`;
    }
    return undefined;
  }
});
