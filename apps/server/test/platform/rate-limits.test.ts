import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/client.ts';
import { session, smsOutbox, user } from '../../src/db/schema/index.ts';
import { LIMITS, RESERVE_PER_ADDRESS, SIGN_IN_DELAY } from '../../src/http/limit-rules.ts';
import { seasonId } from '../support/game-helpers.ts';
import { type HttpClient, httpClient, type Json } from '../support/http-client.ts';
import { softAuthenticator } from '../support/soft-authenticator.ts';
import { oneBackend, startTestServer, type TestServer } from '../support/test-server.ts';
import { signedIn } from '../support/world.ts';

// Every server in this file runs the real limits (scale 1) unless a test says otherwise.
const REAL_LIMITS = { RATE_LIMIT_SCALE: '1' };
/** The pub's Wi-Fi: every phone in it reaches the server from this one address. */
const PUB = '127.0.0.77';
const PASSWORD = 'launch-night-pass';
/** Forty people at once take a while on a busy machine; nothing here asserts how long. */
const CROWD_TIMEOUT = 180_000;

const newcomer = (n: number | string) => ({
  name: `Regular ${n}`,
  email: `regular${n}@pub.test`,
  password: PASSWORD,
  dateOfBirth: '1990-05-05',
});

const signInAs = (c: HttpClient, email: string, password: string, headers?: Record<string, string>) =>
  c.post('/api/auth/sign-in/email', { email, password }, headers);

/** How many password reset emails reached the address, once the first `atLeast` have arrived. */
async function resetEmailsTo(server: TestServer, email: string, atLeast = 1) {
  const resets = () =>
    server.smtp.received.filter((m) => m.to.includes(email) && /reset your password/i.test(m.subject));
  for (let i = 0; i < 200 && resets().length < atLeast; i++) await new Promise((r) => setTimeout(r, 50));
  await server.app.services.mailer.flush();
  return resets().length;
}

describe.each(oneBackend())('limits that fit a pub on %s', (backend) => {
  let server: TestServer;
  const players: HttpClient[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z', env: REAL_LIMITS });
  });
  afterAll(() => server?.close());

  it(
    'forty people on one Wi-Fi sign up and sign in within a minute',
    async () => {
      const statuses = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const phone = server.client({ localAddress: PUB });
          const seen = [
            (await phone.get('/api/config')).status,
            (await phone.get('/api/auth/get-session')).status,
            (await phone.post('/api/auth/sign-up/email', newcomer(i))).status,
          ];
          // Then each signs in again on a second device (the installed app), from the same Wi-Fi.
          const app = server.client({ localAddress: PUB });
          await app.prime();
          seen.push((await signInAs(app, newcomer(i).email, PASSWORD)).status);
          players.push(app);
          return seen;
        }),
      );
      expect(statuses.flat().filter((s) => s !== 200)).toEqual([]);
      expect(players).toHaveLength(40);
    },
    CROWD_TIMEOUT,
  );

  it(
    'forty players behind one address poll the game screen every 30 s and pick together: no 429',
    async () => {
      const admin = await signedIn(server, 'admin@redlion.test');
      const created = await admin.post('/api/admin/competitions', {
        name: 'Launch Night',
        seasonId: await seasonId(server),
        startRound: 1,
        prizeModel: 'free',
        prizePence: 5000,
      });
      expect(created.status).toBe(201);
      const id: string = created.json.competition.id;
      expect((await admin.post(`/api/admin/competitions/${id}/open`)).status).toBe(200);

      const entries = await Promise.all(players.map((c) => c.post(`/api/competitions/${id}/entries`)));
      expect(entries.map((e) => e.status)).toEqual(players.map(() => 201));
      const fixtures: Json[] = (await players[0]?.get(`/api/competitions/${id}/rounds/1/fixtures`))?.json
        .fixtures;

      // What the game screen asks for today: the session twice, then the person, club and config,
      // then the competition list and each competition's detail, fixtures and picks.
      const loadGameScreen = (c: HttpClient) =>
        Promise.all(
          [
            '/api/auth/get-session',
            '/api/auth/get-session',
            '/api/me',
            '/api/club',
            '/api/config',
            '/api/competitions',
            `/api/competitions/${id}`,
            `/api/competitions/${id}/rounds/1/fixtures`,
            `/api/competitions/${id}/rounds/1/picks`,
          ].map(async (path) => (await c.get(path)).status),
        );
      const statuses: number[] = [];
      // Two polls each (a minute of a 30-second refresh), sent as fast as the server answers: 720
      // requests from one address, more than the old limit of 600 a minute per address.
      for (let poll = 0; poll < 2; poll++) {
        statuses.push(...(await Promise.all(players.map(loadGameScreen))).flat());
      }
      const teamId = fixtures[0]?.home.id;
      const picks = await Promise.all(
        players.map((c, i) => c.put(`/api/entries/${entries[i]?.json.id}/picks/1`, { teamId })),
      );
      expect(statuses.filter((s) => s === 429)).toEqual([]);
      expect(new Set(statuses)).toEqual(new Set([200]));
      expect(picks.map((p) => p.status).filter((s) => s >= 300)).toEqual([]);
    },
    CROWD_TIMEOUT,
  );

  it(
    'guessing a password is slowed per account and address; the owner elsewhere signs in at once',
    async () => {
      const owner = server.client();
      await owner.prime();
      expect((await owner.post('/api/auth/sign-up/email', newcomer('owner'))).status).toBe(200);
      const { email } = newcomer('owner');
      const guesser = server.client({ localAddress: '127.0.0.66' });
      await guesser.prime();

      // Four free attempts, and the fourth failure starts the delay (sent to /api/auth/sign-%69n/email,
      // which is routed as sign-in and counted as one).
      for (const n of [1, 2, 3])
        expect((await signInAs(guesser, email, `guess-${n}-wrong`)).status).toBe(401);
      const encoded = await guesser.post('/api/auth/sign-%69n/email', { email, password: 'guess-4-wrong' });
      expect(encoded.status).toBe(401);
      const slowed = await signInAs(guesser, email, 'guess-5-wrong');
      expect(slowed.status).toBe(429);
      expect(slowed.headers.get('retry-after')).toBe('2');
      expect(slowed.json.error).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message:
          'Too many failed sign-ins to this account from this network address. Try again in 2 seconds.',
      });
      // Even the right password waits there: the delay is not a hint that a guess was right.
      expect((await signInAs(guesser, email, PASSWORD)).status).toBe(429);

      // The owner, from their own address, is not held up by any of it.
      const phone = server.client();
      await phone.prime();
      expect((await signInAs(phone, email, PASSWORD)).status).toBe(200);

      // Each further failure doubles the wait.
      server.clock.advance(2000);
      expect((await signInAs(guesser, email, 'guess-5-wrong')).status).toBe(401);
      const longer = await signInAs(guesser, email, 'guess-6-wrong');
      expect(longer.status).toBe(429);
      expect(longer.headers.get('retry-after')).toBe('4');
      expect(longer.json.error.message).toMatch(/Try again in 4 seconds\.$/);
      server.clock.advance(4000);
      expect((await signInAs(guesser, email, 'guess-6-wrong')).status).toBe(401);
      expect((await signInAs(guesser, email, 'guess-7-wrong')).headers.get('retry-after')).toBe('8');

      // The guesser's address is slowed on this account only, and the right password, once it may
      // try, gets in and clears the slate.
      expect((await signInAs(guesser, 'regular1@pub.test', PASSWORD)).status).toBe(200);
      server.clock.advance(8000);
      expect((await signInAs(guesser, email, PASSWORD)).status).toBe(200);
      expect((await signInAs(guesser, email, 'guess-8-wrong')).status).toBe(401);
      expect((await signInAs(guesser, email, PASSWORD)).status).toBe(200);
    },
    CROWD_TIMEOUT,
  );

  it(
    'guesses sent all at once are slowed as much as guesses sent one by one',
    async () => {
      const guesser = server.client({ localAddress: '127.0.0.67' });
      await guesser.prime();
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, n) => signInAs(guesser, 'regular3@pub.test', `burst-${n}-wrong`)),
      );
      const statuses = burst.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(SIGN_IN_DELAY.freeAttempts).fill(401), ...Array(8).fill(429)]);
    },
    CROWD_TIMEOUT,
  );

  it('password reset emails: one a minute per email address, and a limit per network address', async () => {
    const c = server.client({ localAddress: '127.0.0.55' });
    await c.prime();
    const ask = (email: string) =>
      c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset' });
    const first = await ask('regular2@pub.test');
    expect(first.status).toBe(200);
    // Asked again at once: the same answer, and no second email.
    const again = await ask('Regular2@Pub.test');
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    await server.smtp.waitFor('regular2@pub.test', /reset your password/i);
    await server.app.services.mailer.flush();
    expect(
      server.smtp.received.filter((m) => m.to.includes('regular2@pub.test') && /reset/i.test(m.subject)),
    ).toHaveLength(1);
    // Other people's resets from the same place go through, up to the address's own limit (the two
    // requests above count towards it).
    const others: number[] = [];
    for (let i = 2; i < LIMITS.resetEmailPerAddress.max; i++)
      others.push((await ask(`forgot${i}@pub.test`)).status);
    expect(new Set(others)).toEqual(new Set([200]));
    const over = await ask('one-too-many@pub.test');
    expect(over.status).toBe(429);
    expect(over.json.error.message).toMatch(/^Too many password reset requests from this network address\./);
  });

  it('sign-ups: a few per email address', async () => {
    const c = server.client({ localAddress: '127.0.0.56' });
    await c.prime();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.signUpPerAccount.max; i++) {
      statuses.push((await c.post('/api/auth/sign-up/email', newcomer('twice'))).status);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1, -1).every((s) => s !== 200 && s !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('the contact form: a few per sender, counted on the routed path (/%61pi/… is /api/…)', async () => {
    const c = server.client({ localAddress: '127.0.0.57' });
    await c.prime();
    const message = {
      name: 'Visitor',
      email: 'visitor@pub.test',
      subject: 'Quiz night',
      message: 'When is it?',
    };
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.contactPerAccount.max; i++) {
      statuses.push((await c.post('/%61pi/contact', message)).status);
    }
    expect(statuses).toEqual([...Array(LIMITS.contactPerAccount.max).fill(201), 429]);
    // Another sender from the same address is still heard.
    expect((await c.post('/api/contact', { ...message, email: 'another@pub.test' })).status).toBe(201);
  });

  it('starting clubs: a few a day per person', async () => {
    const c = server.client({ localAddress: '127.0.0.58' });
    await c.prime();
    const signUp = await c.post('/api/auth/sign-up/email', { ...newcomer('founder'), startClub: true });
    expect(signUp.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.clubStartsPerPerson.max; i++) {
      statuses.push((await c.post('/api/clubs', { name: `Pub ${i}`, slug: `pub-number-${i}` })).status);
    }
    expect(statuses).toEqual([...Array(LIMITS.clubStartsPerPerson.max).fill(201), 429]);
    const refused = await c.post('/api/clubs', { name: 'One more', slug: 'one-more-pub' });
    expect(refused.json.error.message).toMatch(/^Too many clubs started from your account\./);
  });
});

describe.each(oneBackend())('the limit on every API request on %s', (backend) => {
  let server: TestServer;
  // A hundredth of the real numbers: twelve API requests a minute per address or person.
  const perMinute = Math.round(LIMITS.apiPerAddress.max / 100);

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, env: { RATE_LIMIT_SCALE: '0.01' } });
  });
  afterAll(() => server?.close());

  it('counts requests by their routed path: /%61pi/config is /api/config', async () => {
    const c = server.client({ localAddress: '127.0.0.31' });
    const statuses: number[] = [];
    for (let i = 0; i <= perMinute; i++)
      statuses.push((await c.get(i % 2 ? '/%61pi/config' : '/api/config')).status);
    expect(statuses).toEqual([...Array(perMinute).fill(200), 429]);
    const refused = await c.get('/%61pi/config');
    expect(refused.json.error.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.json.error.message).toMatch(
      /^Too many requests from this network address\. Try again in \d+ seconds?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The web app's pages are not API requests and are not counted.
    expect((await c.get('/app/tabs/game')).status).not.toBe(429);
  });

  it('counts a signed-in person on their own, not by the address they share', async () => {
    const player = server.client({ localAddress: '127.0.0.32' });
    await player.signIn('player1@redlion.test', 'lastman-demo');
    const stranger = server.client({ localAddress: '127.0.0.32' });
    for (let i = 0; i < perMinute; i++) await stranger.get('/api/config');
    expect((await stranger.get('/api/config')).status).toBe(429);
    // The signed-in player behind the same address still has their own allowance.
    expect((await player.get('/api/me')).status).toBe(200);
  });

  it('counts each bearer token (each device) on its own', async () => {
    const phone = server.client({ localAddress: '127.0.0.33' });
    await phone.prime();
    const signIn = await signInAs(phone, 'player2@redlion.test', 'lastman-demo');
    const token = signIn.headers.get('set-auth-token') as string;
    const bearer = httpClient(server.baseUrl, { localAddress: '127.0.0.34' });
    const auth = { authorization: `Bearer ${token}` };
    const statuses: number[] = [];
    for (let i = 0; i <= perMinute; i++) statuses.push((await bearer.get('/api/me', auth)).status);
    expect(statuses).toEqual([...Array(perMinute).fill(200), 429]);
    expect((await bearer.get('/api/me', auth)).json.error.message).toMatch(
      /^Too many requests from your account\./,
    );
    // The same person in the browser (their cookie session) is not held up by the phone.
    expect((await phone.get('/api/me')).status).toBe(200);
  });
});

describe.each(oneBackend())('a pick checking its own session, on %s', (backend) => {
  let server: TestServer;
  const scale = 0.01;
  beforeAll(async () => {
    server = await startTestServer(backend, {
      seed: true,
      now: '2024-08-10T12:00:00Z',
      env: { RATE_LIMIT_SCALE: String(scale) },
    });
  });
  afterAll(() => server?.close());

  it("counts on the person's own allowance, with their other requests", async () => {
    const admin = server.client({ localAddress: '127.0.0.51' });
    await admin.signIn('admin@redlion.test', 'lastman-demo');
    const created = await admin.post('/api/admin/competitions', {
      name: 'Picks counted',
      seasonId: await seasonId(server),
      startRound: 1,
      prizeModel: 'free',
      prizePence: 5000,
    });
    const id: string = created.json.competition.id;
    expect((await admin.post(`/api/admin/competitions/${id}/open`)).status).toBe(200);
    const player = server.client({ localAddress: '127.0.0.52' });
    await player.signIn('player1@redlion.test', 'lastman-demo');
    const entry = (await player.post(`/api/competitions/${id}/entries`)).json.id;
    const fixtures: Json[] = (await player.get(`/api/competitions/${id}/rounds/1/fixtures`)).json.fixtures;
    const teamId = fixtures[0]?.home.id;
    // The session was read (the fixtures): from here picks are counted by the person the process
    // knows the token for, without reading the session first.
    const statuses: number[] = [];
    for (let i = 0; i < Math.round(LIMITS.apiPerUser.max * scale) + 1; i++) {
      statuses.push((await player.put(`/api/entries/${entry}/picks/1`, { teamId })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const refused = await player.put(`/api/entries/${entry}/picks/1`, { teamId });
    expect(refused.json.error.message).toMatch(/^Too many requests from your account\./);
    // The person's other requests share the allowance; another person on the same address does not.
    expect((await player.get('/api/me')).status).toBe(429);
    const neighbour = server.client({ localAddress: '127.0.0.52' });
    await neighbour.signIn('player2@redlion.test', 'lastman-demo');
    expect((await neighbour.get('/api/me')).status).toBe(200);
  });
});

describe.each(oneBackend())('client addresses through proxies on %s', (backend) => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));
  const start = async (trustProxy?: string) => {
    const server = await startTestServer(backend, {
      env: { ...REAL_LIMITS, ...(trustProxy && { TRUST_PROXY: trustProxy }) },
    });
    servers.push(server);
    return server;
  };
  const sessionAddress = async (server: TestServer, email: string) => {
    const [row] = await server.db
      .select({ ip: session.ipAddress })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, email));
    return row?.ip;
  };
  const askResets = async (c: HttpClient, forwardedFor: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.resetEmailPerAddress.max; i++) {
      const res = await c.post(
        '/api/auth/request-password-reset',
        { email: `spoof${i}@pub.test`, redirectTo: '/reset' },
        { 'x-forwarded-for': forwardedFor(i) },
      );
      statuses.push(res.status);
    }
    return statuses;
  };
  const allowedThenRefused = [...Array(LIMITS.resetEmailPerAddress.max).fill(200), 429];

  it('without TRUST_PROXY an X-Forwarded-For is ignored', async () => {
    const server = await start();
    const c = server.client({ localAddress: '127.0.0.41' });
    await c.prime();
    const signUp = await c.post('/api/auth/sign-up/email', newcomer('direct'), {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(signUp.status).toBe(200);
    expect(await sessionAddress(server, newcomer('direct').email)).toBe('127.0.0.41');
    // A different made-up address on every request still counts as the one real address.
    expect(await askResets(c, (i) => `198.51.100.${i}`)).toEqual(allowedThenRefused);
  });

  it('with one proxy hop the right-most address is the client; spoofed entries left of it change nothing', async () => {
    const server = await start('1');
    const proxy = server.client({ localAddress: '127.0.0.42' });
    await proxy.prime();
    const signUp = await proxy.post('/api/auth/sign-up/email', newcomer('proxied'), {
      'x-forwarded-for': '198.51.100.7, 203.0.113.9',
    });
    expect(signUp.status).toBe(200);
    expect(await sessionAddress(server, newcomer('proxied').email)).toBe('203.0.113.9');
    expect(await askResets(proxy, (i) => `10.9.8.${i}, 203.0.113.9`)).toEqual(allowedThenRefused);
    // Another client behind the same proxy has an allowance of its own.
    const other = await proxy.post(
      '/api/auth/request-password-reset',
      { email: 'neighbour@pub.test', redirectTo: '/reset' },
      { 'x-forwarded-for': '203.0.113.10' },
    );
    expect(other.status).toBe(200);
  });

  it('TRUST_PROXY takes hops or proxy addresses; a bare true is refused with what to write', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback' }).TRUST_PROXY,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', 'loopback']);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: `true` would trust an X-Forwarded-For sent by anyone; write the number of proxies/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ NODE_ENV: 'test', REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });
});

describe.each(oneBackend())('limits shared through Redis by two server processes on %s', (backend) => {
  const prefix = `lastman-test:${randomUUID()}:`;
  let server: TestServer;
  let second: FastifyInstance;
  let secondUrl: string;
  // A twentieth of the real numbers: sixty API requests a minute per address, one free failed sign-in.
  const perMinute = Math.round(LIMITS.apiPerAddress.max / 20);

  beforeAll(async () => {
    server = await startTestServer(backend, {
      env: { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: prefix, RATE_LIMIT_SCALE: '0.05' },
    });
    // A second app on the same database and Redis, with its own memory: a second server process.
    second = await buildApp({
      config: server.config,
      database: server.database,
      clock: server.clock,
      logger: false,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    secondUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    const redis = new Redis('redis://127.0.0.1:6379');
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('the API limit counts requests to both', async () => {
    const one = server.client({ localAddress: '127.0.0.21' });
    const two = httpClient(secondUrl, { localAddress: '127.0.0.21' });
    const statuses: number[] = [];
    for (let i = 0; i < perMinute; i++) statuses.push((await (i % 2 ? two : one).get('/api/config')).status);
    expect(statuses).toEqual(Array(perMinute).fill(200));
    expect((await one.get('/api/config')).status).toBe(429);
    expect((await two.get('/api/config')).status).toBe(429);
  });

  it('failed sign-ins on one slow down the next attempt on the other', async () => {
    const one = server.client({ localAddress: '127.0.0.22' });
    const two = httpClient(secondUrl, { localAddress: '127.0.0.22' });
    await one.prime();
    await two.prime();
    // Signed up elsewhere: neither client is a device the account knows.
    const elsewhere = server.client({ localAddress: '127.0.0.25' });
    await elsewhere.prime();
    expect((await elsewhere.post('/api/auth/sign-up/email', newcomer('shared'))).status).toBe(200);
    // At this scale one attempt is free, and the next waits.
    expect((await signInAs(one, newcomer('shared').email, 'wrong-guess-1')).status).toBe(401);
    const slowed = await signInAs(two, newcomer('shared').email, PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get('retry-after')).toBe('2');
  });

  it('a password reset email on one starts the cooldown on the other', async () => {
    const one = server.client({ localAddress: '127.0.0.23' });
    const two = httpClient(secondUrl, { localAddress: '127.0.0.23' });
    await one.prime();
    await two.prime();
    expect((await one.post('/api/auth/sign-up/email', newcomer('cooldown'))).status).toBe(200);
    const body = { email: newcomer('cooldown').email, redirectTo: '/reset' };
    expect((await one.post('/api/auth/request-password-reset', body)).status).toBe(200);
    expect((await two.post('/api/auth/request-password-reset', body)).status).toBe(200);
    await second.services.mailer.flush();
    expect(await resetEmailsTo(server, body.email)).toBe(1);
    const redis = new Redis('redis://127.0.0.1:6379');
    expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
    await redis.quit();
  });
});

describe('a REDIS_URL that cannot be reached', () => {
  it('stops start-up with a message naming the variable', async () => {
    const database = openDatabase({ inMemory: true });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_URL: 'redis://127.0.0.1:1' });
    await expect(buildApp({ config, database, logger: false })).rejects.toThrow(
      /REDIS_URL: could not connect to Redis/,
    );
    await database.close();
  });
});

describe.each(oneBackend())('without REDIS_URL, two server processes on %s', (backend) => {
  let server: TestServer;
  let second: FastifyInstance;

  beforeAll(async () => {
    server = await startTestServer(backend, { env: REAL_LIMITS });
    second = await buildApp({
      config: server.config,
      database: server.database,
      clock: server.clock,
      logger: false,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  it('count each on their own (which is why several instances need Redis)', async () => {
    const address = second.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const one = server.client({ localAddress: '127.0.0.24' });
    const two = httpClient(`http://127.0.0.1:${address.port}`, { localAddress: '127.0.0.24' });
    await one.prime();
    await two.prime();
    expect((await one.post('/api/auth/sign-up/email', newcomer('unshared'))).status).toBe(200);
    const body = { email: newcomer('unshared').email, redirectTo: '/reset' };
    for (const c of [one, one, two])
      expect((await c.post('/api/auth/request-password-reset', body)).status).toBe(200);
    // The second asked the first process again (held); the third asked the second, which knew nothing of it.
    await second.services.mailer.flush();
    expect(await resetEmailsTo(server, body.email, 2)).toBe(2);
  });
});

describe.each(oneBackend())("strangers and an account's owner on %s", (backend) => {
  let server: TestServer;
  const OWNER = {
    name: 'Olive Owner',
    email: 'olive@pub.test',
    password: PASSWORD,
    dateOfBirth: '1985-02-02',
  };
  const NUMBER = '07700 900321';
  const E164 = '+447700900321';
  let key: ReturnType<typeof softAuthenticator>;

  beforeAll(async () => {
    server = await startTestServer(backend, { now: '2024-08-10T12:00:00Z', env: REAL_LIMITS });
  });
  afterAll(() => server?.close());

  /** A client from another address that carries the cookies `from` has (the same browser, elsewhere). */
  const sameBrowser = (from: HttpClient, localAddress: string) => {
    const c = server.client({ localAddress });
    for (const [name, value] of from.jar) c.jar.set(name, value);
    return c;
  };
  const DEVICE_COOKIE = 'lastman-device';

  async function smsCode(nth: number): Promise<string> {
    // Texts go out after the answer: on a busy machine, give them time.
    for (let i = 0; i < 600; i++) {
      const rows = await server.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.to, E164))
        .orderBy(asc(smsOutbox.createdAt));
      const code = /#(\d{6})$/.exec(rows[nth - 1]?.text ?? '')?.[1];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no SMS number ${nth} to ${E164}`);
  }

  it(
    'fifty failed sign-ins from strangers throttle their own addresses; the owner on a new device elsewhere, or a known one, gets in',
    async () => {
      const signUp = server.client({ localAddress: '127.0.1.1' });
      await signUp.prime();
      expect((await signUp.post('/api/auth/sign-up/email', OWNER)).status).toBe(200);
      // The owner confirms a number and registers a passkey, while signed in.
      expect((await signUp.post('/api/me/phone/code', { phoneNumber: NUMBER })).status).toBe(200);
      const verified = await signUp.post('/api/me/phone/verify', {
        phoneNumber: NUMBER,
        code: await smsCode(1),
      });
      expect(verified.status).toBe(200);
      key = softAuthenticator({ rpId: '127.0.0.1', origin: server.baseUrl });
      const start = await signUp.post('/api/me/passkey-options');
      const registered = await signUp.post('/api/me/passkeys', {
        challengeId: start.json.challengeId,
        response: key.register(start.json.options.challenge),
      });
      expect(registered.status).toBe(201);

      // The owner's phone signs in once: it keeps a device cookie for the account, signed, HttpOnly,
      // long-lived, naming the account without its email address, and kept on signing out.
      const phone = server.client({ localAddress: '127.0.1.2' });
      await phone.prime();
      const signedIn = await signInAs(phone, OWNER.email, PASSWORD);
      expect(signedIn.status).toBe(200);
      const setCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
      expect(setCookie).toBeDefined();
      expect(setCookie).toMatch(/; HttpOnly/i);
      expect(setCookie).toMatch(/; SameSite=Lax/i);
      expect(Number(/Max-Age=(\d+)/i.exec(setCookie ?? '')?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
      const deviceCookie = phone.jar.get(DEVICE_COOKIE) ?? '';
      expect(decodeURIComponent(deviceCookie)).not.toMatch(/olive|pub\.test/i);
      expect((await phone.post('/api/auth/sign-out')).status).toBe(200);
      expect(phone.jar.get(DEVICE_COOKIE)).toBe(deviceCookie);

      // The app on the owner's tablet (a bearer token, no cookies) asks for the device token by header.
      const tablet = httpClient(server.baseUrl, { localAddress: '127.0.1.3' });
      const tabletSignIn = await tablet.post(
        '/api/auth/sign-in/email',
        { email: OWNER.email, password: PASSWORD },
        { 'device-token': '' },
      );
      expect(tabletSignIn.status).toBe(200);
      const deviceToken = tabletSignIn.headers.get('set-device-token') ?? '';
      expect(deviceToken).not.toBe('');

      // A neighbour's browser knows its own account, not the owner's.
      const neighbour = server.client({ localAddress: '127.0.1.4' });
      await neighbour.prime();
      expect(
        (await neighbour.post('/api/auth/sign-up/email', { ...OWNER, name: 'Ned', email: 'ned@pub.test' }))
          .status,
      ).toBe(200);
      expect(neighbour.jar.get(DEVICE_COOKIE)).toBeTruthy();

      // A hundred wrong passwords from 25 addresses, two then two more each: the first fifty fill the
      // account's allowance across addresses; then each of those addresses has used its reserve and waits.
      const strangers = await Promise.all(
        Array.from({ length: 25 }, async (_, a) => {
          const stranger = server.client({ localAddress: `127.0.2.${a + 1}` });
          await stranger.prime();
          return stranger;
        }),
      );
      const guesses = async (from: number) =>
        (
          await Promise.all(
            strangers.map(async (stranger, a) => {
              const seen: number[] = [];
              for (const n of [from, from + 1])
                seen.push((await signInAs(stranger, OWNER.email, `wrong-${a}-${n}`)).status);
              return seen;
            }),
          )
        ).flat();
      expect(new Set(await guesses(0))).toEqual(new Set([401]));
      expect(new Set(await guesses(2))).toEqual(new Set([429]));

      // On a new device somewhere else, the owner's right password gets in, at once.
      const fresh = server.client({ localAddress: '127.0.1.5' });
      await fresh.prime();
      expect((await signInAs(fresh, OWNER.email, PASSWORD)).status).toBe(200);
      await fresh.post('/api/auth/sign-out');
      fresh.jar.delete(DEVICE_COOKIE);
      // A stranger's address that has used its reserve waits, even with the right password, and is
      // told the other ways in.
      server.clock.advance(SIGN_IN_DELAY.maxDelayMs);
      const refused = await signInAs(sameBrowser(fresh, '127.0.2.1'), OWNER.email, PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.json.error).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: expect.stringMatching(
          /^Too many failed sign-ins to this account\. Try again in \d+ minutes\. You can still sign in with a passkey or a code sent to your phone\.$/,
        ),
      });
      // The wait is what is left of the fifteen minutes since the first failure.
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(120);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
      // Another account's device cookie, or a forged one, is no device cookie for this account.
      expect((await signInAs(sameBrowser(neighbour, '127.0.2.2'), OWNER.email, PASSWORD)).status).toBe(429);
      const forged = sameBrowser(phone, '127.0.2.3');
      forged.jar.set(DEVICE_COOKIE, `${deviceCookie.slice(0, -2)}xx`);
      expect((await signInAs(forged, OWNER.email, PASSWORD)).status).toBe(429);

      // The owner's phone gets in with the right password, from home and from the strangers' own address.
      expect((await signInAs(sameBrowser(phone, '127.0.1.8'), OWNER.email, PASSWORD)).status).toBe(200);
      expect((await signInAs(sameBrowser(phone, '127.0.2.1'), OWNER.email, PASSWORD)).status).toBe(200);
      // So does the tablet, sending its device token as a header.
      const tabletAgain = await httpClient(server.baseUrl, { localAddress: '127.0.1.9' }).post(
        '/api/auth/sign-in/email',
        { email: OWNER.email, password: PASSWORD },
        { 'device-token': deviceToken },
      );
      expect(tabletAgain.status).toBe(200);

      // Passkeys and phone codes are not throttled, and they leave a device cookie too.
      const laptop = server.client({ localAddress: '127.0.1.10' });
      await laptop.prime();
      const options = await laptop.post('/api/auth/sign-in/passkey/options');
      const byKey = await laptop.post('/api/auth/sign-in/passkey', {
        challengeId: options.json.challengeId,
        response: key.assert(options.json.options.challenge),
      });
      expect(byKey.status).toBe(200);
      expect(laptop.jar.get(DEVICE_COOKIE)).toBeTruthy();
      await laptop.post('/api/auth/sign-out');
      expect((await signInAs(laptop, OWNER.email, PASSWORD)).status).toBe(200);

      const work = server.client({ localAddress: '127.0.1.11' });
      await work.prime();
      expect((await work.post('/api/auth/sign-in/phone/send-code', { phoneNumber: NUMBER })).status).toBe(
        200,
      );
      const byCode = await work.post('/api/auth/sign-in/phone', {
        phoneNumber: NUMBER,
        code: await smsCode(2),
      });
      expect(byCode.status).toBe(200);
      await work.post('/api/auth/sign-out');
      expect((await signInAs(work, OWNER.email, PASSWORD)).status).toBe(200);
    },
    CROWD_TIMEOUT,
  );

  it('a device cookie has failed sign-ins of its own; past them it counts as a new device', async () => {
    // Known to the account through a passkey sign-in (the password is throttled for unknown devices).
    const phone = server.client({ localAddress: '127.0.3.1' });
    await phone.prime();
    const options = await phone.post('/api/auth/sign-in/passkey/options');
    const byKey = await phone.post('/api/auth/sign-in/passkey', {
      challengeId: options.json.challengeId,
      response: key.assert(options.json.options.challenge),
    });
    expect(byKey.status).toBe(200);
    await phone.post('/api/auth/sign-out');
    const statuses: number[] = [];
    for (let n = 0; n < LIMITS.signInFailuresPerDevice.max; n++) {
      // Past the sign-in delay each time (the device is slowed like an address would be).
      server.clock.advance(SIGN_IN_DELAY.maxDelayMs);
      statuses.push((await signInAs(phone, OWNER.email, `typo-${n}`)).status);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    // Now the device counts as unknown, and the account's limit is full from the previous test: its
    // address has the reserve of an address that has not failed, and then waits.
    for (let n = 0; n < RESERVE_PER_ADDRESS.signInFailures; n++) {
      server.clock.advance(SIGN_IN_DELAY.maxDelayMs);
      expect((await signInAs(phone, OWNER.email, `typo-again-${n}`)).status).toBe(401);
    }
    server.clock.advance(SIGN_IN_DELAY.maxDelayMs);
    expect((await signInAs(phone, OWNER.email, PASSWORD)).status).toBe(429);
  });

  it('strangers asking for codes to the number from many addresses do not stop its owner getting one on a new device', async () => {
    const ask = (c: HttpClient) => c.post('/api/auth/sign-in/phone/send-code', { phoneNumber: NUMBER });
    const stranger = server.client({ localAddress: '127.0.5.1' });
    await stranger.prime();
    const fromOne = [];
    for (let n = 0; n < 4; n++) fromOne.push((await ask(stranger)).status);
    expect(fromOne).toEqual([200, 429, 429, 429]);
    const fromMany = [];
    for (let a = 2; a <= 12; a++) {
      const c = server.client({ localAddress: `127.0.5.${a}` });
      await c.prime();
      fromMany.push((await ask(c)).status);
    }
    // Each new address has its one code, past the number's allowance across addresses.
    expect(fromMany).toEqual(Array(11).fill(200));
    expect((await ask(stranger)).status).toBe(429);
    // Two texts before (the owner confirming the number, and their code at work), twelve now.
    await smsCode(14);

    // The owner, on a new device (no cookie for the account, not signed in) at another address.
    const newPhone = server.client({ localAddress: '127.0.5.100' });
    await newPhone.prime();
    expect((await ask(newPhone)).status).toBe(200);
    const signIn = await newPhone.post('/api/auth/sign-in/phone', {
      phoneNumber: NUMBER,
      code: await smsCode(15),
    });
    expect(signIn.status).toBe(200);
  });

  it("strangers' password reset requests are answered as sent, send no more emails than their share, and never use up the owner's", async () => {
    const email = 'ned@pub.test';
    const resets = () =>
      server.smtp.received.filter((m) => m.to.includes(email) && /reset/i.test(m.subject)).length;
    const ask = async (c: HttpClient) => {
      const res = await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset' });
      return { status: res.status, body: res.json };
    };
    // One stranger's address, again and again: one email (then one a minute, three an hour).
    const stranger = server.client({ localAddress: '127.0.4.1' });
    await stranger.prime();
    const answers = [];
    for (let n = 0; n < 6; n++) answers.push(await ask(stranger));
    // Eleven more addresses, each once: past the email address's allowance across addresses, each
    // still sends its one (an address that has asked before would not).
    for (let a = 2; a <= 12; a++) {
      const c = server.client({ localAddress: `127.0.4.${a}` });
      await c.prime();
      answers.push(await ask(c));
    }
    answers.push(await ask(stranger));
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(JSON.stringify(answers[0]?.body)).not.toMatch(/hour|minute|wait/i);
    expect(await resetEmailsTo(server, email, 12)).toBe(12);

    // Ned, from his own address, still gets his email.
    const owner = server.client({ localAddress: '127.0.4.200' });
    await owner.prime();
    expect((await ask(owner)).status).toBe(200);
    expect(await resetEmailsTo(server, email, 13)).toBe(13);
    expect(resets()).toBe(13);
  });
});
