import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clockEntries,
  entries,
  memberships,
  orders,
  picks,
  refunds,
  shifts,
  staffAbsences,
  staffPayRates,
  staffSettings,
  user,
} from '../../src/db/schema/index.ts';
import { teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, signedIn } from '../support/world.ts';

const person = {
  name: 'Marcus Rashford',
  email: 'Marcus.Rashford@example.com',
  password: 'forty-yard-screamer',
  dateOfBirth: '1997-10-31',
  phoneNumber: '+44 7700 900555',
};

/** Every table of the database whose rows, as text, contain any of the strings. */
async function tablesMentioning(server: TestServer, needles: string[]): Promise<string[]> {
  const { rows: tables } = (await server.db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  expect(tables.length).toBeGreaterThan(10);
  const found: string[] = [];
  for (const { table_name } of tables) {
    const patterns = sql.join(
      needles.map((n) => sql`${`%${n}%`}`),
      sql`, `,
    );
    const { rows } = (await server.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} t WHERE t::text ILIKE ANY (ARRAY[${patterns}])`,
    )) as unknown as { rows: { n: number }[] };
    if ((rows[0]?.n ?? 0) > 0) found.push(table_name);
  }
  return found;
}

describe.each(backends())('my data: export and deletion on %s', (backend) => {
  let server: TestServer;
  let c: HttpClient;
  let userId: string;
  let orderId: string;
  let keptEntryId: string;
  let refundedEntryId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    const competition = await aCompetition(server, { startRound: 1, name: 'Deletion Cup' });

    c = server.client();
    await c.prime();
    expect((await c.post('/api/auth/sign-up/email', person)).status).toBe(200);
    userId = (await c.get('/api/me')).json.user.id;

    const created = await c.post('/api/orders', { competitionId: competition.id, entries: 2 });
    expect(created.status).toBe(201);
    orderId = created.json.order.id;
    const paid = await c.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.json.order.status).toBe('paid');
    [keptEntryId, refundedEntryId] = paid.json.order.entries.map((e: Json) => e.id);

    const admin = await signedIn(server, 'admin@redlion.test');
    const refunded = await admin.post(`/api/admin/orders/${orderId}/refunds`, {
      entryIds: [refundedEntryId],
      reason: 'Asked for one back',
    });
    expect(refunded.status).toBe(200);

    const fixtures = await c.get(`/api/competitions/${competition.id}/rounds/1/fixtures`);
    const pick = await c.put(`/api/entries/${keptEntryId}/picks/1`, {
      teamId: teamIn(fixtures.json.fixtures, 'Arsenal'),
    });
    expect(pick.status).toBe(200);

    // Leave the traces the deletion must clear: a failed sign-in, a reset link, a contact message.
    const stranger = server.client();
    await stranger.prime();
    await stranger.post('/api/auth/sign-in/email', { email: person.email, password: 'a-wrong-guess' });
    await stranger.post('/api/auth/request-password-reset', { email: person.email, redirectTo: '/' });
    const contact = await c.post('/api/contact', {
      name: person.name,
      email: person.email,
      subject: 'Hello',
      message: 'Thanks for the game',
    });
    // The club's answer, emailed to them and kept with the message.
    const answered = await admin.post(`/api/admin/contact-messages/${contact.json.id}/replies`, {
      reply: 'Glad you enjoyed it.',
    });
    expect(answered.status).toBe(201);
    await server.smtp.waitFor(person.email, /^Re: Hello$/);
    await server.smtp.waitFor(person.email.toLowerCase(), /reset your password/i);
    await server.smtp.waitFor(person.email.toLowerCase(), /refund/i);
    await server.app.services.mailer.flush();
  });
  afterAll(() => server?.close());

  it('exports orders with their entries, payments, refunds, entries and picks', async () => {
    const res = await c.get('/api/me/export');
    expect(res.status).toBe(200);
    const data = res.json;
    expect(data.profile).toMatchObject({
      email: person.email.toLowerCase(),
      phoneNumber: person.phoneNumber,
    });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({
      id: orderId,
      competitionName: 'Deletion Cup',
      status: 'partially_refunded',
      entryCount: 2,
      amountPence: 1000,
      refundedPence: 500,
      currency: 'gbp',
    });
    expect(data.orders[0].entries.map((e: Json) => e.id).sort()).toEqual(
      [keptEntryId, refundedEntryId].sort(),
    );
    expect(data.payments).toEqual([
      expect.objectContaining({ orderId, provider: 'test', amountPence: 1000, currency: 'gbp' }),
    ]);
    expect(data.payments[0].paidAt).toBeTruthy();
    expect(data.refunds).toEqual([
      expect.objectContaining({
        orderId,
        entryIds: [refundedEntryId],
        amountPence: 500,
        reason: 'Asked for one back',
      }),
    ]);
    expect(data.entries).toHaveLength(2);
    expect(data.entries.find((e: Json) => e.id === refundedEntryId).status).toBe('refunded');
    expect(data.picks).toEqual([
      expect.objectContaining({ entryId: keptEntryId, round: 1, teamName: 'Arsenal FC', auto: false }),
    ]);
    expect(data.contactMessages).toHaveLength(1);
    expect(data.contactMessages[0].replies).toEqual([
      expect.objectContaining({ body: 'Glad you enjoyed it.', sentByName: 'Alex Admin' }),
    ]);

    // Another player's export holds none of it.
    const other = await signedIn(server, 'player2@redlion.test');
    const theirs = (await other.get('/api/me/export')).json;
    expect(theirs.orders.map((o: Json) => o.id)).not.toContain(orderId);
    expect(theirs.picks.map((p: Json) => p.entryId)).not.toContain(keptEntryId);
  });

  it('gives a staff member their shifts, clock entries, leave and payroll number, but not their pay rate', async () => {
    const [sam] = await server.db.select().from(user).where(eq(user.email, 'staff@redlion.test'));
    const [club] = await server.db
      .select({ clubId: memberships.clubId })
      .from(memberships)
      .where(eq(memberships.userId, sam?.id as string));
    const at = { clubId: club?.clubId as string, userId: sam?.id as string };
    await server.db.insert(shifts).values([
      {
        ...at,
        startsAt: new Date('2026-11-20T17:00:00Z'),
        endsAt: new Date('2026-11-20T23:00:00Z'),
        position: 'Bar',
        status: 'published',
      },
      {
        ...at,
        startsAt: new Date('2026-11-27T17:00:00Z'),
        endsAt: new Date('2026-11-27T23:00:00Z'),
        position: 'Draft bar',
      },
    ]);
    await server.db.insert(clockEntries).values({
      ...at,
      clockInAt: new Date('2026-11-20T17:02:00Z'),
      clockOutAt: new Date('2026-11-20T23:01:00Z'),
      breakMinutes: 20,
    });
    await server.db.insert(staffAbsences).values({
      ...at,
      kind: 'leave',
      startsAt: new Date('2026-12-24T00:00:00Z'),
      endsAt: new Date('2026-12-27T00:00:00Z'),
      reason: 'Christmas',
      status: 'pending',
    });
    await server.db.insert(staffSettings).values({ ...at, payrollNumber: 'RL-7' });
    await server.db
      .insert(staffPayRates)
      .values({ ...at, effectiveFrom: '1970-01-01', hourlyRatePence: 1234 });

    const staff = await signedIn(server, 'staff@redlion.test');
    const res = await staff.get('/api/me/export');
    expect(res.status).toBe(200);
    expect(res.json.work).toEqual([
      {
        clubId: at.clubId,
        payrollNumber: 'RL-7',
        // Published shifts only: a draft is not the rota yet.
        shifts: [
          expect.objectContaining({ position: 'Bar', startsAt: '2026-11-20T17:00:00.000Z', breakMinutes: 0 }),
        ],
        clockEntries: [
          expect.objectContaining({
            clockInAt: '2026-11-20T17:02:00.000Z',
            clockOutAt: '2026-11-20T23:01:00.000Z',
            breakMinutes: 20,
          }),
        ],
        leave: [expect.objectContaining({ kind: 'leave', reason: 'Christmas', status: 'pending' })],
      },
    ]);
    // The rate stays with the club's admins: no rate field anywhere in the file.
    expect(res.text).not.toMatch(/hourlyRate|effectiveFrom/);
    // A player's export has no work records.
    expect((await c.get('/api/me/export')).json.work).toEqual([]);
  });

  it('deletion keeps orders, payments and entries under an anonymous id and no personal data anywhere', async () => {
    const needles = [person.name, person.email, 'Rashford', person.phoneNumber, person.dateOfBirth];
    expect(await tablesMentioning(server, needles)).toEqual(
      expect.arrayContaining(['user', 'email_outbox', 'contact_messages', 'contact_replies']),
    );

    const deleted = await c.delete('/api/me', { password: person.password });
    expect(deleted.status).toBe(204);

    expect(await tablesMentioning(server, needles)).toEqual([]);

    const [row] = await server.db.select().from(user).where(eq(user.id, userId));
    expect(row).toMatchObject({
      name: 'Deleted user',
      isAnonymous: true,
      phoneNumber: null,
      dateOfBirth: null,
    });
    const [order] = await server.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      userId,
      status: 'partially_refunded',
      amountPence: 1000,
      refundedPence: 500,
    });
    const kept = await server.db.select().from(entries).where(eq(entries.orderId, orderId));
    expect(kept.map((e) => [e.userId, e.status]).sort()).toEqual([
      [userId, 'active'],
      [userId, 'refunded'],
    ]);
    expect(await server.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect(await server.db.select().from(picks).where(eq(picks.entryId, keptEntryId))).toHaveLength(1);

    const again = server.client();
    await again.prime();
    const signIn = await again.post('/api/auth/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(signIn.status).toBe(401);
  });
});
