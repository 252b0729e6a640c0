import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

/** The machine's own address on its network (what a phone on the same Wi-Fi would open), if any. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a?.family === 'IPv4' && !a.internal)?.address;

/** What a browser adds to a fetch from a page of the same origin, or of another site. */
const sameOrigin = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };
const crossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

describe.each(backends())('signing in from whatever address the server is reached at, on %s', (backend) => {
  let server: TestServer;
  let port: string;

  beforeAll(async () => {
    server = await startTestServer(backend, {
      seed: true,
      // PUBLIC_URL names localhost, as it does by default; the server listens on every interface.
      env: { PUBLIC_URL: 'http://localhost:3000', HOST: '0.0.0.0' },
    });
    port = new URL(server.baseUrl).port;
  });
  afterAll(() => server?.close());

  const signInThrough = async (base: string) => {
    const browser = httpClient(base);
    await browser.prime();
    const signIn = await browser.post(
      '/api/auth/sign-in/email',
      { email: 'player1@redlion.test', password: 'lastman-demo' },
      sameOrigin,
    );
    return { browser, signIn };
  };

  it('at http://127.0.0.1:PORT: sign-in, and a cookie-carrying write, are accepted', async () => {
    const { browser, signIn } = await signInThrough(`http://127.0.0.1:${port}`);
    expect(signIn.status).toBe(200);
    // Signed in, the browser sends its cookie and its Origin: better-auth checks the origin then too.
    const signOut = await browser.post('/api/auth/sign-out', {}, sameOrigin);
    expect(signOut.status).toBe(200);
  });

  it.skipIf(!networkAddress)(
    // Skipped only on a machine with no non-internal IPv4 interface: there is no address to reach.
    "at the machine's network address (a phone on the same Wi-Fi): sign-in is accepted",
    async () => {
      const { browser, signIn } = await signInThrough(`http://${networkAddress}:${port}`);
      expect(signIn.status).toBe(200);
      expect((await browser.get('/api/me')).status).toBe(200);
      expect((await browser.post('/api/auth/sign-out', {}, sameOrigin)).status).toBe(200);
    },
  );

  it('a page of another site is refused with 403 and a clear error', async () => {
    const evil = httpClient(`http://127.0.0.1:${port}`);
    await evil.prime();
    const res = await evil.post(
      '/api/auth/sign-in/email',
      { email: 'player1@redlion.test', password: 'lastman-demo' },
      { origin: 'http://evil.example', ...crossSite },
    );
    expect(res.status).toBe(403);
    expect(res.json.error).toEqual({
      code: 'INVALID_ORIGIN',
      message:
        'This request came from another site, which may not act on your account here. Open the app at its own address and try again.',
    });

    // Signed in, a cross-site write carrying the cookie is refused too.
    const { browser } = await signInThrough(`http://127.0.0.1:${port}`);
    const forged = await browser.post(
      '/api/auth/sign-out',
      {},
      { origin: 'http://evil.example', ...crossSite },
    );
    expect(forged.status).toBe(403);
    expect(forged.json.error.code).toBe('INVALID_ORIGIN');
  });

  it('an Origin other than the address reached (and not configured) is refused', async () => {
    // Same-origin is judged against the Host the request came to: a page served from evil.example
    // could only be "same-origin" with requests sent to evil.example, which carry evil.example's
    // cookies, never this server's. Here the page's origin is another port of localhost.
    const c = httpClient(`http://127.0.0.1:${port}`);
    await c.prime();
    const res = await c.post(
      '/api/auth/sign-in/email',
      { email: 'player1@redlion.test', password: 'lastman-demo' },
      { origin: `http://localhost:${port}`, ...crossSite },
    );
    expect(res.status).toBe(403);
  });
});
