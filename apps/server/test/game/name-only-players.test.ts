import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, emailOutbox, memberships, user } from '../../src/db/schema/index.ts';
import { ROUND1_DEADLINE, teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, otherClubAdmin, signedIn } from '../support/world.ts';

/**
 * A regular without the app: the admin takes their cash at the bar and enters them by name only,
 * then picks for their entry each round under the player's own rules. And admins who play see the
 * others' picks when every player does: after the round's deadline.
 */
describe.each(backends())('name-only players and hidden picks on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let player: HttpClient;
  let otherAdmin: HttpClient;
  let compId: string;
  let tomEntry: string;
  let tomId: string;
  let joEntry: string;
  let adminEntry: string;
  let round1: Json[];
  let round2: Json[];
  const cash = (body: Record<string, unknown>, c: HttpClient = admin) =>
    c.post(`/api/admin/competitions/${compId}/cash-entries`, body);
  const pickFor = (entryId: string, round: number, team: string, c: HttpClient = admin) =>
    c.put(`/api/admin/competitions/${compId}/entries/${entryId}/picks/${round}`, {
      teamId: teamIn(round === 1 ? round1 : round2, team),
    });
  const listed = async (c: HttpClient = admin) =>
    (await c.get(`/api/admin/competitions/${compId}/entries`)).json.entries as Json[];
  const picksOf = (entries: Json[], entryId: string) =>
    ((entries.find((e) => e.id === entryId)?.picks ?? []) as Json[]).map((p) => [p.round, p.teamName]);

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    admin = await signedIn(server, 'admin@redlion.test');
    player = await signedIn(server, 'player2@redlion.test');
    otherAdmin = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
    compId = (await aCompetition(server, { name: 'Bar Regulars Cup', entryFeePence: 500, startRound: 1 })).id;
    round1 = (await admin.get(`/api/competitions/${compId}/rounds/1/fixtures`)).json.fixtures;
    round2 = (await admin.get(`/api/competitions/${compId}/rounds/2/fixtures`)).json.fixtures;
  });
  afterAll(() => server?.close());

  it('enters a regular by name only, with the till reference, in one paid cash order', async () => {
    const res = await cash({
      playerName: ' Old Tom ',
      confirmsAdult: true,
      entries: 1,
      reference: 'Till 0042',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ amountPence: 500, entryIds: [expect.any(String)] });
    tomEntry = res.json.entryIds[0];
    tomId = res.json.userId;
    const tom = (await listed()).find((e) => e.id === tomEntry);
    expect(tom).toMatchObject({
      playerName: 'Old Tom',
      nameOnly: true,
      tillReference: 'Till 0042',
      paidHow: 'cash',
      status: 'active',
    });
    // More entries later go to the same person, by id.
    expect((await cash({ userId: tomId, entries: 1, reference: 'Till 0043' })).status).toBe(201);
    // The club's orders name Tom with no address: his is made up and never receives mail.
    const orders = (await admin.get(`/api/admin/orders?competitionId=${compId}`)).json.orders as Json[];
    const toms = orders.filter((o) => o.userName === 'Old Tom');
    expect(toms).toHaveLength(2);
    for (const o of toms) expect(o.userEmail).toBe('');
  });

  it('refuses a name without the 18-or-over confirmation, or a name and a member at once', async () => {
    const noAge = await cash({ playerName: 'Young Sam', entries: 1 });
    expect(noAge.status).toBe(400);
    expect(noAge.json.error.message).toMatch(/18 or over/);
    for (const playerName of ['Old Tom\nPaid: £500', 'Tab\tbed', 'LS\u2028x']) {
      const broken = await cash({ playerName, confirmsAdult: true, entries: 1 });
      expect(broken.status, playerName).toBe(400);
      expect(broken.json.error.message).toMatch(/must not hold line breaks or control characters/);
    }
    const meId = (await player.get('/api/me')).json.user.id;
    expect((await cash({ playerName: 'Both', userId: meId, confirmsAdult: true, entries: 1 })).status).toBe(
      400,
    );
    expect((await cash({ playerName: 'Sneaky', confirmsAdult: true, entries: 1 }, player)).status).toBe(403);
    // Another club's admin cannot give entries to this club's name-only player.
    const kings = await otherAdmin.post(`/api/admin/competitions/${compId}/cash-entries`, {
      userId: tomId,
      entries: 1,
    });
    expect(kings.status).toBe(404);
    // Nothing half-made: a refused name leaves no person behind.
    expect(await server.db.select().from(user).where(eq(user.name, 'Young Sam'))).toEqual([]);
  });

  it('is no account: no credentials, no membership, not a member, and cannot be signed in to', async () => {
    const [row] = await server.db.select().from(user).where(eq(user.id, tomId));
    expect(row?.email).toMatch(/@players\.invalid$/);
    expect(await server.db.select().from(account).where(eq(account.userId, tomId))).toEqual([]);
    expect(
      await server.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.userId, tomId))),
    ).toEqual([]);
    expect(JSON.stringify((await admin.get('/api/admin/members')).json)).not.toContain('Old Tom');
    const anon = await signedIn(server, 'player3@redlion.test');
    const signIn = await anon.post('/api/auth/sign-in/email', {
      email: row?.email,
      password: 'lastman-demo',
    });
    expect(signIn.status).toBe(403);
    expect(signIn.json.message ?? signIn.json.error?.message).toMatch(/without the app/);
    const reset = await anon.post('/api/auth/request-password-reset', { email: row?.email });
    expect(reset.status).toBe(403);
  });

  it('is never emailed: reminders and results for the entry go nowhere', async () => {
    const [row] = await server.db.select().from(user).where(eq(user.id, tomId));
    const before = server.smtp.received.length;
    await server.app.services.mailer.send({ to: String(row?.email), subject: 'Pick reminder', text: 'Pick' });
    await server.app.services.mailer.flush();
    expect(server.smtp.received.slice(before)).toEqual([]);
    const outbox = await server.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, String(row?.email)));
    expect(outbox).toEqual([]);
  });

  it('the admin picks for the name-only entry under the same rules: one team per entry', async () => {
    const res = await pickFor(tomEntry, 1, 'Arsenal');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ entryId: tomEntry, round: 1, teamName: 'Arsenal FC' });
    const again = await pickFor(tomEntry, 2, 'Arsenal');
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(/already picked Arsenal FC in round 1/);
    expect((await pickFor(tomEntry, 1, 'Arsenal', player)).status).toBe(403);
    expect((await pickFor(tomEntry, 1, 'Arsenal', otherAdmin)).status).toBe(404);
  });

  it('does not pick for a player who has the app: they pick for themselves', async () => {
    const meId = (await player.get('/api/me')).json.user.id;
    joEntry = (await cash({ userId: meId, entries: 1, reference: 'Till 0050' })).json.entryIds[0];
    const res = await pickFor(joEntry, 1, 'Liverpool');
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/picks for themselves/);
    // Jo picks, and so does the admin, who plays too.
    expect(
      (
        await player.put(`/api/entries/${joEntry}/picks/1`, {
          teamId: teamIn(round1, 'Liverpool'),
        })
      ).status,
    ).toBe(200);
    const adminId = (await admin.get('/api/me')).json.user.id;
    adminEntry = (await cash({ userId: adminId, entries: 1 })).json.entryIds[0];
    expect(
      (
        await admin.put(`/api/entries/${adminEntry}/picks/1`, {
          teamId: teamIn(round1, 'Chelsea'),
        })
      ).status,
    ).toBe(200);
  });

  it("hides the others' picks from an admin who plays until the deadline, then shows them", async () => {
    const before = await listed();
    // Jo's pick shows as made, without the team; the admin's own and the club's name-only entry in full.
    expect(picksOf(before, joEntry)).toEqual([[1, null]]);
    expect(picksOf(before, adminEntry)).toEqual([[1, 'Chelsea FC']]);
    expect(picksOf(before, tomEntry)).toEqual([[1, 'Arsenal FC']]);
    expect(JSON.stringify(before)).not.toContain('Liverpool');
    // Nor do the analytics count them.
    const analytics = await admin.get(
      `/api/admin/analytics?competitionId=${compId}&from=2024-08-01&to=2024-08-31`,
    );
    expect(analytics.status).toBe(200);
    expect(JSON.stringify(analytics.json.rounds?.mostPicked ?? [])).not.toContain('Liverpool');

    server.clock.set(ROUND1_DEADLINE);
    const after = await listed();
    expect(picksOf(after, joEntry)).toEqual([[1, 'Liverpool FC']]);
    const later = await admin.get(
      `/api/admin/analytics?competitionId=${compId}&from=2024-08-01&to=2024-08-31`,
    );
    expect(JSON.stringify(later.json.rounds.mostPicked)).toContain('Liverpool');
  });

  it('keeps to the deadline when picking for a name-only entry', async () => {
    const late = await pickFor(tomEntry, 1, 'Chelsea');
    expect(late.status).toBe(409);
    expect(late.json.error.message).toMatch(/Picks for round 1 closed at/);
    // The next round is still open.
    expect((await pickFor(tomEntry, 2, 'Chelsea')).status).toBe(200);
  });
});
