import { createECDH, randomBytes } from 'node:crypto';
import type { Role } from '@lastman/api';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, user } from '../../src/db/schema/index.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import type { Access, DeclaredRoute } from '../../src/http/access.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { seasonId, teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { oneBackend, startTestServer, type TestServer } from '../support/test-server.ts';
import { aPaymentIssue, signedIn, signedUp } from '../support/world.ts';

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

const CALLERS = [
  'anonymous',
  'otherClubAdmin',
  'otherPlayer',
  'staff',
  'admin',
  'owner',
  // Tenants: one person, a player of the first club and the admin of the other, in two sessions:
  // one acting in the first club, one in the other (where they must reach nothing of the first).
  'dualPlayer',
  'dualAdmin',
] as const;
type Caller = (typeof CALLERS)[number];
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
/** Callers acting in the other club: the first club's objects are out of their reach. */
const inOtherClub = new Set<Caller>(['otherClubAdmin', 'dualAdmin']);
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

/** The rota's templates, leave, swaps and calendar (staff domain: shifts, leave, swaps): one object of each for the routes. */
interface RotaExtrasWorld {
  templateToDelete: string;
  leaveToDecide: string;
  absenceToWithdraw: string;
  staffShift: string;
  adminUserId: string;
  swapToAnswer: string;
  swapToDecide: string;
  swapToWithdraw: string;
  feedPath: string;
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
  ownerOrderToResume: string;
  issueId: string;
  memberToChange: string;
  memberToRemove: string;
  /** The owner's contact message, to answer and mark done. */
  contactMessage: string;
  /** Invitations sent by email: one to send again, one to withdraw. */
  invitationToResend: string;
  invitationToWithdraw: string;
  firstClubId: string;
  otherClubId: string;
  photoOwner: string;
  /** A file in the storage (lib/storage.ts). */
  fileKey: string;
  gallery: { albumId: string; albumToDelete: string; photoToEdit: string; photoToDelete: string };
  round1Fixture: { id: string; home: number | null; away: number | null; status: string };
  // rota
  staffUserId: string;
  shiftToEdit: string;
  shiftToDelete: string;
  openShift: string;
  clockToken: string;
  tillToRemove: string;
  // Timesheets.
  clockEntry: string;
  rotaExtras: RotaExtrasWorld;
  // Events.
  events: {
    seriesId: string;
    occurrenceId: string;
    toCancel: string;
    toDelete: string;
    exceptionId: string;
    /** A date with its one place taken by a phone booking: members may join its waiting list. */
    fullId: string;
    bookingToRemove: string;
    /** A Friday evening match the club may show on its big screen. */
    screenFixture: string;
  };
  /** Quiz night: a running quiz with one answer marked (its first question closed, two to go). */
  quiz: { id: string; joinCode: string; questionId: string; answerId: string; teamId: string };
  /** TV screens: a pending screen's code for the admin to pair, and a paired one to unpair. */
  screens: { code: string; toUnpair: string };
  // Menu.
  menu: {
    category: string;
    categoryToDelete: string;
    orderCategory: string;
    orderItem: string;
    item: string;
    itemToDelete: string;
    pdf: Buffer;
  };
}

let signUps = 0;
/** A real P-256 key and auth secret, as a browser's PushSubscription carries (notifications). */
const PUSH_KEYS = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
})();
const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b71c1c' } })
  .png()
  .toBuffer();

// Gallery: an upload as the web app sends it (multipart/form-data, the image in the field `file`).
const MULTIPART_BOUNDARY = 'matrix-boundary-7d1a';
const MULTIPART_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
const multipartPng = Buffer.concat([
  Buffer.from(
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="quiz.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  png,
  Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`),
]);

/** Two albums and two photos of the first club, made by its admin. */
async function galleryWorld(baseUrl: string, headers: Record<string, string>): Promise<World['gallery']> {
  const post = async (path: string, body: Buffer | object, contentType: string) => {
    const res = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers: { ...headers, 'content-type': contentType },
      body: Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Json;
  };
  const album = (title: string) => post('/api/admin/gallery/albums', { title }, 'application/json');
  const albumId = (await album('Quiz night')).album.id;
  const albumToDelete = (await album('To delete')).album.id;
  const photo = async () =>
    (await post(`/api/admin/gallery/photos?albumId=${albumId}`, multipartPng, MULTIPART_TYPE)).photo.id;
  return { albumId, albumToDelete, photoToEdit: await photo(), photoToDelete: await photo() };
}

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
    'GET /api/club/competitions': { call: at('/api/club/competitions') },
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
    // Pick history.
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
    'POST /api/entries/:id/buy-back': {
      call: at(`/api/entries/${w.ownerPickEntry}/buy-back`, {}),
      owned: 'owner',
      refused: 'the owner’s entry is still in (409): buy-backs.test.ts buys entries back',
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
    'POST /api/orders/:id/resume': { call: at(`/api/orders/${w.ownerOrderToResume}/resume`), owned: 'owner' },
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
    'GET /api/admin/contact-messages': { call: at('/api/admin/contact-messages?status=all') },
    'POST /api/admin/contact-messages/:id/replies': {
      call: at(`/api/admin/contact-messages/${w.contactMessage}/replies`, {
        reply: 'The next one opens in August.',
      }),
    },
    'PATCH /api/admin/contact-messages/:id': {
      call: at(`/api/admin/contact-messages/${w.contactMessage}`, { done: true }),
    },
    'GET /api/admin/orders': { call: at('/api/admin/orders') },
    // TV screens: a device asks for a code at its club's screen page (another club's callers at theirs).
    'POST /api/screens': {
      call: (caller) => ({
        path: '/api/screens',
        body: { club: inOtherClub.has(caller) ? 'kings-arms' : 'red-lion' },
      }),
    },
    'GET /api/screens/current': {
      call: (caller) => ({
        path: `/api/screens/current?club=${inOtherClub.has(caller) ? 'kings-arms' : 'red-lion'}`,
      }),
      refused: 'the screen device cookie is the key to it, and no caller holds one (game-screens test)',
    },
    'GET /api/screens/current/live': {
      call: (caller) => ({
        path: `/api/screens/current/live?club=${inOtherClub.has(caller) ? 'kings-arms' : 'red-lion'}`,
      }),
      refused: 'the screen device cookie is the key to it, and no caller holds one (game-screens test)',
    },
    'POST /api/admin/screens/pair': {
      call: at('/api/admin/screens/pair', { code: w.screens.code }),
      firstClub: true,
    },
    'GET /api/admin/screens': { call: at('/api/admin/screens') },
    'DELETE /api/admin/screens/:id': { call: at(`/api/admin/screens/${w.screens.toUnpair}`) },
    // analytics: the club's own figures; another club's admin sees only theirs.
    'GET /api/admin/analytics/summary': {
      call: at('/api/admin/analytics/summary?from=2024-08-01&to=2024-09-30'),
    },
    'GET /api/admin/analytics': {
      call: at(
        `/api/admin/analytics?from=2024-08-01&to=2024-09-30&compare=true&competitionId=${w.finishedId}`,
      ),
      firstClub: true,
    },
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
    'GET /api/admin/football/data': { call: at('/api/admin/football/data') },
    'POST /api/platform/seasons': {
      call: at('/api/platform/seasons', { text: '{"name": "English Championship 2026/27", "matches": []}' }),
      refused:
        'none of the callers runs the server (PLATFORM_ADMINS is empty); game-openfootball-feed.test.ts uploads as one',
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
    'PUT /api/admin/fixtures/:id/live-score': {
      call: at(`/api/admin/fixtures/${w.round1Fixture.id}/live-score`, { home: 1, away: 0, minute: 30 }),
      shared: football,
      refused: 'the matrix’s match is not being played (409); game-live.test.ts enters live scores',
    },
    'POST /api/admin/live/demo-round': {
      call: at('/api/admin/live/demo-round', { playSeconds: 0 }),
      refused:
        'a demo match day would re-date the demo season under the other routes (400 here); game-live-demo.test.ts plays one',
    },
    'GET /api/competitions/:id/live': { call: at(`/api/competitions/${w.freeId}/live`) },
    'GET /api/admin/live/connections': { call: at('/api/admin/live/connections') },
    // A stream: the matrix reads its first chunk (the comment sent on connect) and hangs up.
    'GET /api/live': { call: at('/api/live') },
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
    // Events. The calendar feed is public by design: each caller reads their own club's.
    'GET /api/events': { call: at('/api/events?from=2029-12-30T00:00:00Z&to=2030-01-20T00:00:00Z') },
    'GET /api/events/:id': { call: at(`/api/events/${w.events.occurrenceId}`) },
    'GET /api/events/:id.ics': { call: at(`/api/events/${w.events.occurrenceId}.ics`) },
    'GET /api/clubs/:slug/calendar.ics': {
      call: (caller) => ({
        path: `/api/clubs/${inOtherClub.has(caller) ? 'kings-arms' : 'red-lion'}/calendar.ics`,
      }),
      shared: 'each caller reads the public feed of their own club',
    },
    'POST /api/events/:id/registrations': {
      call: at(`/api/events/${w.events.occurrenceId}/registrations`, {}),
    },
    'DELETE /api/events/:id/registrations/mine': {
      call: at(`/api/events/${w.events.occurrenceId}/registrations/mine`),
    },
    'POST /api/events/:id/waitlist': { call: at(`/api/events/${w.events.fullId}/waitlist`, { places: 1 }) },
    'DELETE /api/events/:id/waitlist/mine': { call: at(`/api/events/${w.events.fullId}/waitlist/mine`) },
    'POST /api/admin/events/:id/registrations': {
      call: at(`/api/admin/events/${w.events.occurrenceId}/registrations`, {
        name: 'Matrix Phone Guest',
        phone: '01632 960123',
        places: 2,
      }),
    },
    'DELETE /api/admin/events/:id/registrations/:registrationId': {
      call: at(`/api/admin/events/${w.events.occurrenceId}/registrations/${w.events.bookingToRemove}`),
    },
    'GET /api/admin/screen-matches': {
      call: at('/api/admin/screen-matches?from=2024-08-16T00:00:00Z&to=2024-08-18T00:00:00Z'),
    },
    'PUT /api/admin/screen-matches/:fixtureId': {
      call: at(`/api/admin/screen-matches/${w.events.screenFixture}`),
      shared: football,
    },
    'DELETE /api/admin/screen-matches/:fixtureId': {
      call: at(`/api/admin/screen-matches/${w.events.screenFixture}`),
      shared: 'football data: every club picks from the same matches for its own big screen',
    },
    'GET /api/admin/events': { call: at('/api/admin/events') },
    'POST /api/admin/events': {
      call: at('/api/admin/events', {
        title: 'Matrix Made Event',
        startsAt: '2030-02-01T19:00:00Z',
        endsAt: '2030-02-01T21:00:00Z',
        recurrence: null,
        capacity: null,
      }),
    },
    'PATCH /api/admin/events/:id': {
      call: at(`/api/admin/events/${w.events.seriesId}`, { place: 'Lounge' }),
    },
    'POST /api/admin/events/:id/cancel': { call: at(`/api/admin/events/${w.events.toCancel}/cancel`) },
    'POST /api/admin/events/:id/restore': { call: at(`/api/admin/events/${w.events.toCancel}/restore`) },
    'DELETE /api/admin/events/:id': { call: at(`/api/admin/events/${w.events.toDelete}`) },
    'PUT /api/admin/events/:id/exceptions': {
      call: at(`/api/admin/events/${w.events.seriesId}/exceptions`, {
        originalStartsAt: '2030-01-17T20:00:00Z',
        cancelled: true,
      }),
    },
    'DELETE /api/admin/events/:id/exceptions/:exceptionId': {
      call: at(`/api/admin/events/${w.events.seriesId}/exceptions/${w.events.exceptionId}`),
    },
    'GET /api/admin/events/:id/registrations': {
      call: at(`/api/admin/events/${w.events.occurrenceId}/registrations`),
    },
    'PUT /api/admin/events/:id/image': {
      call: () => ({
        path: `/api/admin/events/${w.events.seriesId}/image`,
        body: png,
        contentType: 'image/png',
      }),
    },
    // Menu and club details.
    'GET /api/menu': { call: at('/api/menu') },
    'GET /api/menu.pdf': { call: at('/api/menu.pdf') },
    'POST /api/admin/menu/categories': {
      call: at('/api/admin/menu/categories', { name: 'Matrix Puddings' }),
    },
    'PATCH /api/admin/menu/categories/:id': {
      call: at(`/api/admin/menu/categories/${w.menu.category}`, { name: 'Matrix Mains' }),
    },
    'DELETE /api/admin/menu/categories/:id': {
      call: at(`/api/admin/menu/categories/${w.menu.categoryToDelete}`),
    },
    'PUT /api/admin/menu/categories': {
      call: at('/api/admin/menu/categories', { ids: [w.menu.category] }),
      refused:
        'the order must name every category, and this matrix adds some as it runs: menu.test.ts reorders',
    },
    'PUT /api/admin/menu/categories/:id/items': {
      call: at(`/api/admin/menu/categories/${w.menu.orderCategory}/items`, { ids: [w.menu.orderItem] }),
    },
    'POST /api/admin/menu/items': {
      call: at('/api/admin/menu/items', {
        categoryId: w.menu.category,
        name: 'Matrix Pudding',
        description: '',
        pricePence: 600,
        allergens: ['milk'],
        mayContain: [],
        dietary: ['vegetarian'],
        available: true,
      }),
      firstClub: true,
    },
    'PATCH /api/admin/menu/items/:id': {
      call: at(`/api/admin/menu/items/${w.menu.item}`, { pricePence: 1100 }),
    },
    'DELETE /api/admin/menu/items/:id': { call: at(`/api/admin/menu/items/${w.menu.itemToDelete}`) },
    'PUT /api/admin/menu/items/:id/image': {
      call: () => ({
        path: `/api/admin/menu/items/${w.menu.item}/image`,
        body: png,
        contentType: 'image/png',
      }),
    },
    'DELETE /api/admin/events/:id/image': { call: at(`/api/admin/events/${w.events.seriesId}/image`) },
    'DELETE /api/admin/menu/items/:id/image': { call: at(`/api/admin/menu/items/${w.menu.item}/image`) },
    'PUT /api/menu/items/:id/availability': {
      call: at(`/api/menu/items/${w.menu.item}/availability`, { available: true }),
    },
    'PUT /api/admin/menu/pdf': {
      call: () => ({ path: '/api/admin/menu/pdf', body: w.menu.pdf, contentType: 'application/pdf' }),
    },
    'DELETE /api/admin/menu/pdf': { call: at('/api/admin/menu/pdf') },
    'PUT /api/admin/menu/pdf/guests-see': {
      call: at('/api/admin/menu/pdf/guests-see', { guestsSee: 'both' }),
      refused:
        'no uploaded PDF by then, the DELETE row runs first (409): menu.test.ts chooses what guests see',
    },
    // The clubs' public pages (server-rendered, outside /api): each caller reads their own club's.
    'GET /c/:slug': { call: (caller) => ({ path: `/c/${ownSlug(caller)}` }), shared: PUBLIC_PAGES },
    'GET /c/:slug/menu': { call: (caller) => ({ path: `/c/${ownSlug(caller)}/menu` }), shared: PUBLIC_PAGES },
    'GET /c/:slug/share.png': {
      call: (caller) => ({ path: `/c/${ownSlug(caller)}/share.png` }),
      shared: PUBLIC_PAGES,
    },
    'GET /c/:slug/events/:id': {
      call: (caller) => ({ path: `/c/${ownSlug(caller)}/events/${w.events.occurrenceId}` }),
      shared: `${PUBLIC_PAGES}; the other club has no such event (404)`,
    },
    'GET /c/:slug/events/:id/share.png': {
      call: (caller) => ({ path: `/c/${ownSlug(caller)}/events/${w.events.occurrenceId}/share.png` }),
      shared: `${PUBLIC_PAGES}; the other club has no such event (404)`,
    },
    'GET /sitemap.xml': { call: at('/sitemap.xml') },
    'GET /robots.txt': { call: at('/robots.txt') },
    // Storage: uploaded files, public by their unguessable keys.
    'GET /api/files/*': { call: at(`/api/files/${w.fileKey}`) },
    // Gallery (staff manage it only when the club's admin allows: not in this club, so staff get 403).
    'GET /api/gallery/photos': { call: at(`/api/gallery/photos?album=${w.gallery.albumId}&limit=5`) },
    'GET /api/gallery/albums': { call: at('/api/gallery/albums') },
    'GET /api/gallery/albums/:id': { call: at(`/api/gallery/albums/${w.gallery.albumId}`) },
    'GET /api/gallery/abilities': { call: at('/api/gallery/abilities') },
    'POST /api/admin/gallery/photos': {
      call: () => ({ path: '/api/admin/gallery/photos', body: multipartPng, contentType: MULTIPART_TYPE }),
    },
    'PATCH /api/admin/gallery/photos/:id': {
      call: at(`/api/admin/gallery/photos/${w.gallery.photoToEdit}`, { caption: 'Quiz night' }),
    },
    'DELETE /api/admin/gallery/photos/:id': {
      call: at(`/api/admin/gallery/photos/${w.gallery.photoToDelete}`),
    },
    'POST /api/admin/gallery/albums': { call: at('/api/admin/gallery/albums', { title: 'Darts final' }) },
    'DELETE /api/admin/gallery/albums/:id': {
      call: at(`/api/admin/gallery/albums/${w.gallery.albumToDelete}`),
    },
    'PUT /api/admin/gallery/settings': { call: at('/api/admin/gallery/settings', { staffCanUpload: false }) },
    // rota
    'GET /api/admin/rota': { call: at('/api/admin/rota?week=2024-08-26') },
    'POST /api/admin/shifts': {
      call: (caller) => {
        const day = 10 + CALLERS.indexOf(caller);
        return {
          path: '/api/admin/shifts',
          body: {
            userId: w.staffUserId,
            startsAt: `2024-09-${day}T17:00:00Z`,
            endsAt: `2024-09-${day}T22:00:00Z`,
            position: 'Bar',
            breakMinutes: 0,
          },
        };
      },
    },
    'POST /api/admin/shift-checks': {
      call: at('/api/admin/shift-checks', {
        userId: w.staffUserId,
        startsAt: '2024-09-20T17:00:00Z',
        endsAt: '2024-09-20T22:00:00Z',
        position: 'Bar',
        breakMinutes: 0,
      }),
    },
    'PATCH /api/admin/shifts/:id': {
      call: at(`/api/admin/shifts/${w.shiftToEdit}`, { notes: 'Matrix note' }),
    },
    'DELETE /api/admin/shifts/:id': { call: at(`/api/admin/shifts/${w.shiftToDelete}`) },
    'POST /api/admin/shifts/:id/move': {
      call: at(`/api/admin/shifts/${w.shiftToEdit}/move`, { userId: w.staffUserId, day: '2024-09-03' }),
    },
    'POST /api/admin/shifts/:id/copy': {
      // To the open row: copies of an open shift never overlap, so every admin call lands.
      call: at(`/api/admin/shifts/${w.shiftToEdit}/copy`, { userId: null, day: '2024-09-06' }),
    },
    'POST /api/admin/rota/publish': { call: at('/api/admin/rota/publish', { week: '2024-09-02' }) },
    'POST /api/admin/rota/copy': {
      call: at('/api/admin/rota/copy', { from: '2024-09-02', to: '2024-09-23' }),
    },
    'PUT /api/admin/staff/:userId/pay-rate': {
      call: at(`/api/admin/staff/${w.staffUserId}/pay-rate`, { hourlyRatePence: 1150 }),
    },
    'PUT /api/admin/staff/:userId/payroll-number': {
      call: at(`/api/admin/staff/${w.staffUserId}/payroll-number`, { payrollNumber: 'M-7' }),
    },
    'GET /api/shifts/mine': { call: at('/api/shifts/mine') },
    'POST /api/shifts/:id/claim': { call: at(`/api/shifts/${w.openShift}/claim`) },
    'GET /api/clock/code': { call: at('/api/clock/code') },
    'GET /api/clock/status': { call: at('/api/clock/status') },
    'POST /api/clock/in': { call: at('/api/clock/in', { token: w.clockToken }) },
    'POST /api/clock/out': { call: at('/api/clock/out') },
    'POST /api/clock/break/start': {
      call: at('/api/clock/break/start'),
      refused:
        'no one is clocked in by then (the clock-out row runs first): staff-clock.test.ts takes breaks',
    },
    'POST /api/clock/break/end': {
      call: at('/api/clock/break/end'),
      refused: 'no one is on a break: staff-clock.test.ts takes breaks',
    },
    'GET /api/admin/clock/tills': { call: at('/api/admin/clock/tills') },
    'POST /api/admin/clock/tills': { call: at('/api/admin/clock/tills', { name: 'Matrix till' }) },
    'DELETE /api/admin/clock/tills/:id': { call: at(`/api/admin/clock/tills/${w.tillToRemove}`) },
    'PUT /api/admin/staff/:userId/clock-setting': {
      call: at(`/api/admin/staff/${w.staffUserId}/clock-setting`, { clockWithoutCode: false }),
    },
    // Timesheets.
    'GET /api/admin/timesheets': { call: at('/api/admin/timesheets?from=2024-08-12&to=2024-09-08') },
    'POST /api/admin/timesheets/approvals': {
      call: at('/api/admin/timesheets/approvals', {
        week: '2024-09-09',
        userId: w.staffUserId,
        confirmNotEnded: true,
      }),
    },
    'DELETE /api/admin/timesheets/approvals/:week/:userId': {
      call: at(`/api/admin/timesheets/approvals/2024-09-16/${w.staffUserId}`),
    },
    'PATCH /api/admin/clock-entries/:id': {
      call: at(`/api/admin/clock-entries/${w.clockEntry}`, { breakMinutes: 15, reason: 'Matrix correction' }),
    },
    'POST /api/admin/clock-entries': {
      call: (caller) => {
        const day = 10 + CALLERS.indexOf(caller);
        return {
          path: '/api/admin/clock-entries',
          body: {
            userId: w.staffUserId,
            clockInAt: `2024-08-${day}T17:00:00Z`,
            clockOutAt: `2024-08-${day}T20:00:00Z`,
            breakMinutes: 0,
            reason: 'Matrix: forgot to clock in',
          },
        };
      },
    },
    'GET /api/timesheets/mine': { call: at('/api/timesheets/mine?from=2024-09-02&to=2024-09-08') },
    // rota extras: templates, leave, swaps, holiday, calendars, rates per position
    'GET /api/admin/shift-templates': { call: at('/api/admin/shift-templates') },
    'POST /api/admin/shift-templates': {
      call: at('/api/admin/shift-templates', {
        name: 'Matrix late',
        position: 'Bar',
        startTime: '18:00',
        endTime: '23:00',
        breakMinutes: 0,
      }),
    },
    'DELETE /api/admin/shift-templates/:id': {
      call: at(`/api/admin/shift-templates/${w.rotaExtras.templateToDelete}`),
    },
    'GET /api/absences': { call: at('/api/absences') },
    'POST /api/absences': {
      call: at('/api/absences', {
        kind: 'leave',
        startsAt: '2024-10-01T00:00:00Z',
        endsAt: '2024-10-02T00:00:00Z',
        hours: 8,
      }),
    },
    'DELETE /api/absences/:id': { call: at(`/api/absences/${w.rotaExtras.absenceToWithdraw}`) },
    'GET /api/admin/absences': { call: at('/api/admin/absences') },
    'POST /api/admin/absences/:id/decision': {
      call: at(`/api/admin/absences/${w.rotaExtras.leaveToDecide}/decision`, {
        approve: true,
        confirmNegativeBalance: true,
      }),
    },
    'POST /api/shifts/:id/swaps': {
      call: at(`/api/shifts/${w.rotaExtras.staffShift}/swaps`, { toUserId: w.rotaExtras.adminUserId }),
    },
    'GET /api/shift-swaps/mine': { call: at('/api/shift-swaps/mine') },
    'POST /api/shift-swaps/:id/answer': {
      call: at(`/api/shift-swaps/${w.rotaExtras.swapToAnswer}/answer`, { accept: true }),
    },
    'POST /api/shift-swaps/:id/withdraw': {
      call: at(`/api/shift-swaps/${w.rotaExtras.swapToWithdraw}/withdraw`),
    },
    'GET /api/staff/colleagues': { call: at('/api/staff/colleagues') },
    'GET /api/admin/shift-swaps': { call: at('/api/admin/shift-swaps') },
    'POST /api/admin/shift-swaps/:id/decision': {
      call: at(`/api/admin/shift-swaps/${w.rotaExtras.swapToDecide}/decision`, { approve: true }),
    },
    'GET /api/holiday/mine': { call: at('/api/holiday/mine') },
    'GET /api/admin/holiday': { call: at('/api/admin/holiday') },
    'GET /api/shifts/:id.ics': { call: at(`/api/shifts/${w.rotaExtras.staffShift}.ics`) },
    'GET /api/shifts/feed-link': { call: at('/api/shifts/feed-link') },
    'GET /api/rota/feed/:token.ics': { call: at(w.rotaExtras.feedPath) },
    'GET /api/admin/position-pay-rates': { call: at('/api/admin/position-pay-rates') },
    'PUT /api/admin/position-pay-rates': {
      call: at('/api/admin/position-pay-rates', { position: 'Bar', hourlyRatePence: 1200 }),
    },
    // Stripe Connect: the club's own Stripe account (this server takes test payments)
    'GET /api/admin/stripe-account': { call: at('/api/admin/stripe-account') },
    'POST /api/admin/stripe-account/onboarding': {
      call: at('/api/admin/stripe-account/onboarding'),
      refused: 'no Stripe Connect without Stripe keys (409): stripe-connect.test.ts onboards a club',
    },
    'POST /api/admin/stripe-account/refresh': {
      call: at('/api/admin/stripe-account/refresh'),
      refused: 'no Stripe Connect without Stripe keys (409): stripe-connect.test.ts refreshes one',
    },
    // notifications: every route acts on the caller's own list, preferences and devices.
    'GET /api/notifications': { call: at('/api/notifications') },
    'GET /api/notifications/unread': { call: at('/api/notifications/unread') },
    'POST /api/notifications/read': { call: at('/api/notifications/read', { all: true }) },
    'GET /api/me/notification-preferences': { call: at('/api/me/notification-preferences') },
    'PUT /api/me/notification-preferences': {
      call: at('/api/me/notification-preferences', {
        timeZone: 'Europe/London',
        quietHours: { enabled: false, start: '22:00', end: '07:00' },
        kinds: [],
      }),
    },
    'GET /api/admin/broadcasts': { call: at('/api/admin/broadcasts') },
    'POST /api/admin/broadcasts': {
      call: at('/api/admin/broadcasts', { title: 'Matrix', body: 'A broadcast.', audience: 'staff' }),
    },
    'GET /api/push/vapid-public-key': { call: at('/api/push/vapid-public-key') },
    'POST /api/push/subscriptions': {
      call: (caller) => ({
        path: '/api/push/subscriptions',
        body: {
          endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${caller}`,
          keys: PUSH_KEYS,
          deviceId: `matrix-web-${caller}`,
        },
      }),
    },
    'POST /api/push/native-tokens': {
      call: (caller) => ({
        path: '/api/push/native-tokens',
        body: {
          platform: 'android',
          token: `matrix-token-${caller}-0123456789`,
          deviceId: `matrix-app-${caller}`,
        },
      }),
    },
    'GET /api/push/devices': { call: at('/api/push/devices') },
    'DELETE /api/push/devices/:deviceId': {
      call: (caller) => ({ path: `/api/push/devices/matrix-app-${caller}` }),
      firstClub: false,
    },
    'GET /api/notifications/unsubscribe': {
      call: at('/api/notifications/unsubscribe?u=nobody&k=news&t=unsigned'),
    },
    'POST /api/notifications/unsubscribe': {
      call: at('/api/notifications/unsubscribe?u=nobody&k=news&t=unsigned', {}),
      refused: 'only a link signed by the server unsubscribes',
    },
    // Passkeys and phone codes.
    'GET /api/me/passkeys': { call: at('/api/me/passkeys') },
    'POST /api/me/passkey-options': { call: at('/api/me/passkey-options') },
    'POST /api/me/passkeys': {
      call: at('/api/me/passkeys', { challengeId: crypto.randomUUID(), response: fakeCredential }),
      refused: 'no ceremony was started with that challenge',
    },
    'DELETE /api/me/passkeys/:id': {
      call: at(`/api/me/passkeys/${crypto.randomUUID()}`),
      firstClub: false,
      refused: 'no such passkey: each person sees and removes only their own (passkeys are per user)',
    },
    'POST /api/me/phone/code': { call: at('/api/me/phone/code', { phoneNumber: '07700 900777' }) },
    'POST /api/me/phone/verify': {
      call: at('/api/me/phone/verify', { phoneNumber: '07700 900777', code: '000000' }),
      refused: 'not the code sent (phone-codes.test.ts signs in with the right one)',
    },
    'GET /api/admin/sms-outbox': { call: at('/api/admin/sms-outbox') },
    'POST /api/auth/sign-in/passkey/options': { call: at('/api/auth/sign-in/passkey/options') },
    'POST /api/auth/sign-in/passkey': {
      call: at('/api/auth/sign-in/passkey', {
        challengeId: crypto.randomUUID(),
        response: {
          ...fakeCredential,
          response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
        },
      }),
      refused: 'no ceremony was started with that challenge (e2e/passkeys.spec.ts signs in for real)',
    },
    'POST /api/auth/sign-in/phone/send-code': {
      call: at('/api/auth/sign-in/phone/send-code', { phoneNumber: '07700 900778' }),
    },
    'POST /api/auth/sign-in/phone': {
      call: at('/api/auth/sign-in/phone', { phoneNumber: '07700 900778', code: '000000' }),
      refused: 'no account has confirmed the number (phone-codes.test.ts signs in for real)',
    },
    'GET /api/admin/competitions/:id/entries': {
      call: at(`/api/admin/competitions/${w.freeId}/entries?search=a`),
    },
    'POST /api/admin/competitions/:id/entries/:entryId/knock-out': {
      call: at(`/api/admin/competitions/${w.freeId}/entries/${w.entryToKnockOut}/knock-out`, {
        reason: 'Matrix broke a club rule',
      }),
    },
    'POST /api/admin/competitions/:id/entries/:entryId/buy-back': {
      call: at(`/api/admin/competitions/${w.freeId}/entries/${w.ownerPickEntry}/buy-back`, {
        reference: 'Matrix till 43',
      }),
      refused: 'the matrix’s free competition offers no buy-backs (409): buy-backs.test.ts records them',
    },
    'POST /api/admin/competitions/:id/cash-entries': {
      call: at(`/api/admin/competitions/${w.paidId}/cash-entries`, {
        userId: w.memberToChange,
        entries: 1,
        reference: 'Matrix till 42',
      }),
    },
    'PUT /api/admin/competitions/:id/entries/:entryId/picks/:round': {
      call: at(`/api/admin/competitions/${w.freeId}/entries/${w.ownerPickEntry}/picks/20`, {
        teamId: w.round20Team,
      }),
      refused:
        "the entry is a player's own, with the app (403): name-only-players.test.ts picks for a name-only one",
    },
    'POST /api/admin/competitions/:id/entries/:entryId/reinstate': {
      call: at(`/api/admin/competitions/${w.freeId}/entries/${w.ownerPickEntry}/reinstate`),
      refused: 'the entry was not knocked out (409): entries-admin.test.ts reinstates one',
    },
    // Tenants: clubs, memberships, club settings, members and invitations.
    'POST /api/clubs': {
      call: at('/api/clubs', { name: 'Matrix Taken', slug: 'red-lion' }),
      refused: 'the web address is taken (409), so that no caller ends up acting in a new club',
    },
    'POST /api/me/clubs': {
      call: at('/api/me/clubs', { joinCode: 'NOSUCHCODE' }),
      refused: 'no club has the code, so that no caller changes the club they act in',
    },
    'PUT /api/me/club': {
      // Each caller switches to the club they already act in; the first club's admin tries the other's.
      call: (caller) => ({
        path: '/api/me/club',
        body: { clubId: inOtherClub.has(caller) || caller === 'admin' ? w.otherClubId : w.firstClubId },
      }),
      firstClub: false,
    },
    'DELETE /api/me/clubs/:clubId': {
      call: at(`/api/me/clubs/${crypto.randomUUID()}`),
      refused: 'a club no one belongs to (leaving is tested in tenants.test.ts)',
    },
    'GET /api/invitations/:token': {
      call: at('/api/invitations/not-a-real-invitation-token'),
      refused: 'not a real invitation (a real one is read in tenants.test.ts)',
    },
    'POST /api/invitations/:token/accept': {
      call: at('/api/invitations/not-a-real-invitation-token/accept'),
      refused: 'not a real invitation (accepting is tested in tenants.test.ts)',
    },
    'GET /api/admin/club': { call: at('/api/admin/club') },
    'GET /api/admin/club/setup': { call: at('/api/admin/club/setup') },
    'PATCH /api/admin/club': {
      call: at('/api/admin/club', { joinPolicy: 'link', phone: '01865 000000' }),
    },
    'POST /api/admin/club/join-code': { call: at('/api/admin/club/join-code') },
    'POST /api/admin/club/close': {
      call: at('/api/admin/club/close', { confirmSlug: 'not-the-slug' }),
      refused: 'the wrong confirmation, so that no club closes',
    },
    'GET /api/admin/club/export': { call: at('/api/admin/club/export?format=json') },
    'GET /api/clubs/:slug/logo': {
      call: at('/api/clubs/red-lion/logo'),
      refused: 'found once an admin uploads one (PUT /api/admin/club/logo, later in the table)',
    },
    'PUT /api/admin/club/logo': {
      call: () => ({ path: '/api/admin/club/logo', body: png, contentType: 'image/png' }),
    },
    'DELETE /api/admin/members/:userId': { call: at(`/api/admin/members/${w.memberToRemove}`) },
    'POST /api/admin/invitations': { call: at('/api/admin/invitations', { role: 'staff' }) },
    'GET /api/admin/invitations': { call: at('/api/admin/invitations') },
    'POST /api/admin/invitations/:id/resend': {
      call: at(`/api/admin/invitations/${w.invitationToResend}/resend`),
    },
    'DELETE /api/admin/invitations/:id': { call: at(`/api/admin/invitations/${w.invitationToWithdraw}`) },
    ...quizFixtures(w, at),
  };
}

/** Quiz night: the quizmaster's routes on the first club's running quiz, the teams' and the TV's. */
function quizFixtures(
  w: World,
  at: (path: string, body?: unknown) => Fixture['call'],
): Record<string, Fixture> {
  const q = w.quiz;
  const noTeam = "a team's cookie is the key to it, and no caller joined a team (quiz-api test)";
  return {
    'POST /api/admin/quizzes': {
      call: at('/api/admin/quizzes', {
        title: 'Matrix quiz night',
        rounds: [{ title: 'Warm-up', questions: [{ prompt: 'Two and two?', kind: 'number', answer: '4' }] }],
      }),
    },
    'POST /api/admin/quizzes/import': {
      call: at('/api/admin/quizzes/import', {
        title: 'Matrix quiz from a file',
        csv: 'round,prompt,kind,choices,answer,points\nWarm-up,Two and two?,number,,4,1\n',
      }),
    },
    'POST /api/admin/quizzes/:id/copy': { call: at(`/api/admin/quizzes/${q.id}/copy`, {}) },
    'GET /api/admin/quizzes': { call: at('/api/admin/quizzes') },
    'GET /api/admin/quizzes/:id': { call: at(`/api/admin/quizzes/${q.id}`) },
    'POST /api/admin/quizzes/:id/start': { call: at(`/api/admin/quizzes/${q.id}/start`) },
    'POST /api/admin/quizzes/:id/next': { call: at(`/api/admin/quizzes/${q.id}/next`) },
    'POST /api/admin/quizzes/:id/close': { call: at(`/api/admin/quizzes/${q.id}/close`) },
    'PATCH /api/admin/quizzes/:id/answers/:answerId': {
      call: at(`/api/admin/quizzes/${q.id}/answers/${q.answerId}`, { correct: true }),
    },
    'PATCH /api/admin/quizzes/:id': { call: at(`/api/admin/quizzes/${q.id}`, { teamFeePence: 200 }) },
    'PUT /api/admin/quizzes/:id/teams/:teamId/payment': {
      call: at(`/api/admin/quizzes/${q.id}/teams/${q.teamId}/payment`, { paid: false }),
    },
    'POST /api/admin/quizzes/:id/tie-break': {
      call: at(`/api/admin/quizzes/${q.id}/tie-break`, { prompt: 'Pints in a firkin?', answer: 72 }),
      refused: 'the matrix’s quiz has questions still to play (409); quiz-api.test.ts plays a tie-break',
    },
    'GET /api/admin/quiz-settings': { call: at('/api/admin/quiz-settings') },
    'PUT /api/admin/quiz-settings': { call: at('/api/admin/quiz-settings', { staffCanRun: false }) },
    'POST /api/admin/quizzes/images': {
      call: () => ({ path: '/api/admin/quizzes/images', body: multipartPng, contentType: MULTIPART_TYPE }),
    },
    // Anyone in the pub may join with the code on the screen: each caller as a team of their own.
    'POST /api/quizzes/join': {
      call: (caller) => ({
        path: '/api/quizzes/join',
        body: { code: q.joinCode, teamName: `Matrix ${caller}` },
      }),
    },
    'GET /api/quizzes/:id/state': { call: at(`/api/quizzes/${q.id}/state`), refused: noTeam },
    'PUT /api/quizzes/:id/answers/:questionId': {
      call: at(`/api/quizzes/${q.id}/answers/${q.questionId}`, { answer: '4' }),
      refused: noTeam,
    },
    'GET /api/quizzes/:id/leaderboard': { call: at(`/api/quizzes/${q.id}/leaderboard`) },
    'GET /api/quizzes/:id/live': { call: at(`/api/quizzes/${q.id}/live`), refused: noTeam },
    'GET /api/screens/current/quiz': {
      call: (caller) => ({
        path: `/api/screens/current/quiz?club=${inOtherClub.has(caller) ? 'kings-arms' : 'red-lion'}`,
      }),
      refused: 'the screen device cookie is the key to it, and no caller holds one (quiz-live test)',
    },
  };
}

/** A running quiz of the first club: one team's answer to its first question, closed and marked. */
async function quizWorld(server: TestServer, admin: HttpClient): Promise<World['quiz']> {
  const number = (prompt: string, answer: string) => ({ prompt, kind: 'number', answer });
  const created = await admin.post('/api/admin/quizzes', {
    title: 'Matrix pub quiz',
    rounds: [
      {
        title: 'Sums',
        questions: [
          number('One and one?', '2'),
          number('Two and two?', '4'),
          number('Three and three?', '6'),
        ],
      },
    ],
  });
  expect(created.status).toBe(201);
  const id = created.json.quiz.id as string;
  const opened = await admin.post(`/api/admin/quizzes/${id}/next`);
  const questionId = opened.json.questions[0].id as string;
  const team = server.client();
  await team.prime();
  expect(
    (await team.post('/api/quizzes/join', { code: created.json.quiz.joinCode, teamName: 'Matrix team' }))
      .status,
  ).toBe(201);
  expect((await team.put(`/api/quizzes/${id}/answers/${questionId}`, { answer: '2' })).status).toBe(200);
  const closed = await admin.post(`/api/admin/quizzes/${id}/close`);
  const answerId = closed.json.questions[0].answers[0].id as string;
  const teamId = closed.json.teams[0].id as string;
  return { id, joinCode: created.json.quiz.joinCode, questionId, answerId, teamId };
}

/** A registration answer in the right encoding that no authenticator made. */
const fakeCredential = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AA' },
};

/** The /api routes of Fastify's router, read from its printed radix tree (independent of access.ts). */
/** The public pages a caller reads: their own club's (a visitor's, the first club's). */
const PUBLIC_PAGES = "a club's public pages are for anyone: each caller reads their own club's";
const ownSlug = (caller: Caller) => (inOtherClub.has(caller) ? 'kings-arms' : 'red-lion');

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
