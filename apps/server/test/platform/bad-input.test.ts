import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitions, contactMessages, orders, user } from '../../src/db/schema/index.ts';
import { MAX_JSON_DEPTH } from '../../src/lib/input-guards.ts';
import { seasonId } from '../support/game-helpers.ts';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, signedIn } from '../support/world.ts';

/** The probe's 500s, each now a 4xx naming the problem, with nothing written. */
describe.each(backends())('bad input found by the security probe, on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let player: HttpClient;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true });
    admin = await signedIn(server, 'admin@redlion.test');
    player = await signedIn(server, 'player1@redlion.test');
  });
  afterAll(() => server?.close());

  const counted = async (table: typeof user | typeof contactMessages | typeof orders) =>
    (await server.db.select({ n: count() }).from(table))[0]?.n;
  const contact = { name: 'Nul Tester', email: 'nul@example.com', subject: 'Hello', message: 'A message' };
  const signUp = {
    name: 'Nul Tester',
    email: 'nul-signup@example.com',
    password: 'a-perfectly-fine-one',
    dateOfBirth: '1990-01-01',
  };

  it.each([
    ['a JSON body', '/api/contact', { ...contact, name: 'Nul\u0000Tester' }, 'name'],
    ['a nested JSON field', '/api/contact', { ...contact, message: 'A\u0000' }, 'message'],
    ["better-auth's sign-up", '/api/auth/sign-up/email', { ...signUp, name: 'Nul\u0000Tester' }, 'name'],
    [
      "better-auth's sign-in",
      '/api/auth/sign-in/email',
      { email: 'a@b.c', password: 'x\u0000yyyyyyyy' },
      'password',
    ],
  ])(
    'a NUL character in %s is a 400 naming the field, and writes nothing',
    async (_what, path, body, field) => {
      const [users, messages] = [await counted(user), await counted(contactMessages)];
      const res = await server.client().post(path, body);
      expect(res.status).toBe(400);
      expect(res.json.error).toEqual({
        code: 'VALIDATION_FAILED',
        message: `Invalid input. ${field}: must not contain a NUL character.`,
      });
      expect(await counted(user)).toBe(users);
      expect(await counted(contactMessages)).toBe(messages);
    },
  );

  it('a NUL character in a path parameter or the query is a 400 naming it', async () => {
    const inPath = await player.get('/api/competitions/abc%00def');
    expect(inPath.status).toBe(400);
    expect(inPath.json.error.message).toBe('Invalid input. params.id: must not contain a NUL character.');
    const inQuery = await server.client().get('/api/auth/verify-email?token=abc%00def');
    expect(inQuery.status).toBe(400);
    expect(inQuery.json.error.message).toBe('Invalid input. query.token: must not contain a NUL character.');
    const inProfile = await player.patch('/api/me', { name: 'Pat\u0000' });
    expect(inProfile.status).toBe(400);
    expect(inProfile.json.error.message).toMatch(/name: must not contain a NUL/);
  });

  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is a 400 that says so, on better-auth's routes and ours`, async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const justTooDeep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/contact']) {
      for (const body of [deep, justTooDeep]) {
        const res = await server.client().post(path, body);
        expect(res.status).toBe(400);
        expect(res.json.error.message).toMatch(/nests too deeply.*at most 32 levels/);
      }
    }
    // Parsing is still Fastify's, prototype-poisoning check included.
    const poisoned = await server
      .client()
      .post('/api/contact', `{"__proto__":{"admin":true},${JSON.stringify(contact).slice(1)}`);
    expect(poisoned.status).toBe(400);
    // Brackets inside strings are text, not nesting.
    const res = await server.client().post('/api/contact', { ...contact, message: '{['.repeat(100) });
    expect(res.status).toBe(201);
  });

  it("an admin's empty edit of a draft competition is a 200 that changes nothing", async () => {
    const created = await admin.post('/api/admin/competitions', {
      name: 'Draft to leave alone',
      seasonId: await seasonId(server),
      startRound: 1,
      prizeModel: 'free',
    });
    expect(created.status).toBe(201);
    const id = created.json.competition.id;
    const [before] = await server.db.select().from(competitions).where(eq(competitions.id, id));
    const edited = await admin.patch(`/api/admin/competitions/${id}`, {});
    expect(edited.status).toBe(200);
    expect(edited.json.competition).toEqual(created.json.competition);
    const [after] = await server.db.select().from(competitions).where(eq(competitions.id, id));
    expect(after).toEqual(before);
  });

  it('an entry fee above £10,000 is refused where it is set', async () => {
    const res = await admin.post('/api/admin/competitions', {
      name: 'Millionaire',
      seasonId: await seasonId(server),
      startRound: 1,
      prizeModel: 'pool',
      entryFeePence: 100_000_000,
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/entryFeePence: must be at most 1000000/);
  });

  it('an order whose total no payment can hold (22 entries at £1,000,000) is a 400 that says so, and writes nothing', async () => {
    // Set before the fee was bounded: written straight to the database.
    const competition = await aCompetition(server, {
      entryFeePence: 100_000_000,
      maxEntriesPerPlayer: 50,
    });
    const ordersBefore = await counted(orders);
    const res = await player.post('/api/orders', { competitionId: competition.id, entries: 22 });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(
      'This order would cost £22,000,000.00, more than one payment can be (£999,999.99). Buy fewer entries at once.',
    );
    expect(await counted(orders)).toBe(ordersBefore);
    const tooMany = await player.post('/api/orders', { competitionId: competition.id, entries: 51 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error.message).toMatch(/entries: must be at most 50/);
  });

  it.each([
    ['a competition', 'GET', '/api/competitions/not-an-id', 'params.id'],
    ['a round of a competition', 'GET', '/api/competitions/42/rounds/1/fixtures', 'params.id'],
    ['an order', 'GET', '/api/orders/nope', 'params.id'],
    ['a member', 'PATCH', '/api/admin/members/someone', 'params.userId'],
  ])('a malformed id of %s is a 400 naming the problem', async (_what, method, path, field) => {
    const client = path.includes('/admin/') ? admin : player;
    const res = method === 'GET' ? await client.get(path) : await client.patch(path, { role: 'staff' });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_FAILED');
    expect(res.json.error.message).toMatch(new RegExp(`${field.replace('.', '\\.')}: must be an id`));
  });

  it('an order for a malformed competition id is a 400 naming the field, and writes nothing', async () => {
    const before = await counted(orders);
    const res = await player.post('/api/orders', { competitionId: "1' OR '1'='1", entries: 1 });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/competitionId: must be an id/);
    expect(await counted(orders)).toBe(before);
  });

  it('a body over the limit is a 413, and a body of the wrong type a 415, both in the error shape', async () => {
    const before = await counted(contactMessages);
    const huge = await server
      .client()
      .post('/api/contact', JSON.stringify({ ...contact, message: 'x'.repeat(1024 * 1024 + 1) }));
    expect(huge.status).toBe(413);
    expect(huge.json).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
    });
    const xml = await server
      .client()
      .post('/api/contact', '<contact/>', { 'content-type': 'application/xml' });
    expect(xml.status).toBe(415);
    expect(xml.json).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json.' },
    });
    expect(await counted(contactMessages)).toBe(before);
  });
});
