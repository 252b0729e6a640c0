import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user, verification } from '../../src/db/schema/index.ts';
import { firstLink } from '../support/smtp.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { expireVerification } from '../support/world.ts';

const signUp = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jamie Vardy',
  email: 'jamie@example.com',
  password: 'fearless-fox-2016',
  dateOfBirth: '1987-01-11',
  phoneNumber: '+44 7700 900123',
  ...overrides,
});

describe.each(backends())('accounts over HTTP on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(() => server?.close());

  it('signs up, verifies the email by its link, signs out and in again', async () => {
    const c = server.client();
    await c.prime();
    const created = await c.post('/api/auth/sign-up/email', signUp());
    expect(created.status).toBe(200);

    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({
      name: 'Jamie Vardy',
      email: 'jamie@example.com',
      emailVerified: false,
      phoneNumber: '+44 7700 900123',
      dateOfBirth: '1987-01-11',
      isAnonymous: false,
    });
    expect(me.json.role).toBe('player');
    expect(me.json.club.slug).toBe(server.config.DEFAULT_CLUB);

    const email = await server.smtp.waitFor('jamie@example.com', /confirm your email/i);
    const verify = await c.get(new URL(firstLink(email)).pathname + new URL(firstLink(email)).search);
    expect(verify.status).toBe(302);
    // It lands on a page that says it worked.
    expect(verify.headers.get('location')).toMatch(/\/account\?verified=1$/);
    expect((await c.get('/api/me')).json.user.emailVerified).toBe(true);

    const out = await c.post('/api/auth/sign-out');
    expect(out.status).toBe(200);
    expect((await c.get('/api/me')).status).toBe(401);

    const wrong = await c.post('/api/auth/sign-in/email', {
      email: 'jamie@example.com',
      password: 'not-my-password',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toMatch(/invalid email or password/i);

    const back = await c.post('/api/auth/sign-in/email', {
      email: 'jamie@example.com',
      password: 'fearless-fox-2016',
    });
    expect(back.status).toBe(200);
    expect((await c.get('/api/me')).json.user.email).toBe('jamie@example.com');
  });

  it('session cookie is HttpOnly and SameSite=Lax; the XSRF cookie is readable and renewed at sign-up', async () => {
    const c = server.client();
    await c.prime();
    const before = c.jar.get('XSRF-TOKEN');
    const res = await c.post('/api/auth/sign-up/email', signUp({ email: 'cookie@example.com' }));
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((s) => s.startsWith('better-auth.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    const xsrf = cookies.find((s) => s.startsWith('XSRF-TOKEN='));
    expect(xsrf).toBeDefined();
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(c.jar.get('XSRF-TOKEN')).not.toBe(before);
  });

  it('resets a forgotten password through the emailed link, once only', async () => {
    const c = server.client();
    await c.prime();
    await c.post('/api/auth/sign-up/email', signUp({ email: 'forgetful@example.com' }));
    await c.post('/api/auth/sign-out');

    const asked = await c.post('/api/auth/request-password-reset', {
      email: 'forgetful@example.com',
      redirectTo: '/reset-password',
    });
    expect(asked.status).toBe(200);
    const email = await server.smtp.waitFor('forgetful@example.com', /reset your password/i);
    const link = new URL(firstLink(email));
    const landing = await c.get(link.pathname + link.search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location') ?? '', server.baseUrl);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await c.post('/api/auth/reset-password', { token, newPassword: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.json.error.code).toBe('WEAK_PASSWORD');

    const reset = await c.post('/api/auth/reset-password', { token, newPassword: 'a-brand-new-secret' });
    expect(reset.status).toBe(200);
    const again = await c.post('/api/auth/reset-password', { token, newPassword: 'yet-another-secret' });
    expect(again.status).toBe(400);

    expect(
      (
        await c.post('/api/auth/sign-in/email', {
          email: 'forgetful@example.com',
          password: 'fearless-fox-2016',
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await c.post('/api/auth/sign-in/email', {
          email: 'forgetful@example.com',
          password: 'a-brand-new-secret',
        })
      ).status,
    ).toBe(200);
  });

  it('an expired reset link is refused with a clear message', async () => {
    const c = server.client();
    await c.prime();
    await c.post('/api/auth/sign-up/email', signUp({ email: 'late@example.com' }));
    await c.post('/api/auth/sign-out');
    await c.post('/api/auth/request-password-reset', {
      email: 'late@example.com',
      redirectTo: '/reset-password',
    });
    const email = await server.smtp.waitFor('late@example.com', /reset your password/i);
    const link = new URL(firstLink(email));
    const token = link.pathname.split('/').pop() ?? '';
    const identifier = `reset-password:${token}`;
    expect(
      await server.db.select().from(verification).where(eq(verification.identifier, identifier)),
    ).toHaveLength(1);

    await expireVerification(server, { identifier });

    const landing = await c.get(link.pathname + link.search);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location') ?? '', server.baseUrl);
    expect(target.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(target.searchParams.get('token')).toBeNull();

    const reset = await c.post('/api/auth/reset-password', { token, newPassword: 'too-late-for-this' });
    expect(reset.status).toBe(400);
    expect(reset.json.error.code).toBe('INVALID_TOKEN');
    expect(reset.json.error.message).toMatch(/expired or has already been used/);
    const signIn = await c.post('/api/auth/sign-in/email', {
      email: 'late@example.com',
      password: 'too-late-for-this',
    });
    expect(signIn.status).toBe(401);
  });

  it('changes the password and edits the profile', async () => {
    const c = server.client();
    await c.prime();
    await c.post('/api/auth/sign-up/email', signUp({ email: 'changer@example.com' }));
    const changed = await c.post('/api/auth/change-password', {
      currentPassword: 'fearless-fox-2016',
      newPassword: 'an-even-better-one',
    });
    expect(changed.status).toBe(200);
    const wrongCurrent = await c.post('/api/auth/change-password', {
      currentPassword: 'fearless-fox-2016',
      newPassword: 'a-third-new-password',
    });
    expect(wrongCurrent.status).toBe(400);
    const other = server.client();
    await other.prime();
    const oldOne = await other.post('/api/auth/sign-in/email', {
      email: 'changer@example.com',
      password: 'fearless-fox-2016',
    });
    expect(oldOne.status).toBe(401);
    const newOne = await other.post('/api/auth/sign-in/email', {
      email: 'changer@example.com',
      password: 'an-even-better-one',
    });
    expect(newOne.status).toBe(200);
    const profile = await c.patch('/api/me', { name: 'Changed Name', phoneNumber: '+44 7700 900999' });
    expect(profile.status).toBe(200);
    expect(profile.json.user).toMatchObject({ name: 'Changed Name', phoneNumber: '+44 7700 900999' });
    const badPhone = await c.patch('/api/me', { phoneNumber: 'call me' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.json.error.message).toMatch(/phoneNumber/);
  });

  it('the native app signs in for a bearer token and needs no XSRF header', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'capacitor://localhost' },
      body: JSON.stringify(signUp({ email: 'native@example.com' })),
    });
    expect(res.status).toBe(200);
    const token = res.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const me = await fetch(`${server.baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const patch = await fetch(`${server.baseUrl}/api/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Native Fan' }),
    });
    expect(patch.status).toBe(200);
  });

  it('exports the user data and deletes the account, keeping an anonymous id', async () => {
    const c = server.client();
    await c.prime();
    await c.post('/api/auth/sign-up/email', signUp({ email: 'leaver@example.com' }));
    const me = (await c.get('/api/me')).json;
    await c.post('/api/contact', {
      name: 'Leaver',
      email: 'leaver@example.com',
      subject: 'Bye',
      message: 'Thanks!',
    });

    const exported = await c.get('/api/me/export');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment/);
    expect(exported.json.profile.email).toBe('leaver@example.com');
    expect(exported.json.contactMessages).toHaveLength(1);

    const wrong = await c.delete('/api/me', { password: 'not-the-password' });
    expect(wrong.status).toBe(403);
    const deleted = await c.delete('/api/me', { password: 'fearless-fox-2016' });
    expect(deleted.status).toBe(204);
    expect((await c.get('/api/me')).status).toBe(401);

    const [row] = await server.db.select().from(user).where(eq(user.id, me.user.id));
    expect(row).toMatchObject({
      name: 'Deleted user',
      phoneNumber: null,
      dateOfBirth: null,
      isAnonymous: true,
    });
    expect(row?.email).not.toContain('leaver');
    const signIn = await c.post('/api/auth/sign-in/email', {
      email: 'leaver@example.com',
      password: 'fearless-fox-2016',
    });
    expect(signIn.status).toBe(401);
  });
});
