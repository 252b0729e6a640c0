import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from './support/test-server.ts';

const newUser = (email: string) => ({
  name: 'Xsrf Tester',
  email,
  password: 'guarded-by-tokens',
  dateOfBirth: '1990-05-05',
});

describe.each(backends())('XSRF protection on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
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

    // Mallory's own, validly signed token is worthless in Alice's session.
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
