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

  it('requests without cookies (the native app, with a bearer token) are not asked for a token', async () => {
    const res = await fetch(`${server.baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }),
    });
    expect(res.status).toBe(201);
  });
});

async function signedUp(server: TestServer, email: string): Promise<[string, string]> {
  const c = server.client();
  await c.prime();
  const res = await c.post('/api/auth/sign-up/email', newUser(email));
  expect(res.status).toBe(200);
  return [email, 'guarded-by-tokens'];
}
