import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

/** A deployment behind https (PUBLIC_URL), with no SMTP server configured. */
describe.each(backends())('behind https and without SMTP on %s', (backend) => {
  const publicUrl = 'https://lastman.example';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { env: { PUBLIC_URL: publicUrl, SMTP_URL: undefined } });
  });
  afterAll(() => server?.close());

  it('names the session and XSRF cookies __Host- (Secure, Path=/, no Domain): no sibling site can set them', async () => {
    // The browser is on the public https address; the test talks to the server behind it.
    const c = server.client();
    const headers = { origin: publicUrl };
    await c.get('/api/health', headers);
    const res = await c.post(
      '/api/auth/sign-up/email',
      {
        name: 'Secure Sam',
        email: 'secure@example.com',
        password: 'locked-down-tight',
        dateOfBirth: '1985-03-03',
      },
      headers,
    );
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((s) => s.startsWith('__Host-better-auth.session_token='));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*Path=\/(;|$)/i);
    expect(session).not.toMatch(/Domain=/i);
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const xsrf = cookies.find((s) => s.startsWith('__Host-XSRF-TOKEN='));
    expect(xsrf).toMatch(/;\s*Secure/i);
    expect(xsrf).toMatch(/;\s*Path=\/(;|$)/i);
    expect(xsrf).not.toMatch(/Domain=/i);
    // No cookie of the session's or the token's under a name a sibling site could plant.
    expect(cookies.filter((s) => /^(__Secure-)?(better-auth\.session_token|XSRF-TOKEN)=/.test(s))).toEqual(
      [],
    );
    expect(xsrf).not.toMatch(/HttpOnly/i);
    // The device cookie (the account knows this browser) goes over HTTPS only, too.
    expect(cookies.find((s) => s.startsWith('lastman-device='))).toMatch(/;\s*Secure/i);
    expect((await c.get('/api/me')).json.user.email).toBe('secure@example.com');
    // Cookies of the old names (as a sibling site could set them) are no session and no token.
    const planted = server.client();
    planted.jar.set('better-auth.session_token', c.jar.get('__Host-better-auth.session_token') ?? '');
    expect((await planted.get('/api/me', headers)).status).toBe(401);
    // Writes work with the __Host- token (the client sends it, as the web app does).
    expect((await c.patch('/api/me', { name: 'Secure Samantha' })).status).toBe(200);
  });

  it('keeps emails in the outbox table when SMTP_URL is unset, with working links', async () => {
    expect(server.config.SMTP_URL).toBeUndefined();
    await server.app.services.mailer.flush();
    const stored = await server.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'secure@example.com'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ transport: 'outbox', subject: 'Confirm your email address' });
    expect(stored[0]?.text).toContain('Hello Secure Sam');
    expect(server.smtp.received).toHaveLength(0);

    const link = new URL(/https:\/\/\S+/.exec(stored[0]?.text ?? '')?.[0] ?? '');
    expect(link.origin).toBe(publicUrl);
    const c = server.client();
    const verified = await c.get(link.pathname + link.search);
    expect(verified.status).toBe(302);
    const me = await c.get('/api/me');
    expect(me.json.user.emailVerified).toBe(true);
  });
});
