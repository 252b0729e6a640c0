import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { softAuthenticator } from '../support/soft-authenticator.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

/** Passkeys: registered by a signed-in user, then signing in with no password. */
describe.each(backends())('passkeys on %s', (backend) => {
  let server: TestServer;
  let member: { client: HttpClient; userId: string };
  let otherAdmin: HttpClient;
  let device: ReturnType<typeof softAuthenticator>;

  beforeAll(async () => {
    server = await startTestServer(backend);
    const home = await aClub(server, { slug: 'passkey-home', name: 'The Red Lion' });
    member = await aMember(server, { club: home, email: 'keys@redlion.test', name: 'Kim Keys' });
    otherAdmin = (
      await aMember(server, { club: await aClub(server), role: 'admin', email: 'boss@kings.test' })
    ).client;
    device = softAuthenticator({ rpId: '127.0.0.1', origin: server.baseUrl });
  }, 120_000);
  afterAll(() => server?.close());

  async function register(client: HttpClient, d = device) {
    const start = await client.post('/api/me/passkey-options');
    expect(start.status).toBe(200);
    return client.post('/api/me/passkeys', {
      challengeId: start.json.challengeId,
      response: d.register(start.json.options.challenge),
    });
  }

  it('registers a passkey and lists it', async () => {
    expect((await member.client.get('/api/me/passkeys')).json).toEqual({ passkeys: [] });
    const start = await member.client.post('/api/me/passkey-options');
    expect(start.json.options).toMatchObject({
      rp: { id: '127.0.0.1', name: 'Lastman' },
      user: { name: 'keys@redlion.test', displayName: 'Kim Keys' },
      authenticatorSelection: { residentKey: 'required' },
    });
    const made = await member.client.post('/api/me/passkeys', {
      challengeId: start.json.challengeId,
      name: 'My phone',
      response: device.register(start.json.options.challenge),
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ name: 'My phone', lastUsedAt: null });
    // The same challenge cannot register twice; nor can the same passkey.
    const replay = await member.client.post('/api/me/passkeys', {
      challengeId: start.json.challengeId,
      response: device.register(start.json.options.challenge),
    });
    expect(replay.status).toBe(400);
    expect((await register(member.client)).status).toBe(409);
    expect((await member.client.get('/api/me/passkeys')).json.passkeys).toHaveLength(1);
  });

  it('signs in with the passkey, with no email or password', async () => {
    const phone = server.client();
    await phone.prime();
    const start = await phone.post('/api/auth/sign-in/passkey/options');
    expect(start.status).toBe(200);
    expect(start.json.options.rpId).toBe('127.0.0.1');
    const res = await phone.post('/api/auth/sign-in/passkey', {
      challengeId: start.json.challengeId,
      response: device.assert(start.json.options.challenge),
    });
    expect(res.status).toBe(200);
    expect(res.json.user.id).toBe(member.userId);
    expect(res.headers.get('set-auth-token')).toBeTruthy();
    expect((await phone.get('/api/me')).json.user.id).toBe(member.userId);
    const listed = (await phone.get('/api/me/passkeys')).json.passkeys;
    expect(listed[0].lastUsedAt).toEqual(expect.any(String));
    // A challenge is used once.
    const again = await server.client().post('/api/auth/sign-in/passkey', {
      challengeId: start.json.challengeId,
      response: device.assert(start.json.options.challenge),
    });
    expect(again.status).toBe(400);
  });

  it('refuses an answer signed by another key, or for another site', async () => {
    const c = server.client();
    await c.prime();
    const stranger = softAuthenticator({ rpId: '127.0.0.1', origin: server.baseUrl });
    let start = await c.post('/api/auth/sign-in/passkey/options');
    const unknown = await c.post('/api/auth/sign-in/passkey', {
      challengeId: start.json.challengeId,
      response: stranger.assert(start.json.options.challenge),
    });
    expect(unknown.status).toBe(401);
    const phishing = softAuthenticator({ rpId: 'evil.test', origin: 'https://evil.test' });
    start = await member.client.post('/api/me/passkey-options');
    const bad = await member.client.post('/api/me/passkeys', {
      challengeId: start.json.challengeId,
      response: phishing.register(start.json.options.challenge),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/^The passkey could not be checked/);
  });

  it("another club's admin sees and removes nothing of it", async () => {
    const mine = (await member.client.get('/api/me/passkeys')).json.passkeys;
    expect((await otherAdmin.get('/api/me/passkeys')).json).toEqual({ passkeys: [] });
    const del = await otherAdmin.delete(`/api/me/passkeys/${mine[0].id}`);
    expect(del.status).toBe(404);
    expect((await member.client.get('/api/me/passkeys')).json.passkeys).toHaveLength(1);
    // The owner removes it; it signs in no more.
    expect((await member.client.delete(`/api/me/passkeys/${mine[0].id}`)).status).toBe(204);
    const c = server.client();
    await c.prime();
    const start = await c.post('/api/auth/sign-in/passkey/options');
    const res = await c.post('/api/auth/sign-in/passkey', {
      challengeId: start.json.challengeId,
      response: device.assert(start.json.options.challenge),
    });
    expect(res.status).toBe(401);
  });
});
