import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, signedIn } from '../support/world.ts';

describe.each(backends())('clubs and roles on %s', (backend) => {
  let server: TestServer;
  let otherJoinCode: string;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true });
    otherJoinCode = (await aClub(server)).joinCode;
  });
  afterAll(() => server?.close());

  const signUpTo = async (email: string, extra: Record<string, string>) => {
    const c = server.client();
    await c.prime();
    const res = await c.post('/api/auth/sign-up/email', {
      name: 'New Member',
      email,
      password: 'club-member-pass',
      dateOfBirth: '1980-03-03',
      ...extra,
    });
    expect(res.status).toBe(200);
    return c;
  };

  it('sign-up joins the club of the link, of the join code, or the default club', async () => {
    expect(
      (await (await signUpTo('link@example.com', { clubSlug: 'kings-arms' })).get('/api/me')).json.club.slug,
    ).toBe('kings-arms');
    expect(
      (await (await signUpTo('code@example.com', { joinCode: otherJoinCode.toLowerCase() })).get('/api/me'))
        .json.club.slug,
    ).toBe('kings-arms');
    expect((await (await signUpTo('plain@example.com', {})).get('/api/me')).json.club.slug).toBe('red-lion');
  });

  it('a sign-up cannot choose its own club id or role', async () => {
    const c = server.client();
    await c.prime();
    const res = await c.post('/api/auth/sign-up/email', {
      name: 'Sneaky',
      email: 'sneaky@example.com',
      password: 'club-member-pass',
      dateOfBirth: '1980-03-03',
      role: 'admin',
      clubId: 'whatever',
    });
    if (res.status === 200) {
      const me = (await c.get('/api/me')).json;
      expect(me.role).toBe('player');
      expect(me.club.slug).toBe('red-lion');
    } else {
      expect(res.status).toBe(400);
    }
  });

  it('visitors see the club of their link', async () => {
    const res = await server.client().get('/api/club?slug=kings-arms');
    expect(res.json).toMatchObject({ slug: 'kings-arms', name: 'The Kings Arms' });
    expect((await server.client().get('/api/club')).json.slug).toBe('red-lion');
    expect((await server.client().get('/api/club?slug=nowhere')).status).toBe(404);
  });

  it('a player calling an admin route gets 403, a visitor 401', async () => {
    const player = await signedIn(server, 'player1@redlion.test');
    const res = await player.get('/api/admin/members');
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('FORBIDDEN');
    expect((await player.patch(`/api/admin/members/${crypto.randomUUID()}`, { role: 'admin' })).status).toBe(
      403,
    );
    expect((await server.client().get('/api/admin/members')).status).toBe(401);
    const staff = await signedIn(server, 'staff@redlion.test');
    expect((await staff.get('/api/admin/members')).status).toBe(403);
  });

  it('an admin lists and changes the roles of their own club only', async () => {
    const admin = await signedIn(server, 'admin@redlion.test');
    const list = await admin.get('/api/admin/members');
    expect(list.status).toBe(200);
    const emails = list.json.members.map((m: { email: string }) => m.email);
    expect(emails).toContain('player2@redlion.test');
    expect(emails).not.toContain('link@example.com');

    const player2 = list.json.members.find((m: { email: string }) => m.email === 'player2@redlion.test');
    const promoted = await admin.patch(`/api/admin/members/${player2.id}`, { role: 'staff' });
    expect(promoted.status).toBe(200);
    expect(promoted.json.role).toBe('staff');

    // A member of another club is invisible: the same answer as an id that does not exist.
    const otherAdminClient = await signUpTo('other-admin@example.com', { clubSlug: 'kings-arms' });
    const otherId = (await otherAdminClient.get('/api/me')).json.user.id;
    const crossClub = await admin.patch(`/api/admin/members/${otherId}`, { role: 'admin' });
    expect(crossClub.status).toBe(404);
    expect((await otherAdminClient.get('/api/me')).json.role).toBe('player');

    const bad = await admin.patch(`/api/admin/members/${player2.id}`, { role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/role/);
  });

  it('the last admin of a club cannot step down', async () => {
    const admin = await signedIn(server, 'admin@redlion.test');
    const me = (await admin.get('/api/me')).json;
    const res = await admin.patch(`/api/admin/members/${me.user.id}`, { role: 'player' });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toMatch(/at least one admin/);
  });

  it('contact messages reach the admins of the sender club only', async () => {
    await server.client().post('/api/contact', {
      name: 'Visitor',
      email: 'v@example.com',
      subject: 'Quiz night',
      message: 'When?',
      clubSlug: 'kings-arms',
    });
    await server.client().post('/api/contact', {
      name: 'Visitor',
      email: 'v@example.com',
      subject: 'Darts',
      message: 'Is there a league?',
    });
    const admin = await signedIn(server, 'admin@redlion.test');
    const subjects = (await admin.get('/api/admin/contact-messages')).json.messages.map(
      (m: { subject: string }) => m.subject,
    );
    expect(subjects).toContain('Darts');
    expect(subjects).not.toContain('Quiz night');
  });
});
