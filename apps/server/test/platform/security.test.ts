import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig, TEST_AUTH_SECRET } from '../../src/config.ts';
import { emailOutbox, session, user } from '../../src/db/schema/index.ts';
import { createAuth } from '../../src/domains/account/sign-in/auth.ts';
import { urlForLog } from '../../src/lib/log-safe.ts';
import { createMailer } from '../../src/lib/mailer.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { signedIn } from '../support/world.ts';

/** A Fastify logger whose lines are kept, to read what would have been logged. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const log = Fastify({ logger: { level: 'debug', stream } }).log;
  return { log, lines, text: () => lines.join('') };
}

describe('the secret that signs sessions and tokens', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lastman-secret-'));

  it('is required with a DATABASE_URL outside development: the public test secret never meets a real database', () => {
    for (const NODE_ENV of ['test', 'production']) {
      expect(() => loadConfig({ NODE_ENV, DATABASE_URL: 'postgres://x/y', DATA_DIR: dataDir })).toThrow(
        /AUTH_SECRET: required with DATABASE_URL/,
      );
    }
    const development = loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://x/y',
      DATA_DIR: dataDir,
    });
    expect(development.AUTH_SECRET).not.toBe(TEST_AUTH_SECRET);
    expect(development.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://x/y', AUTH_SECRET: 'x'.repeat(32) })
        .AUTH_SECRET,
    ).toBe('x'.repeat(32));
  });
});

describe('the request log', () => {
  it("shows where an emailed link went, never its token (Fastify's request serializer in app.ts)", () => {
    expect(urlForLog('/api/auth/reset-password/AbC123xyz?callbackURL=%2Freset')).toBe(
      '/api/auth/reset-password/[token]?callbackURL=%2Freset',
    );
    expect(urlForLog('/api/auth/verify-email?token=eyJhbGci.eyJlbWFp.c2ln&callbackURL=%2F')).toBe(
      '/api/auth/verify-email?token=[token]&callbackURL=%2F',
    );
    expect(urlForLog('/reset-password?token=AbC123xyz')).toBe('/reset-password?token=[token]');
    expect(urlForLog('/api/competitions/42?round=3')).toBe('/api/competitions/42?round=3');
  });
});

describe.each(backends())('account security on %s', (backend) => {
  let server: TestServer;
  let player: HttpClient;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true });
    player = await signedIn(server, 'player1@redlion.test');
  });
  afterAll(() => server?.close());
  afterEach(() => vi.restoreAllMocks());

  const userRow = async (email: string) => {
    const [row] = await server.db.select().from(user).where(eq(user.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row;
  };

  it('an email verification token signed with the public test secret is refused; only the real secret signs one', async () => {
    const c = server.client();
    await c.prime();
    const signUp = await c.post('/api/auth/sign-up/email', {
      name: 'Forge Target',
      email: 'forge-target@example.com',
      password: 'not-so-easy-to-guess',
      dateOfBirth: '1990-01-01',
    });
    expect(signUp.status).toBe(200);
    await c.post('/api/auth/sign-out');

    const attacker = server.client();
    const forged = await createEmailVerificationToken(TEST_AUTH_SECRET, 'forge-target@example.com');
    const refused = await attacker.get(`/api/auth/verify-email?token=${forged}`);
    expect(refused.status).toBe(401);
    expect([...attacker.jar.keys()].some((k) => k.includes('session_token'))).toBe(false);
    expect((await userRow('forge-target@example.com')).emailVerified).toBe(false);

    // The same token signed with the server's secret works: the refusal above is the secret's doing.
    const genuine = await createEmailVerificationToken(server.config.AUTH_SECRET, 'forge-target@example.com');
    expect((await attacker.get(`/api/auth/verify-email?token=${genuine}`)).status).toBe(200);
    expect((await userRow('forge-target@example.com')).emailVerified).toBe(true);
  });

  it("better-auth's own update-user is refused: a profile changes only through PATCH /api/me and its rules", async () => {
    const before = await userRow('player1@redlion.test');
    for (const body of [
      { name: 'x'.repeat(5000) },
      { image: 'javascript:alert(document.cookie)' },
      { dateOfBirth: new Date(Date.now() - 6 * 365 * 86_400_000).toISOString().slice(0, 10) },
    ]) {
      const res = await player.post('/api/auth/update-user', body);
      expect(res.status).toBe(404);
      expect(res.json.error).toEqual({ code: 'NOT_FOUND', message: 'Edit your profile with PATCH /api/me.' });
    }
    expect(await userRow('player1@redlion.test')).toEqual(before);
  });

  it('PATCH /api/me takes as image only null or the person’s own photo URL', async () => {
    const me = await userRow('player1@redlion.test');
    for (const image of [
      'javascript:alert(document.cookie)',
      'data:image/png;base64,AAAA',
      'https://evil.example/pic.png',
      `${server.baseUrl}/api/users/${crypto.randomUUID()}/photo?v=1`,
    ]) {
      const res = await player.patch('/api/me', { image });
      expect(res.status, image).toBe(400);
      expect(res.json.error.message).toMatch(/image: must be|^A profile picture must be your own photo/);
    }
    expect((await player.patch('/api/me', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await userRow('player1@redlion.test')).image).toBe(me.image);

    const own = `${server.config.PUBLIC_URL}/api/users/${me.id}/photo?v=5`;
    expect((await player.patch('/api/me', { image: own })).json.user.image).toBe(own);
    expect((await player.patch('/api/me', { image: null })).json.user.image).toBeNull();
  });

  it('a raw, unsigned session token is no bearer token', async () => {
    const me = await userRow('player1@redlion.test');
    const [row] = await server.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, me.id));
    const raw = row?.token ?? '';
    expect(raw).not.toBe('');
    const headers = { authorization: `Bearer ${raw}` };
    expect((await fetch(`${server.baseUrl}/api/me`, { headers })).status).toBe(401);
    const viaAuth = await fetch(`${server.baseUrl}/api/auth/get-session`, { headers });
    expect(await viaAuth.json()).toBeNull();
  });

  it('a signed bearer token stops working when AUTH_SECRET changes', async () => {
    const signIn = await server.client().post('/api/auth/sign-in/email', {
      email: 'player2@redlion.test',
      password: DEMO_PASSWORD,
    });
    const token = signIn.headers.get('set-auth-token') ?? '';
    expect(token).toContain('.');
    const headers = { authorization: `Bearer ${token}` };
    expect((await fetch(`${server.baseUrl}/api/me`, { headers })).status).toBe(200);

    // The same database served with a new secret, as after rotating it.
    const rotated = await buildApp({
      config: { ...server.config, AUTH_SECRET: `${server.config.AUTH_SECRET}-rotated` },
      database: server.database,
      clock: server.clock,
      logger: false,
    });
    try {
      const address = await rotated.listen({ port: 0, host: '127.0.0.1' });
      expect((await fetch(`${address}/api/me`, { headers })).status).toBe(401);
      expect(await (await fetch(`${address}/api/auth/get-session`, { headers })).json()).toBeNull();
    } finally {
      await rotated.close();
    }
  });

  it('an email sent by SMTP is kept in the outbox without its link, and no log line shows one', async () => {
    const c = server.client();
    await c.prime();
    await c.post('/api/auth/sign-up/email', {
      name: 'Reset Me',
      email: 'reset-me@example.com',
      password: 'before-the-reset',
      dateOfBirth: '1990-01-01',
    });
    await c.post('/api/auth/sign-out');
    expect(
      (
        await c.post('/api/auth/request-password-reset', {
          email: 'reset-me@example.com',
          redirectTo: '/reset',
        })
      ).status,
    ).toBe(200);
    const sent = await server.smtp.waitFor('reset-me@example.com', /reset your password/i);
    const link = /http:\/\/\S+/.exec(sent.text)?.[0] ?? '';
    const token = /reset-password\/([^?\s]+)/.exec(link)?.[1] ?? '';
    expect(token).not.toBe('');
    await server.app.services.mailer.flush();

    const stored = await server.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'reset-me@example.com'));
    expect(stored.map((e) => [e.subject, e.transport])).toEqual([
      ['Confirm your email address', 'smtp'],
      ['Reset your password', 'smtp'],
    ]);
    for (const email of stored) {
      expect(`${email.text}${email.html}`).not.toMatch(/http:\/\/127\.0\.0\.1[^\s"]*\/api\/auth\//);
      expect(email.text).toContain('[link removed once sent]');
    }
    expect(JSON.stringify(stored)).not.toContain(token);
    // The email itself still carries a link that works.
    const reset = await c.get(new URL(link).pathname + new URL(link).search);
    expect(reset.status).toBe(302);
  });

  it('without SMTP the outbox keeps the link (it is the delivery), the log never does', async () => {
    const { log, text } = capturedLog();
    const mailer = createMailer({ db: server.db, from: 'Lastman <t@example.com>', log });
    const link = 'http://127.0.0.1/api/auth/reset-password/secret-token-123?callbackURL=%2Freset';
    await mailer.send({
      to: 'outbox-only@example.com',
      subject: 'Reset your password',
      text: `Choose a new password: ${link}`,
      html: `<a href="${link.replaceAll('&', '&amp;')}">Choose</a>`,
      secrets: [link],
    });
    const [stored] = await server.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'outbox-only@example.com'));
    expect(stored).toMatchObject({ transport: 'outbox' });
    expect(stored?.text).toContain(link);
    expect(text()).toContain('outbox-only@example.com');
    expect(text()).not.toContain('secret-token-123');
  });

  it("better-auth's failures go to the app log at their level, never to stderr and never with SQL parameters", async () => {
    const { log, lines } = capturedLog();
    const auth = createAuth({
      config: server.config,
      db: server.db,
      mailer: server.app.services.mailer,
      clock: server.clock,
      log,
    });
    const printed = [
      vi.spyOn(process.stderr, 'write'),
      vi.spyOn(console, 'error'),
      vi.spyOn(console, 'warn'),
      vi.spyOn(console, 'log'),
    ];
    // Through better-auth's own handler, past the HTTP guards: the database refuses the NUL.
    const failed = await auth.handler(
      new Request(`${server.config.PUBLIC_URL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.config.PUBLIC_URL },
        body: JSON.stringify({
          name: 'Leaky\u0000Name',
          email: 'params-must-not-leak@example.com',
          password: 'sql-params-stay-private',
          dateOfBirth: '1990-01-01',
        }),
      }),
    );
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const refused = await auth.handler(
      new Request(`${server.config.PUBLIC_URL}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.config.PUBLIC_URL },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      }),
    );
    expect(refused.status).toBe(401);
    // A refusal by our rules (before-hook): once printed to stderr by better-auth, now a debug line.
    const weak = await auth.handler(
      new Request(`${server.config.PUBLIC_URL}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.config.PUBLIC_URL },
        body: JSON.stringify({
          email: 'weak@example.com',
          password: 'password',
          name: 'W',
          dateOfBirth: '1990-01-01',
        }),
      }),
    );
    expect(weak.status).toBe(400);

    for (const spy of printed) expect(spy).not.toHaveBeenCalled();
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(entries.some((e) => e.level === 50 && e.msg.startsWith('auth:'))).toBe(true);
    expect(entries.find((e) => e.msg.includes('too common'))?.level).toBe(20);
    const all = lines.join('');
    expect(all).not.toContain('params-must-not-leak@example.com');
    expect(all).not.toContain('Leaky');
    expect(all).not.toContain('nobody@example.com');
  });
});

describe.each(backends())("better-auth's log of refused requests on %s", (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, captureLog: true });
  });
  afterAll(() => server?.close());

  it('logs a client’s mistakes below error level and without what the client sent', async () => {
    const before = server.log().length;
    const c = server.client();
    await c.prime();
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const signIn = JSON.stringify({ email: 'player1@redlion.test', password: DEMO_PASSWORD });
    const withXsrf = {
      cookie: `XSRF-TOKEN=${c.jar.get('XSRF-TOKEN')}`,
      'x-xsrf-token': decodeURIComponent(c.jar.get('XSRF-TOKEN') ?? ''),
    };

    // Another site's origin, with a cookie (better-auth checks the origin of cookie-bearing writes).
    const origin = await post('/api/auth/sign-in/email', signIn, {
      ...withXsrf,
      origin: 'https://evil.example/INJECTED-ORIGIN',
    });
    expect(origin.status).toBe(403);
    // A cross-site navigation's sign-in (a form on another site).
    const navigation = await post('/api/auth/sign-in/email', signIn, {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'INJECTED-DEST',
    });
    expect(navigation.status).toBe(403);
    // A reset link sent on to another site.
    const redirect = await post(
      '/api/auth/request-password-reset',
      JSON.stringify({ email: 'player1@redlion.test', redirectTo: 'https://evil.example/INJECTED-REDIRECT' }),
      { origin: server.baseUrl },
    );
    expect(redirect.status).toBe(403);
    // A sign-in provider that does not exist.
    const social = await post('/api/auth/sign-in/social', JSON.stringify({ provider: 'INJECTED-PROVIDER' }), {
      origin: server.baseUrl,
    });
    expect(social.status).toBeGreaterThanOrEqual(400);
    expect(social.status).toBeLessThan(500);
    // Malformed JSON, a body of the wrong shape, a wrong password.
    expect(
      (await post('/api/auth/sign-in/email', '{"email": "INJECTED-JSON', { origin: server.baseUrl })).status,
    ).toBe(400);
    const shape = await post(
      '/api/auth/sign-up/email',
      JSON.stringify({ name: ['INJECTED-NAME'], email: 'INJECTED-EMAIL', password: 1, dateOfBirth: 'x' }),
      { origin: server.baseUrl },
    );
    expect(shape.status).toBe(400);
    const wrong = await post(
      '/api/auth/sign-in/email',
      JSON.stringify({ email: 'injected-nobody@example.com', password: 'INJECTED-PASSWORD' }),
      { origin: server.baseUrl },
    );
    expect(wrong.status).toBe(401);

    const logged = server.log().slice(before);
    const errors = logged.filter((e) => e.level >= 50);
    expect(errors.map((e) => e.msg)).toEqual([]);
    const text = JSON.stringify(logged);
    expect(text).not.toMatch(/INJECTED|injected-nobody/);
    // Still logged, in words of the server's own.
    expect(logged.some((e) => e.level === 30 && /auth: refused/.test(e.msg))).toBe(true);
  });
});
