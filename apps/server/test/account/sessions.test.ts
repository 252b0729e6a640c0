import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { revokeSessions, setSessionExpiry, signedIn } from '../support/world.ts';

/** The session reader's fast path, and each case it must leave to better-auth. */
describe.each(backends())('signed-in requests on %s', (backend) => {
  let server: TestServer;
  let player: HttpClient;
  let cookie: string;
  const read = (headers: Record<string, string>) =>
    server.app.services.sessions({ headers } as unknown as FastifyRequest);

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true });
    player = await signedIn(server, 'player1@redlion.test');
    cookie = [...player.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  });
  afterAll(() => server?.close());

  it('reads the signed session cookie in one query, as better-auth would', async () => {
    const viewer = await read({ cookie });
    expect(viewer).toMatchObject({ email: 'player1@redlion.test', role: 'player' });
    const viaAuth = await server.app.services.auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(viewer?.userId).toBe(viaAuth?.user.id);
    expect(await read({})).toBeNull();
    expect(await read({ cookie: 'XSRF-TOKEN=abc' })).toBeNull();
  });

  it('takes a session cookie that does not decode for no cookie at all, and reads a good one sent after it', async () => {
    const bad = 'better-auth.session_token=%';
    expect(await read({ cookie: bad })).toBeNull();
    expect(await read({ cookie: `${bad}; XSRF-TOKEN=abc` })).toBeNull();
    expect(await read({ cookie: `${bad}; ${cookie}` })).toMatchObject({ email: 'player1@redlion.test' });
    expect(await read({ cookie: `better-auth.session_token=%E0%A4%A; ${cookie}` })).toMatchObject({
      email: 'player1@redlion.test',
    });
  });

  it('reads the bearer token the native app is given at sign-in', async () => {
    const res = await server.client().post('/api/auth/sign-in/email', {
      email: 'player2@redlion.test',
      password: DEMO_PASSWORD,
    });
    const token = res.headers.get('set-auth-token') ?? '';
    expect(await read({ authorization: `Bearer ${token}` })).toMatchObject({ email: 'player2@redlion.test' });
    const me = await fetch(`${server.baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it('leaves a forged signature to better-auth, which refuses it', async () => {
    const forged = cookie.replace(
      /(better-auth\.session_token=[^.;]+)\.[^;]+/,
      '$1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D',
    );
    expect(forged).not.toBe(cookie);
    expect(await read({ cookie: forged })).toBeUndefined();
    expect((await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: forged } })).status).toBe(401);
  });

  it('leaves a session due for extension to better-auth, and a revoked one is out at once', async () => {
    const [me] = await server.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'player1@redlion.test'));
    const userId = me?.id ?? '';
    // Two days into its thirty: better-auth extends it (once a day), so the reader steps aside.
    await setSessionExpiry(server, { userId, expiresAt: new Date(Date.now() + 28 * 86_400_000) });
    expect(await read({ cookie })).toBeUndefined();
    expect((await player.get('/api/me')).status).toBe(200);
    // better-auth extended it: the reader answers again.
    expect(await read({ cookie })).toMatchObject({ userId });

    await revokeSessions(server, { userId });
    expect(await read({ cookie })).toBeNull();
    expect((await player.get('/api/me')).status).toBe(401);
  });
});
