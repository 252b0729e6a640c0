import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionAudit } from '../../src/db/schema/index.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, signedIn, threePlayerCup } from '../support/world.ts';

/**
 * Who is in a competition, and the club knocking an entry out. The competition: free, three players
 * from round 1 of 2024-25. Round 1: Pat Arsenal (won 2-0), Jo Liverpool (won), Chris Chelsea (lost).
 * Round 2: Pat Manchester City (won), Jo Everton (lost). The club knocks Pat out after round 1.
 */
describe.each(backends())('entries, knock-outs and reinstatement on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let otherAdmin: HttpClient;
  const players: HttpClient[] = [];
  const entry: string[] = [];
  let compId: string;
  let round1: Json[];
  const list = (search = '', c: HttpClient = admin) =>
    c.get(
      `/api/admin/competitions/${compId}/entries${search ? `?search=${encodeURIComponent(search)}` : ''}`,
    );
  const knockOut = (i: number, reason: string, c: HttpClient = admin) =>
    c.post(`/api/admin/competitions/${compId}/entries/${entry[i]}/knock-out`, { reason });
  const reinstate = (i: number) =>
    admin.post(`/api/admin/competitions/${compId}/entries/${entry[i]}/reinstate`);
  let corrections = 0;
  // Each correction a minute after the last: the latest one is the result, so they must not tie.
  const tick = () => server.clock.set(new Date(Date.parse('2024-08-27T13:00:00Z') + ++corrections * 60_000));
  const correct = (fixtureId: string, home: number, away: number) => {
    tick();
    return admin.put(`/api/admin/fixtures/${fixtureId}/result`, {
      home,
      away,
      status: 'finished',
    });
  };
  const fixture = (home: string) => round1.find((f: Json) => f.home.name.startsWith(home));
  const entryOf = async (i: number) =>
    (await list()).json.entries.find((e: Json) => e.id === entry[i]) as Json;
  const audit = async () =>
    (
      await server.db
        .select()
        .from(competitionAudit)
        .where(eq(competitionAudit.competitionId, compId))
        .orderBy(asc(competitionAudit.createdAt), asc(competitionAudit.id))
    ).filter((a) => a.kind === 'entry_removed' || a.kind === 'entry_reinstated');

  /** The player's notifications of this competition, newest first. */
  const told = async (i: number) =>
    ((await (players[i] as HttpClient).get('/api/notifications')).json.notifications as Json[]).filter((n) =>
      String(n.title).startsWith('Conduct Cup'),
    );

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const cup = await threePlayerCup(server, { name: 'Conduct Cup' });
    ({ admin, otherAdmin, compId } = cup);
    players.push(...cup.players);
    entry.push(...cup.entry);
    round1 = cup.round1;
    // Pat asked for results by email too; the others keep the defaults (in the app and by push).
    const pat = players[0] as HttpClient;
    const prefs = (await pat.get('/api/me/notification-preferences')).json;
    const kinds = prefs.kinds.map((k: Json) => (k.kind === 'results' ? { ...k, email: true } : k));
    await pat.put('/api/me/notification-preferences', { ...prefs, kinds });
    server.clock.set('2024-08-20T12:00:00Z');
    await runSettlementPass(server);
  }, 120_000);
  afterAll(() => server?.close());

  it('lists every entry with its player, status, picks and how it was paid, and searches them', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.json.knockOutFromRound).toBe(2);
    expect(res.json.entries.map((e: Json) => e.playerName)).toEqual([
      'Chris Kick',
      'Jo Bloggs',
      'Pat Player',
    ]);
    expect(await entryOf(2)).toMatchObject({
      status: 'eliminated',
      eliminatedRound: 1,
      paidHow: 'free',
      orderId: null,
      entryNumber: null,
      removed: null,
      picks: [{ round: 1, teamName: expect.stringMatching(/^Chelsea/), outcome: 'eliminated', auto: false }],
    });
    expect((await entryOf(0)).picks.map((p: Json) => p.outcome)).toEqual(['survived', null]);
    expect((await list('bloggs')).json.entries.map((e: Json) => e.id)).toEqual([entry[1]]);
    expect((await list('PLAYER3@redlion')).json.entries.map((e: Json) => e.id)).toEqual([entry[2]]);
    expect((await list('%')).json.entries).toEqual([]);
  });

  it("does not show one club's entries to another club's admin", async () => {
    expect((await list('', otherAdmin)).status).toBe(404);
    expect((await knockOut(0, 'Not your club', otherAdmin)).status).toBe(404);
  });

  it('knocks an entry out from the first round not settled, audited and shown to the player', async () => {
    const res = await knockOut(0, 'Abusive to bar staff');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'eliminated',
      eliminatedRound: 2,
      removed: { fromRound: 2, reason: 'Abusive to bar staff', byName: 'Alex Admin' },
    });
    const detail = await players[0]?.get(`/api/competitions/${compId}`);
    expect(detail?.json.myEntries[0]).toMatchObject({
      status: 'eliminated',
      removedByClub: { fromRound: 2, reason: 'Abusive to bar staff' },
    });
    const mine = await players[0]?.get('/api/entries');
    expect(mine?.json.entries[0].removedByClub).toEqual({ fromRound: 2, reason: 'Abusive to bar staff' });
    const round2 = (await players[0]?.get(`/api/competitions/${compId}/rounds/2/fixtures`))?.json.fixtures;
    const repick = await (players[0] as HttpClient).put(`/api/entries/${entry[0]}/picks/2`, {
      teamId: teamIn(round2, 'Arsenal'),
    });
    expect(repick.status).toBe(409);
    expect(repick.json.error.message).toMatch(/removed by the club from round 2/);
    const again = await knockOut(0, 'Twice');
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('ENTRY_NOT_ACTIVE');
    expect(await audit()).toEqual([
      expect.objectContaining({
        kind: 'entry_removed',
        message: "Pat Player's entry knocked out from round 2: Abusive to bar staff",
        detail: { entryId: entry[0], fromRound: 2, reason: 'Abusive to bar staff' },
        userId: expect.any(String),
      }),
    ]);
  });

  it('tells the player why, in the app and by email as they asked, in the knock-out itself', async () => {
    // The test clock stands still, so the round's results may share the knock-out's instant.
    expect(await told(0)).toContainEqual(
      expect.objectContaining({
        title: 'Conduct Cup: your entry is out',
        body: 'Your entry was knocked out by the club: Abusive to bar staff',
        link: '/app/tabs/game',
      }),
    );
    await server.app.services.notifier.drain();
    const mails = server.smtp.received.filter((m) => m.subject === 'Conduct Cup: your entry is out');
    expect(mails.map((m) => m.to)).toEqual([['player1@redlion.test']]);
    expect(mails[0]?.text).toContain('Your entry was knocked out by the club: Abusive to bar staff');
    // A knock-out refused (a free entry has nothing to refund) tells nobody: one transaction.
    const refused = await admin.post(`/api/admin/competitions/${compId}/entries/${entry[1]}/knock-out`, {
      reason: 'Cheating',
      refund: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('This entry was free: there is nothing to refund.');
    expect((await entryOf(1)).status).toBe('active');
    expect((await told(1)).filter((n) => /Cheating|out/.test(`${n.title} ${n.body}`))).toEqual([]);
  });

  it('refuses to bring back an entry the results put out, and a reason too short', async () => {
    const res = await reinstate(2);
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: 'ENTRY_NOT_REMOVED',
      message:
        'This entry went out on the result of round 1, not by the club: correct that result to bring it back.',
    });
    expect((await knockOut(1, '')).status).toBe(400);
  });

  it('reinstates a knocked-out entry, audited, and knocks it out again', async () => {
    const res = await reinstate(0);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'active', eliminatedRound: null, removed: null });
    // The test clock stands still, so both rows have one time: compare them as a set.
    expect((await audit()).map((a) => [a.kind, a.message]).sort()).toEqual([
      [
        'entry_reinstated',
        "Pat Player's entry reinstated (Removed by the club from round 2: Abusive to bar staff)",
      ],
      ['entry_removed', "Pat Player's entry knocked out from round 2: Abusive to bar staff"],
    ]);
    // The test clock stands still: look for the message rather than at the first.
    expect(await told(0)).toContainEqual(
      expect.objectContaining({
        title: 'Conduct Cup: your entry is back in',
        body: 'The club undid its knock-out: your entry is back in Conduct Cup.',
      }),
    );
    expect((await knockOut(0, 'Abusive to bar staff, again')).status).toBe(200);
  });

  it('settles the next round without the removed entry, whatever its pick did', async () => {
    server.clock.set('2024-08-27T12:00:00Z');
    await runSettlementPass(server);
    // Pat's Manchester City won, but Pat was out: Jo, alone in round 2, lost, and the rollover makes Jo the winner.
    expect(await entryOf(0)).toMatchObject({
      status: 'eliminated',
      eliminatedRound: 2,
      removed: { fromRound: 2 },
    });
    expect((await entryOf(0)).picks.map((p: Json) => p.outcome)).toEqual(['survived', null]);
    expect((await entryOf(1)).status).toBe('won');
    expect((await list()).json.knockOutFromRound).toBeNull();
  });

  it('keeps the knock-out through re-settlements after later result corrections', async () => {
    const arsenal = fixture('Arsenal').id;
    // Arsenal 0-1: Pat goes out on round 1's result, before the removal took effect.
    expect((await correct(arsenal, 0, 1)).status).toBe(200);
    expect(await entryOf(0)).toMatchObject({
      status: 'eliminated',
      eliminatedRound: 1,
      removed: { fromRound: 2 },
    });
    const refused = await reinstate(0);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/result of round 1/);
    // Pat hears of it, with the corrected score, and the game card says why the entry is out.
    expect((await told(0))[0]).toMatchObject({
      title: 'Conduct Cup: a result was corrected',
      body: expect.stringMatching(
        /^A result was corrected: Arsenal FC 0–1 [A-Z][\w ]+; your pick Arsenal FC lost, so your entry is out\.$/,
      ),
    });
    const card = (await players[0]?.get(`/api/competitions/${compId}`))?.json.myEntries[0];
    expect(card).toMatchObject({
      status: 'eliminated',
      eliminatedRound: 1,
      outByCorrection: { round: 1, result: expect.stringMatching(/^Arsenal FC 0–1 /) },
    });
    expect((await players[0]?.get('/api/entries'))?.json.entries[0].outByCorrection).toMatchObject({
      round: 1,
    });
    // Back to 2-0: Pat survives round 1 and is out from round 2 by the club again.
    const toldBefore = (await told(0)).length;
    expect((await correct(arsenal, 2, 0)).status).toBe(200);
    expect(await entryOf(0)).toMatchObject({
      status: 'eliminated',
      eliminatedRound: 2,
      removed: { fromRound: 2 },
    });
    // Out by the club again, as Pat was told: no new message, and the card gives the club's reason.
    expect(await told(0)).toHaveLength(toldBefore);
    const again = (await players[0]?.get(`/api/competitions/${compId}`))?.json.myEntries[0];
    expect(again).toMatchObject({ outByCorrection: null, removedByClub: { fromRound: 2 } });
    expect((await entryOf(1)).status).toBe('won');
    // A correction in round 2 itself re-settles it without Pat too.
    const round2 = (await players[1]?.get(`/api/competitions/${compId}/rounds/2/fixtures`))?.json.fixtures;
    const everton = round2.find(
      (f: Json) => f.home.name.startsWith('Everton') || f.away.name.startsWith('Everton'),
    );
    const evertonWins = everton.home.name.startsWith('Everton') ? [3, 0] : [0, 3];
    expect((await correct(everton.id, evertonWins[0] as number, evertonWins[1] as number)).status).toBe(200);
    expect(await entryOf(0)).toMatchObject({ status: 'eliminated', eliminatedRound: 2 });
    expect((await entryOf(1)).status).toBe('won');
    const rows = await server.db
      .select()
      .from(competitionAudit)
      .where(and(eq(competitionAudit.competitionId, compId), eq(competitionAudit.kind, 'entry_removed')));
    expect(rows).toHaveLength(2);
  });

  it('previews a correction with the same result as saving it, and saves nothing', async () => {
    // Liverpool lose round 1: Jo goes out there, and Pat, whose removal was only from round 2, wins.
    const liverpool = fixture('Liverpool') ?? round1.find((f: Json) => f.away.name.startsWith('Liverpool'));
    const liverpoolLoses = liverpool.home.name.startsWith('Liverpool') ? [0, 2] : [2, 0];
    const body = { home: liverpoolLoses[0], away: liverpoolLoses[1], status: 'finished' };
    const preview = await admin.post(`/api/admin/fixtures/${liverpool.id}/result/preview`, body);
    expect(preview.status).toBe(200);
    expect(preview.json.competitions).toContainEqual({
      competitionId: compId,
      name: 'Conduct Cup',
      knocksOut: 1,
      bringsBack: 1,
      // Whose entry it puts out and brings back, by name.
      knockedOut: ['Jo Bloggs'],
      broughtBack: ['Pat Player'],
      summary: 'This knocks out 1 entry, brings back 1. Out: Jo Bloggs. Back in: Pat Player.',
    });
    expect((await entryOf(1)).status).toBe('won');
    expect((await entryOf(0)).status).toBe('eliminated');
    const statuses = async () => Promise.all([0, 1, 2].map(async (i) => (await entryOf(i)).status));
    const before = await statuses();
    expect((await admin.put(`/api/admin/fixtures/${liverpool.id}/result`, body)).status).toBe(200);
    const after = await statuses();
    const out = before.filter((s, i) => s !== 'eliminated' && after[i] === 'eliminated').length;
    const back = before.filter((s, i) => s === 'eliminated' && after[i] !== 'eliminated').length;
    expect([out, back]).toEqual([1, 1]);
    expect(after).toEqual(['won', 'eliminated', 'eliminated']);
    expect((await told(1))[0].body).toMatch(
      /^A result was corrected: .*Liverpool FC.*; your pick Liverpool FC lost, so your entry is out\.$/,
    );
    // Pat, out by the club from round 2, is now the last one standing after round 1.
    expect((await told(0))[0].body).toMatch(
      /^A result was corrected: .*Liverpool FC; your entry has won Conduct Cup! The club will be in touch about the prize\.$/,
    );
  });

  it('refuses to knock out an entry of a finished competition', async () => {
    const res = await knockOut(1, 'Too late for this');
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('COMPETITION_NOT_EDITABLE');
  });
});

/**
 * A paid entry the club knocks out can still be refunded: with the knock-out (one request), or later,
 * though it played a settled round. An entry the results put out after playing cannot. Paid Cup, £5 a
 * go, from round 1 of 2024-25: Pat's two card entries pick Arsenal (won) and Chelsea (lost), Jo's
 * cash entry Liverpool (won); round 1 is settled before the club acts.
 */
describe.each(backends())('refunding knocked-out paid entries on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let pat: HttpClient;
  let compId: string;
  let cardOrderId: string;
  let cashOrderId: string;
  let arsenalEntry: string;
  let chelseaEntry: string;
  let cashEntry: string;
  const entryOf = async (id: string) =>
    ((await admin.get(`/api/admin/competitions/${compId}/entries`)).json.entries as Json[]).find(
      (e) => e.id === id,
    ) as Json;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const comp = await aCompetition(server, { name: 'Paid Cup', entryFeePence: 500, startRound: 1 });
    compId = comp.id;
    admin = await signedIn(server, 'admin@redlion.test');
    pat = await signedIn(server, 'player1@redlion.test');
    const jo = await signedIn(server, 'player2@redlion.test');
    const created = await pat.post('/api/orders', { competitionId: compId, entries: 2 });
    expect(created.status, created.text).toBe(201);
    cardOrderId = created.json.order.id;
    const paid = await pat.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(paid.status, paid.text).toBeLessThan(300);
    [arsenalEntry, chelseaEntry] = (await pat.get(`/api/orders/${cardOrderId}`)).json.entries.map(
      (e: Json) => e.id,
    );
    const joId: string = (await jo.get('/api/me')).json.user.id;
    const cash = await admin.post(`/api/admin/competitions/${compId}/cash-entries`, {
      userId: joId,
      entries: 1,
    });
    expect(cash.status, cash.text).toBe(201);
    cashOrderId = cash.json.orderId;
    cashEntry = cash.json.entryIds[0];
    const round1 = (await pat.get(`/api/competitions/${compId}/rounds/1/fixtures`)).json.fixtures;
    for (const [client, entryId, team] of [
      [pat, arsenalEntry, 'Arsenal'],
      [pat, chelseaEntry, 'Chelsea'],
      [jo, cashEntry, 'Liverpool'],
    ] as const) {
      const res = await client.put(`/api/entries/${entryId}/picks/1`, {
        teamId: teamIn(round1, team),
      });
      expect(res.status, res.text).toBe(200);
    }
    server.clock.set('2024-08-20T12:00:00Z');
    await runSettlementPass(server);
  }, 120_000);
  afterAll(() => server?.close());

  it('still refuses to refund an entry the results put out after it played', async () => {
    expect(await entryOf(chelseaEntry)).toMatchObject({ status: 'eliminated', refundPence: null });
    expect(await entryOf(arsenalEntry)).toMatchObject({ status: 'active', refundPence: null });
    const res = await admin.post(`/api/admin/orders/${cardOrderId}/refunds`, { entryIds: [chelseaEntry] });
    expect(res.status).toBe(409);
  });

  it('knocks out and refunds in one go, and tells the player both', async () => {
    const res = await admin.post(`/api/admin/competitions/${compId}/entries/${arsenalEntry}/knock-out`, {
      reason: 'Shared his account',
      refund: true,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({
      id: arsenalEntry,
      status: 'refunded',
      refund: { amountPence: 500, status: 'succeeded', failureReason: null },
      removed: { fromRound: 2, reason: 'Shared his account' },
    });
    const order = (await pat.get(`/api/orders/${cardOrderId}`)).json;
    expect(order).toMatchObject({ status: 'partially_refunded', refundedPence: 500 });
    const told = (await pat.get('/api/notifications')).json.notifications as Json[];
    expect(told).toContainEqual(
      expect.objectContaining({
        title: 'Paid Cup: entry #1 is out',
        body: 'Your entry #1 was knocked out by the club: Shared his account. The club is refunding your £5.00.',
      }),
    );
  });

  it('keeps a knocked-out entry refundable later, though it played', async () => {
    const out = await admin.post(`/api/admin/competitions/${compId}/entries/${cashEntry}/knock-out`, {
      reason: 'Abusive to staff',
    });
    expect(out.status, out.text).toBe(200);
    expect(out.json).toMatchObject({ status: 'eliminated', refund: null, refundPence: 500 });
    const orders = (await admin.get('/api/admin/orders')).json.orders as Json[];
    expect(orders.find((o) => o.id === cashOrderId)?.entries).toEqual([
      { id: cashEntry, status: 'eliminated', removedByClub: true },
    ]);
    const refund = await admin.post(`/api/admin/orders/${cashOrderId}/refunds`, { entryIds: [cashEntry] });
    expect(refund.status, refund.text).toBe(200);
    expect(refund.json).toMatchObject({ status: 'refunded', refundedPence: 500 });
    expect(await entryOf(cashEntry)).toMatchObject({ status: 'refunded', refundPence: null });
  });
});
