import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../../src/db/schema/index.ts';
import type { Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition } from '../support/world.ts';

const newUser = (email: string) => ({
  name: 'Xsrf Tester',
  email,
  password: 'guarded-by-tokens',
  dateOfBirth: '1990-05-05',
});

describe.each(backends())('XSRF protection on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true });
  });
  afterAll(() => server?.close());

  it('hands out a readable XSRF-TOKEN cookie on a GET under /api', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('refuses a POST with cookies but without the header (403), and accepts it with the header', async () => {
    const c = server.client();
    await c.signIn(...(await signedUp(server, 'x1@example.com')));
    const bare = server.client({ xsrf: false });
    for (const [k, v] of c.jar) bare.jar.set(k, v);
    const refused = await bare.post('/api/contact', {
      name: 'A',
      email: 'a@example.com',
      subject: 'S',
      message: 'M',
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'XSRF_TOKEN_INVALID' });
    expect(refused.json.error.message).toMatch(/X-XSRF-TOKEN/);

    const accepted = await c.post('/api/contact', {
      name: 'A',
      email: 'a@example.com',
      subject: 'S',
      message: 'M',
    });
    expect(accepted.status).toBe(201);
  });

  it('refuses a header that does not match the cookie, or a token of another session', async () => {
    const alice = server.client();
    await alice.signIn(...(await signedUp(server, 'alice@example.com')));
    const mallory = server.client();
    await mallory.signIn(...(await signedUp(server, 'mallory@example.com')));

    const forged = await alice.patch('/api/me', { name: 'Hacked' });
    expect(forged.status).toBe(200);

    // Mallory's own, validly signed token (checked and remembered as valid for her session) is
    // worthless in Alice's session.
    expect((await mallory.patch('/api/me', { name: 'Mallory' })).status).toBe(200);
    alice.jar.set('XSRF-TOKEN', mallory.jar.get('XSRF-TOKEN') ?? '');
    const stolen = await alice.patch('/api/me', { name: 'Hacked' });
    expect(stolen.status).toBe(403);
  });

  it('a token issued before sign-in stops working after it (the token is bound to the session)', async () => {
    const c = server.client();
    await c.prime();
    const anonymousToken = c.jar.get('XSRF-TOKEN') ?? '';
    await c.post('/api/auth/sign-up/email', newUser('binding@example.com'));
    expect(c.jar.get('XSRF-TOKEN')).not.toBe(anonymousToken);
    c.jar.set('XSRF-TOKEN', anonymousToken);
    expect((await c.patch('/api/me', { name: 'Old token' })).status).toBe(403);
  });

  it('issues a new XSRF-TOKEN with every sign-in and sign-out response', async () => {
    const [email, password] = await signedUp(server, 'renewal@example.com');
    const c = server.client();
    await c.prime();
    const signedOutToken = c.jar.get('XSRF-TOKEN');

    const signIn = await c.post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
    const atSignIn = xsrfCookieOf(signIn.headers);
    expect(atSignIn).toBeTruthy();
    expect(atSignIn).not.toBe(signedOutToken);
    expect((await c.patch('/api/me', { name: 'Signed In' })).status).toBe(200);

    const signOut = await c.post('/api/auth/sign-out');
    expect(signOut.status).toBe(200);
    const atSignOut = xsrfCookieOf(signOut.headers);
    expect(atSignOut).toBeTruthy();
    expect(atSignOut).not.toBe(atSignIn);
    // The signed-in session's token is no use once signed out, and the new one works.
    const stale = server.client();
    stale.jar.set('XSRF-TOKEN', atSignIn ?? '');
    stale.jar.set('other', 'cookie');
    const contact = { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' };
    expect((await stale.post('/api/contact', contact)).status).toBe(403);
    expect((await c.post('/api/contact', contact)).status).toBe(201);
  });

  it('the signed Stripe webhook is exempt: cookies without the header are not refused by the XSRF rule', async () => {
    const signedIn = server.client();
    await signedIn.signIn(...(await signedUp(server, 'webhook@example.com')));
    const c = server.client({ xsrf: false });
    for (const [k, v] of signedIn.jar) c.jar.set(k, v);
    const res = await c.post('/api/payments/stripe/webhook', '{"id":"evt_1","type":"ping"}', {
      'stripe-signature': 't=1,v1=bad',
    });
    expect(c.jar.size).toBeGreaterThan(1);
    expect(res.status).not.toBe(403);
    expect(res.status).toBe(400);
    expect(res.json.error.code).not.toBe('XSRF_TOKEN_INVALID');
  });

  it('a percent-encoded API path (/%61pi/...) is checked as the API route it reaches: refused without the header, nothing written', async () => {
    // Before the 2024-25 season's round 20, which the competition starts at.
    server.clock.set('2024-08-10T12:00:00Z');
    const competition = await aCompetition(server, { prizeModel: 'free', entryFeePence: 0 });
    const joined = async () =>
      (
        await server.db.select({ n: count() }).from(entries).where(eq(entries.competitionId, competition.id))
      )[0]?.n;
    const signedIn = server.client();
    await signedIn.signIn(...(await signedUp(server, 'encoded@example.com')));
    const bare = server.client({ xsrf: false });
    for (const [k, v] of signedIn.jar) bare.jar.set(k, v);

    // What a cross-site form can send: cookies, a text/plain body, no header.
    for (const path of [
      `/%61pi/competitions/${competition.id}/entries`,
      `/%61%70%69/competitions/${competition.id}/%65ntries`,
      `/api/competitions/${competition.id}/entries`,
    ]) {
      const res = await bare.post(path, 'x=1', { 'content-type': 'text/plain' });
      expect(res.status, path).toBe(403);
      expect(res.json.error.code).toBe('XSRF_TOKEN_INVALID');
    }
    expect(await joined()).toBe(0);
    // With its token the encoded path is simply the API route.
    const withToken = await signedIn.post(`/%61pi/competitions/${competition.id}/entries`);
    expect(withToken.status).toBe(201);
    expect(await joined()).toBe(1);
  });

  describe('a session cookie that does not decode (%) is ignored, as if absent', () => {
    const BAD = 'better-auth.session_token=%';
    const send = (
      path: string,
      cookie: string,
      init: { method?: string; body?: unknown; xsrf?: string } = {},
    ) =>
      fetch(`${server.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          origin: server.baseUrl,
          cookie,
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
          ...(init.xsrf && { 'x-xsrf-token': decodeURIComponent(init.xsrf) }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    const xsrfOf = (res: Response) => xsrfCookieOf(res.headers) ?? '';

    it('alone: health answers, /api/me says signed out, sign-in signs in', async () => {
      for (const bad of [
        BAD,
        'better-auth.session_token=%E0%A4%A',
        '__Secure-better-auth.session_token=%zz',
      ]) {
        const health = await send('/api/health', bad);
        expect(health.status, bad).toBe(200);
        const token = xsrfOf(health);
        expect(token).not.toBe('');
        expect((await send('/api/me', bad)).status, bad).toBe(401);
        expect((await send('/api/auth/get-session', bad)).status, bad).toBe(200);
      }
      const [email, password] = await signedUp(server, 'bad-cookie-alone@example.com');
      const health = await send('/api/health', BAD);
      const signIn = await send('/api/auth/sign-in/email', `${BAD}; XSRF-TOKEN=${xsrfOf(health)}`, {
        method: 'POST',
        body: { email, password },
        xsrf: xsrfOf(health),
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token='))).toBe(
        true,
      );
    });

    it('before a good one: the good one still signs the person in, on reads and writes', async () => {
      const c = server.client();
      await c.signIn(...(await signedUp(server, 'bad-cookie-first@example.com')));
      const good = c.jar.get('better-auth.session_token') ?? '';
      expect(good).not.toBe('');
      const cookies = (xsrf?: string) =>
        [BAD, `better-auth.session_token=${good}`, ...(xsrf ? [`XSRF-TOKEN=${xsrf}`] : [])].join('; ');

      const me = await send('/api/me', cookies());
      expect(me.status).toBe(200);
      expect(((await me.json()) as Json).user.email).toBe('bad-cookie-first@example.com');
      const viaAuth = await send('/api/auth/get-session', cookies());
      expect(((await viaAuth.json()) as Json)?.user?.email).toBe('bad-cookie-first@example.com');

      // The token handed out on a read is bound to the good session: the write is accepted.
      const xsrf = xsrfOf(await send('/api/health', cookies()));
      const renamed = await send('/api/me', cookies(xsrf), {
        method: 'PATCH',
        body: { name: 'Still Me' },
        xsrf,
      });
      expect(renamed.status).toBe(200);
      const contact = { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' };
      expect(
        (await send('/api/contact', cookies(xsrf), { method: 'POST', body: contact, xsrf })).status,
      ).toBe(201);

      // better-auth's own write sees the good session: sign-out ends it.
      const signOut = await send('/api/auth/sign-out', cookies(xsrf), { method: 'POST', body: {}, xsrf });
      expect(signOut.status).toBe(200);
      expect((await send('/api/me', `better-auth.session_token=${good}`)).status).toBe(401);
    });
  });

  describe('cookies a sibling site planted (readable, but not ours)', () => {
    const send = (
      path: string,
      cookie: string,
      init: { method?: string; body?: unknown; xsrf?: string } = {},
    ) =>
      fetch(`${server.baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          origin: server.baseUrl,
          cookie,
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
          ...(init.xsrf && { 'x-xsrf-token': init.xsrf }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });

    it('a junk session cookie sent first neither signs the person out nor clears their cookie', async () => {
      const c = server.client();
      await c.signIn(...(await signedUp(server, 'junk-session@example.com')));
      const good = c.jar.get('better-auth.session_token') ?? '';
      const xsrf = decodeURIComponent(c.jar.get('XSRF-TOKEN') ?? '');
      for (const junk of ['junk', 'aaaa.bbbb', `${good.split('.')[0]}.forged`]) {
        const cookies = `better-auth.session_token=${junk}; better-auth.session_token=${good}; XSRF-TOKEN=${encodeURIComponent(xsrf)}`;
        const me = await send('/api/me', cookies);
        expect(me.status, junk).toBe(200);
        const session = await send('/api/auth/get-session', cookies);
        expect(((await session.json()) as Json)?.user?.email, junk).toBe('junk-session@example.com');
        // better-auth clears the cookie of a session it cannot read: the browser would drop the good one.
        expect(
          session.headers.getSetCookie().filter((s) => s.startsWith('better-auth.session_token=')),
          junk,
        ).toEqual([]);
        const renamed = await send('/api/me', cookies, { method: 'PATCH', body: { name: 'Not Out' }, xsrf });
        expect(renamed.status, junk).toBe(200);
      }
      // Alone, a junk cookie is no session: signed out, and nothing fails.
      expect((await send('/api/me', 'better-auth.session_token=junk')).status).toBe(401);
      expect((await send('/api/health', 'better-auth.session_token=aaaa.bbbb')).status).toBe(200);
    });

    it('a junk XSRF-TOKEN beside ours does not block writes; alone, a read hands out a good one', async () => {
      const c = server.client();
      await c.signIn(...(await signedUp(server, 'junk-xsrf@example.com')));
      const session = `better-auth.session_token=${c.jar.get('better-auth.session_token')}`;
      const ours = decodeURIComponent(c.jar.get('XSRF-TOKEN') ?? '');
      const body = { name: 'Writes Still' };
      // The page sends every token it can read (it cannot tell which is ours), planted one first.
      for (const planted of ['junk', 'nonce.signature']) {
        const cookies = `XSRF-TOKEN=${planted}; ${session}; XSRF-TOKEN=${encodeURIComponent(ours)}`;
        const res = await send('/api/me', cookies, { method: 'PATCH', body, xsrf: `${planted},${ours}` });
        expect(res.status, planted).toBe(200);
        // A read does not replace a good token because a planted one came first.
        expect(xsrfCookieOf((await send('/api/health', cookies)).headers), planted).toBeUndefined();
      }
      // Only the planted token: refused, with a fresh one handed out; with both, the write goes through.
      const onlyPlanted = `XSRF-TOKEN=junk; ${session}`;
      const refused = await send('/api/me', onlyPlanted, { method: 'PATCH', body, xsrf: 'junk' });
      expect(refused.status).toBe(403);
      const fresh = decodeURIComponent(xsrfCookieOf(refused.headers) ?? '');
      expect(fresh).not.toBe('');
      const retried = await send('/api/me', `${onlyPlanted}; XSRF-TOKEN=${encodeURIComponent(fresh)}`, {
        method: 'PATCH',
        body,
        xsrf: `junk,${fresh}`,
      });
      expect(retried.status).toBe(200);
      // A token in the header but not among the cookies is still refused (it must be double-submitted).
      expect((await send('/api/me', onlyPlanted, { method: 'PATCH', body, xsrf: ours })).status).toBe(403);
    });
  });

  it('requests without cookies (the native app, with a bearer token) are not asked for a token', async () => {
    const res = await fetch(`${server.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }),
    });
    expect(res.status).toBe(201);
  });
});

function xsrfCookieOf(headers: Headers): string | undefined {
  const cookie = headers.getSetCookie().find((s) => s.startsWith('XSRF-TOKEN='));
  return cookie?.split(';')[0]?.slice('XSRF-TOKEN='.length);
}

async function signedUp(server: TestServer, email: string): Promise<[string, string]> {
  const c = server.client();
  await c.prime();
  const res = await c.post('/api/auth/sign-up/email', newUser(email));
  expect(res.status).toBe(200);
  return [email, 'guarded-by-tokens'];
}
