import { readFileSync } from 'node:fs';
import { contrastRatio } from '@lastman/api';
import { eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, notifications, user } from '../../src/db/schema/index.ts';
import { unsubscribeUrl } from '../../src/domains/notifications/sender.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, signedIn, someEntries } from '../support/world.ts';

/**
 * Tenants: one person in several clubs, the session acting in one; clubs signing up
 * through the API; club settings; members, roles and invitations. Two clubs are made here through
 * the API, each with an admin, staff and players, and Dana, a player in one and the admin of the other.
 */
describe.each(backends())('tenants on %s', (backend) => {
  let server: TestServer;
  const PASSWORD = 'club-member-pass';

  /** A newcomer signed up with no club (about to start one), or to a club's link or code. */
  async function newcomer(email: string, extra: Record<string, unknown> = { startClub: true }) {
    const c = server.client();
    await c.prime();
    const res = await c.post('/api/auth/sign-up/email', {
      name: email.split('@')[0]?.replace(/\W/g, ' '),
      email,
      password: PASSWORD,
      dateOfBirth: '1985-04-04',
      ...extra,
    });
    expect(res.status, res.text).toBe(200);
    return c;
  }

  async function invite(admin: HttpClient, role: string): Promise<string> {
    const res = await admin.post('/api/admin/invitations', { role });
    expect(res.status, res.text).toBe(201);
    return new URL(res.json.url).pathname.split('/').pop() as string;
  }

  const club = {} as Record<'a' | 'b', { id: string; slug: string; joinCode: string; admin: HttpClient }>;
  const people = {} as Record<'aStaff' | 'aPlayer' | 'bStaff' | 'bPlayer' | 'dana', HttpClient>;
  const ids = {} as Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    for (const [key, name, slug] of [
      ['a', 'The Anchor', 'the-anchor'],
      ['b', 'The Bell', 'the-bell'],
    ] as const) {
      const admin = await newcomer(`admin@${slug}.test`);
      const res = await admin.post('/api/clubs', { name, slug, address: '1 High Street' });
      expect(res.status, res.text).toBe(201);
      club[key] = { ...res.json.club, admin };
    }
    people.aStaff = await newcomer('staff@the-anchor.test');
    people.bStaff = await newcomer('staff@the-bell.test');
    people.aPlayer = await newcomer('player@the-anchor.test', { clubSlug: 'the-anchor' });
    people.bPlayer = await newcomer('player@the-bell.test', { joinCode: club.b.joinCode });
    for (const [c, admin] of [
      [people.aStaff, club.a.admin],
      [people.bStaff, club.b.admin],
    ] as const) {
      expect((await c.post(`/api/invitations/${await invite(admin, 'staff')}/accept`)).status).toBe(200);
    }
    // Dana: a player at The Anchor (by its link), and The Bell's admin (by invitation).
    people.dana = await newcomer('dana@dual.test', { clubSlug: 'the-anchor' });
    const accepted = await people.dana.post(`/api/invitations/${await invite(club.b.admin, 'admin')}/accept`);
    expect(accepted.json).toMatchObject({ role: 'admin', club: { slug: 'the-bell' } });
    for (const [k, c] of Object.entries(people)) ids[k] = (await c.get('/api/me')).json.user.id;
  }, 120_000);
  afterAll(() => server?.close());

  it('POST /api/clubs answers 201 with the club and its join code; the caller is its admin, acting in it', async () => {
    const founder = await newcomer('founder@example.com');
    const before = (await founder.get('/api/me')).json;
    expect(before).toMatchObject({ club: null, role: null, clubs: [] });
    // In no club yet: club-scoped routes refuse, in plain words.
    const refused = await founder.get('/api/competitions');
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/not a member of a club/);

    const res = await founder.post('/api/clubs', { name: 'The Crown', slug: 'the-crown' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.json.club).sort()).toEqual(['id', 'joinCode', 'name', 'slug']);
    expect(res.json.club).toMatchObject({ name: 'The Crown', slug: 'the-crown' });
    const me = (await founder.get('/api/me')).json;
    expect(me).toMatchObject({ role: 'admin', club: { slug: 'the-crown' } });
    expect(me.clubs).toEqual([expect.objectContaining({ role: 'admin' })]);

    // Taken, reserved and badly formed web addresses are refused with a reason.
    const taken = await founder.post('/api/clubs', { name: 'Again', slug: 'the-crown' });
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toMatch(/taken/);
    expect((await founder.post('/api/clubs', { name: 'Api', slug: 'api' })).status).toBe(400);
    expect((await founder.post('/api/clubs', { name: 'Bad', slug: 'Not A Slug' })).status).toBe(400);
    expect((await server.client().post('/api/clubs', { name: 'X', slug: 'anon-club' })).status).toBe(401);
  });

  it('one person, two clubs: each session acts in one club, the switcher changes it, the last one is remembered', async () => {
    const me = (await people.dana.get('/api/me')).json;
    expect(me).toMatchObject({ role: 'admin', club: { slug: 'the-bell' } });
    expect(me.clubs.map((m: Json) => `${m.club.slug}:${m.role}`).sort()).toEqual([
      'the-anchor:player',
      'the-bell:admin',
    ]);
    // What waits for her at her other club shows in the switcher: each club's own unread count.
    const danaId = me.user.id as string;
    await server.db.insert(notifications).values([
      { clubId: club.a.id, userId: danaId, kind: 'news', title: 'Quiz night', body: 'Thursday at 8' },
      { clubId: club.a.id, userId: danaId, kind: 'news', title: 'New menu', body: 'Pies are back' },
      { clubId: club.a.id, userId: danaId, kind: 'news', title: 'Hidden', body: 'x', listed: false },
    ]);
    const counted = (await people.dana.get('/api/me')).json;
    expect(Object.fromEntries(counted.clubs.map((m: Json) => [m.club.slug, m.unreadNotifications]))).toEqual({
      'the-anchor': 2,
      'the-bell': 0,
    });
    expect(counted.unreadNotifications).toBe(0);
    // As The Bell's admin she sees The Bell's members only.
    const bell = (await people.dana.get('/api/admin/members')).json.members.map((m: Json) => m.email);
    expect(bell).toContain('player@the-bell.test');
    expect(bell).not.toContain('player@the-anchor.test');

    // A second session starts in the last club used (The Bell), and switches to The Anchor.
    const phone = server.client();
    await phone.signIn('dana@dual.test', PASSWORD);
    expect((await phone.get('/api/me')).json.club.slug).toBe('the-bell');
    expect((await phone.put('/api/me/club', { clubId: club.a.id })).status).toBe(204);
    expect((await phone.get('/api/me')).json).toMatchObject({ role: 'player', club: { slug: 'the-anchor' } });
    // Acting in The Anchor she is a player there: no admin route, whatever she is elsewhere.
    expect((await phone.get('/api/admin/members')).status).toBe(403);
    expect((await phone.get('/api/admin/club')).status).toBe(403);
    // The first session still acts in The Bell.
    expect((await people.dana.get('/api/me')).json.club.slug).toBe('the-bell');
    // The next sign-in starts where she last switched to.
    const laptop = server.client();
    await laptop.signIn('dana@dual.test', PASSWORD);
    expect((await laptop.get('/api/me')).json.club.slug).toBe('the-anchor');
    // A club she is not in cannot be switched to.
    const crown = (await server.client().get('/api/club?slug=the-crown')).json.id;
    expect((await laptop.put('/api/me/club', { clubId: crown })).status).toBe(404);
    expect((await laptop.get('/api/me')).json.club.slug).toBe('the-anchor');
  });

  it('acting in one club never reaches the other club: competitions, members, settings', async () => {
    const anchorComp = await aCompetition(server, {
      clubId: club.a.id,
      name: 'Anchor Only',
      prizeModel: 'free',
      entryFeePence: 0,
      houseSharePercent: 0,
    });
    // Dana's Bell session: The Anchor's competition is not there, even though she plays at The Anchor.
    expect((await people.dana.get(`/api/competitions/${anchorComp.id}`)).status).toBe(404);
    expect((await people.dana.get('/api/competitions')).text).not.toContain('Anchor Only');
    expect((await people.aPlayer.get(`/api/competitions/${anchorComp.id}`)).status).toBe(200);
    // No request can name the club: the club comes from the session alone.
    const viaBody = await people.dana.post(`/api/competitions/${anchorComp.id}/entries`, {
      clubId: club.a.id,
    });
    expect([400, 404]).toContain(viaBody.status);
    // The Bell's admin changing a role or removing someone of The Anchor: not found.
    expect((await club.b.admin.patch(`/api/admin/members/${ids.aPlayer}`, { role: 'staff' })).status).toBe(
      404,
    );
    expect((await club.b.admin.delete(`/api/admin/members/${ids.aPlayer}`)).status).toBe(404);
    const settings = (await club.b.admin.get('/api/admin/club')).json;
    expect(settings.slug).toBe('the-bell');
    const exported = (await club.b.admin.get('/api/admin/club/export')).text;
    expect(exported).not.toContain('Anchor Only');
    expect(exported).not.toContain('player@the-anchor.test');
  });

  it('members: search, roles, the last admin stays, removal keeps entries and orders', async () => {
    const all = (await club.a.admin.get('/api/admin/members')).json.members;
    expect(all.map((m: Json) => m.email).sort()).toEqual(
      ['admin@the-anchor.test', 'dana@dual.test', 'player@the-anchor.test', 'staff@the-anchor.test'].sort(),
    );
    const found = (await club.a.admin.get('/api/admin/members?search=STAFF')).json.members;
    expect(found.map((m: Json) => m.email)).toEqual(['staff@the-anchor.test']);
    expect((await club.a.admin.get('/api/admin/members?search=%25')).json.members).toEqual([]);

    const promoted = await club.a.admin.patch(`/api/admin/members/${ids.aStaff}`, { role: 'admin' });
    expect(promoted.json.role).toBe('admin');
    const demoted = await club.a.admin.patch(`/api/admin/members/${ids.aStaff}`, { role: 'staff' });
    expect(demoted.json.role).toBe('staff');
    // The last admin can neither demote nor remove themselves, nor leave.
    const adminId = (await club.a.admin.get('/api/me')).json.user.id;
    const stepDown = await club.a.admin.patch(`/api/admin/members/${adminId}`, { role: 'player' });
    expect(stepDown.status).toBe(409);
    expect(stepDown.json.error.message).toMatch(/at least one admin/);
    expect((await club.a.admin.delete(`/api/admin/members/${adminId}`)).status).toBe(409);
    expect((await club.a.admin.delete(`/api/me/clubs/${club.a.id}`)).status).toBe(409);
    // Nor delete their account while the club has no other admin; the account stays.
    const gone = await club.a.admin.delete('/api/me', { password: PASSWORD });
    expect(gone.status).toBe(409);
    expect(gone.json.error.message).toMatch(/last admin of The Anchor/);
    expect((await club.a.admin.get('/api/me')).status).toBe(200);

    // A removed member keeps their account; their entries stay in the club's records.
    const comp = await aCompetition(server, {
      clubId: club.a.id,
      name: 'Anchor Records',
      prizeModel: 'free',
      entryFeePence: 0,
      houseSharePercent: 0,
    });
    const [entry] = await someEntries(server, { competition: comp, userId: ids.aPlayer as string });
    expect((await club.a.admin.delete(`/api/admin/members/${ids.aPlayer}`)).status).toBe(204);
    const after = await people.aPlayer.get('/api/me');
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ club: null, role: null, clubs: [] });
    expect((await people.aPlayer.get('/api/competitions')).status).toBe(403);
    const exported = (await club.a.admin.get('/api/admin/club/export')).json;
    expect(exported.entries.map((e: Json) => e.id)).toContain(entry?.id);
    // Their own export still holds their entry at the club they were removed from.
    expect((await people.aPlayer.get('/api/me/export')).json.entries.map((e: Json) => e.id)).toContain(
      entry?.id,
    );
    // They can join again by the link (The Anchor allows its link).
    const back = await people.aPlayer.post('/api/me/clubs', { slug: 'the-anchor' });
    expect(back.json).toMatchObject({ role: 'player', club: { slug: 'the-anchor' } });
  });

  it('a member leaves a club and keeps their account and their other club', async () => {
    const dana = server.client();
    await dana.signIn('dana@dual.test', PASSWORD);
    expect((await dana.delete(`/api/me/clubs/${club.a.id}`)).status).toBe(204);
    const me = (await dana.get('/api/me')).json;
    expect(me.clubs.map((m: Json) => m.club.slug)).toEqual(['the-bell']);
    expect(me).toMatchObject({ club: { slug: 'the-bell' }, role: 'admin' });
    expect((await dana.delete(`/api/me/clubs/${club.a.id}`)).status).toBe(404);
    // Back to The Anchor for the tests after this one.
    expect((await dana.post('/api/me/clubs', { slug: 'the-anchor' })).status).toBe(200);
  });

  it('an unsubscribe link acts on the club its email came from, not the club last used', async () => {
    const dana = server.client();
    await dana.signIn('dana@dual.test', PASSWORD);
    // She acts in (and last used) The Bell; the email came from The Anchor.
    expect((await dana.put('/api/me/club', { clubId: club.b.id })).status).toBe(204);
    const { config } = server.app.services;
    const oneClick = (url: string) =>
      fetch(url, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const link = unsubscribeUrl(config, { userId: ids.dana as string, clubId: club.a.id, kind: 'reminders' });
    expect((await oneClick(link)).status).toBe(200);
    const remindersByEmail = async () =>
      (await dana.get('/api/me/notification-preferences')).json.kinds.find(
        (k: Json) => k.kind === 'reminders',
      ).email;
    expect(await remindersByEmail()).toBe(true);
    expect((await dana.put('/api/me/club', { clubId: club.a.id })).status).toBe(204);
    expect(await remindersByEmail()).toBe(false);
    // A link naming a club the person is not in changes nothing.
    const elsewhere = unsubscribeUrl(config, {
      userId: ids.aPlayer as string,
      clubId: club.b.id,
      kind: 'reminders',
    });
    expect((await oneClick(elsewhere)).status).toBe(404);
  });

  it('invitations are single-use and expire', async () => {
    const token = await invite(club.b.admin, 'staff');
    const first = await newcomer('invited@example.com');
    const second = await newcomer('gatecrasher@example.com');
    // Before accepting (even signed out) the link names its club, the club's colours and the role.
    const stranger = server.client();
    const offer = await stranger.get(`/api/invitations/${token}`);
    expect(offer.status, offer.text).toBe(200);
    expect(offer.json).toMatchObject({
      role: 'staff',
      state: 'open',
      club: { slug: 'the-bell', name: 'The Bell' },
    });
    expect(offer.json.club.primaryColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(offer.json.club).not.toHaveProperty('joinCode');
    const ok = await first.post(`/api/invitations/${token}/accept`);
    expect(ok.json).toMatchObject({ role: 'staff', club: { slug: 'the-bell' } });
    expect((await first.get('/api/me')).json).toMatchObject({ role: 'staff', club: { slug: 'the-bell' } });
    expect((await stranger.get(`/api/invitations/${token}`)).json).toMatchObject({ state: 'used' });
    const again = await second.post(`/api/invitations/${token}/accept`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toMatch(/used already/);

    const late = await invite(club.b.admin, 'admin');
    server.clock.set('2024-08-18T12:00:00Z');
    expect((await stranger.get(`/api/invitations/${late}`)).json).toMatchObject({
      state: 'expired',
      role: 'admin',
    });
    const expired = await second.post(`/api/invitations/${late}/accept`);
    expect(expired.status).toBe(409);
    expect(expired.json.error.message).toMatch(/expired/);
    server.clock.set('2024-08-10T12:00:00Z');
    expect((await second.post('/api/invitations/not-a-real-invitation-token/accept')).status).toBe(404);
    expect((await stranger.get('/api/invitations/not-a-real-invitation-token')).status).toBe(404);
    // Only the club's admins invite.
    expect((await people.bStaff.post('/api/admin/invitations', { role: 'admin' })).status).toBe(403);
  });

  it("a new club's set-up checklist ticks each step from the club's own state", async () => {
    const founder = await newcomer('founder@the-swan.test');
    const created = await founder.post('/api/clubs', { name: 'The Swan', slug: 'the-swan' });
    expect(created.status).toBe(201);
    const setup = async () => (await founder.get('/api/admin/club/setup')).json;
    expect(await setup()).toEqual({
      colours: false,
      competition: false,
      poster: false,
      staff: false,
      tv: false,
    });

    expect((await founder.patch('/api/admin/club', { primaryColor: '#0d47a1' })).status).toBe(200);
    await aCompetition(server, { clubId: created.json.club.id, name: 'Swan LMS', status: 'draft' });
    const staff = await newcomer('staff@the-swan.test');
    expect((await staff.post(`/api/invitations/${await invite(founder, 'staff')}/accept`)).status).toBe(200);
    expect(await setup()).toEqual({
      colours: true,
      competition: true,
      poster: false,
      staff: true,
      tv: false,
    });

    await newcomer('player@the-swan.test', { clubSlug: 'the-swan' });
    const device = server.client();
    const screen = await device.post('/api/screens', { club: 'the-swan' });
    expect((await founder.post('/api/admin/screens/pair', { code: screen.json.code })).status).toBe(201);
    expect(await setup()).toEqual({ colours: true, competition: true, poster: true, staff: true, tv: true });
    // Another club's admin sees their own club's steps, never The Swan's.
    expect((await club.a.admin.get('/api/admin/club/setup')).json.tv).toBe(false);
    expect((await people.aPlayer.get('/api/admin/club/setup')).status).toBe(403);
  });

  it('club settings: name, colours (contrast checked), join policy, new join code, logo', async () => {
    const admin = club.b.admin;
    const updated = await admin.patch('/api/admin/club', {
      name: 'The Bell Inn',
      primaryColor: '#0d47a1',
      secondaryColor: '#4a148c',
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({
      name: 'The Bell Inn',
      primaryColor: '#0d47a1',
      secondaryColor: '#4a148c',
    });
    expect((await server.client().get('/api/club?slug=the-bell')).json.primaryColor).toBe('#0d47a1');
    // A colour white text cannot be read on is darkened, same hue, until it reaches AA (4.5:1).
    const pale = await admin.patch('/api/admin/club', { primaryColor: '#ffeb3b' });
    expect(pale.status).toBe(200);
    expect(pale.json.primaryColor).not.toBe('#ffeb3b');
    expect(contrastRatio(pale.json.primaryColor, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(pale.json.primaryColor, '#ffffff')).toBeLessThan(5);
    expect((await admin.patch('/api/admin/club', { primaryColor: '#0d47a1' })).json.primaryColor).toBe(
      '#0d47a1',
    );
    expect((await admin.patch('/api/admin/club', { primaryColor: 'blue' })).status).toBe(400);
    expect((await admin.patch('/api/admin/club', { joinCode: 'CHOSEN' })).status).toBe(400);
    expect((await people.bStaff.patch('/api/admin/club', { name: 'Staff Rename' })).status).toBe(403);

    // Join by code only: the link alone no longer joins; the QR link carries the code.
    const code = await admin.patch('/api/admin/club', { joinPolicy: 'code' });
    expect(code.json.joinUrl).toBe(`${server.baseUrl}/c/the-bell?code=${code.json.joinCode}`);
    const c = server.client();
    await c.prime();
    const byLink = await c.post('/api/auth/sign-up/email', {
      name: 'Link Only',
      email: 'linkonly@example.com',
      password: PASSWORD,
      dateOfBirth: '1985-04-04',
      clubSlug: 'the-bell',
    });
    expect(byLink.status).toBe(400);
    expect(byLink.json.message ?? byLink.text).toMatch(/join code/);
    const outsider = await newcomer('outsider@example.com');
    expect((await outsider.post('/api/me/clubs', { slug: 'the-bell' })).status).toBe(403);
    const oldCode = code.json.joinCode;
    const renewed = (await admin.post('/api/admin/club/join-code')).json;
    expect(renewed.joinCode).not.toBe(oldCode);
    expect((await outsider.post('/api/me/clubs', { joinCode: oldCode })).status).toBe(404);
    expect((await outsider.post('/api/me/clubs', { joinCode: renewed.joinCode })).json.club.slug).toBe(
      'the-bell',
    );
    await newcomer('qr@example.com', { clubSlug: 'the-bell', joinCode: renewed.joinCode });

    // A logo: checked by its bytes and re-encoded (metadata dropped), served by its URL.
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#0d47a1' } })
      .withExif({ IFD0: { Artist: 'Secret Person' } })
      .png()
      .toBuffer();
    const upload = await fetch(new URL('/api/admin/club/logo', server.baseUrl), {
      method: 'PUT',
      headers: { ...headersOf(admin), 'content-type': 'image/png' },
      body: png,
    });
    expect(upload.status).toBe(200);
    const logoUrl = ((await upload.json()) as Json).logoUrl as string;
    expect(logoUrl).toMatch(new RegExp(`/api/clubs/${club.b.slug}/logo\\?v=\\d+$`));
    const served = await fetch(logoUrl);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.toString('latin1')).not.toContain('Secret Person');
    expect((await sharp(bytes).metadata()).width).toBe(300);
    const notImage = await fetch(new URL('/api/admin/club/logo', server.baseUrl), {
      method: 'PUT',
      headers: { ...headersOf(admin), 'content-type': 'image/png' },
      body: Buffer.from('<svg onload="alert(1)"></svg>'),
    });
    expect(notImage.status).toBe(400);
    expect((await admin.patch('/api/admin/club', { logo: null })).json.logoUrl).toBeNull();
    expect((await fetch(logoUrl)).status).toBe(404);
  });

  it('an admin exports the club as JSON or as a zip of CSV files', async () => {
    await aCompetition(server, { clubId: club.b.id, name: 'Export Cup', entryFeePence: 250 });
    const quiz = (
      await club.b.admin.post('/api/admin/quizzes', {
        title: 'Export quiz',
        rounds: [{ title: 'Sums', questions: [{ prompt: 'Two and two?', kind: 'number', answer: '4' }] }],
      })
    ).json.quiz;
    const phone = server.client();
    await phone.prime();
    await phone.post('/api/quizzes/join', { code: quiz.joinCode, teamName: 'Export Quizzers' });
    const questionId = (await club.b.admin.post(`/api/admin/quizzes/${quiz.id}/next`)).json.questions[0].id;
    await phone.put(`/api/quizzes/${quiz.id}/answers/${questionId}`, { answer: '4' });
    await club.b.admin.post(`/api/admin/quizzes/${quiz.id}/close`);
    const json = await club.b.admin.get('/api/admin/club/export?format=json');
    expect(json.headers.get('content-disposition')).toMatch(
      /attachment; filename="lastman-the-bell-.*\.json"/,
    );
    expect(json.json.members.length).toBeGreaterThanOrEqual(4);
    // Each domain contributes its tables: all of them, each once.
    expect(Object.keys(json.json).sort()).toEqual(
      [
        ...['exportedAt', 'club', 'members'],
        ...['competitions', 'entries', 'picks', 'payouts', 'resultCorrections'],
        ...['orders', 'refunds', 'paymentIssues', 'contactMessages', 'contactReplies'],
        ...['events', 'eventExceptions', 'eventRegistrations', 'eventWaitlist', 'eventScreenMatches'],
        ...['galleryAlbums', 'galleryPhotos', 'menuCategories', 'menuItems'],
        ...['shifts', 'clockEntries', 'staffSettings', 'staffPayRates'],
        ...['quizzes', 'quizRounds', 'quizQuestions', 'quizTeams', 'quizAnswers'],
      ].sort(),
    );
    expect(json.json.quizzes.map((q: Json) => q.title)).toEqual(['Export quiz']);
    expect(json.json.quizRounds).toEqual([{ quizId: quiz.id, round: 1, title: 'Sums', questionCount: 1 }]);
    expect(json.json.quizQuestions.map((q: Json) => [q.prompt, q.answer])).toEqual([['Two and two?', '4']]);
    expect(json.json.quizAnswers.map((a: Json) => [a.answer, a.correct])).toEqual([['4', true]]);
    // A team's cookie hash is a key, not the club's data.
    expect(json.json.quizTeams).toEqual([
      expect.objectContaining({ quizId: quiz.id, name: 'Export Quizzers' }),
    ]);
    expect(Object.keys(json.json.quizTeams[0])).not.toContain('tokenHash');
    expect(json.text).not.toMatch(/tokenHash|token_hash/);
    const zipRes = await fetch(new URL('/api/admin/club/export?format=csv', server.baseUrl), {
      headers: headersOf(club.b.admin),
    });
    expect(zipRes.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(Buffer.from(await zipRes.arrayBuffer()));
    expect(Object.keys(zip.files)).toEqual(
      expect.arrayContaining(['club.csv', 'members.csv', 'orders.csv', 'entries.csv']),
    );
    const members = await zip.file('members.csv')?.async('string');
    // For Excel: a byte order mark, then the header row; no # lines; money in pounds, not pence.
    expect(members?.split('\r\n')[0]).toBe('\uFEFFid,name,email,role,emailVerified,createdAt');
    const competitions = (await zip.file('competitions.csv')?.async('string')) ?? '';
    const [header = '', ...lines] = competitions.replace('\uFEFF', '').split('\r\n');
    expect(header.split(',')).toEqual(expect.arrayContaining(['entryFeePounds']));
    expect(header).not.toMatch(/Pence/);
    expect(competitions).toContain(',2.50,');
    expect(lines.filter((l) => l.startsWith('#'))).toEqual([]);
    expect(members).toContain('dana@dual.test');
    expect(members).not.toContain('the-anchor.test');
  });

  it('an admin closes the club: no one acts in it or joins it; accounts and records stay', async () => {
    const founder = await newcomer('closer@example.com');
    const created = (await founder.post('/api/clubs', { name: 'The Last Orders', slug: 'last-orders' })).json
      .club;
    const regular = await newcomer('regular@example.com', { clubSlug: 'last-orders' });
    const live = await aCompetition(server, { clubId: created.id, name: 'Still Open' });
    const refused = await founder.post('/api/admin/club/close', { confirmSlug: 'last-orders' });
    expect(refused.status).toBe(409);
    await server.db.execute(sql`UPDATE competitions SET status = 'cancelled' WHERE id = ${live.id}`);
    expect((await founder.post('/api/admin/club/close', { confirmSlug: 'wrong' })).status).toBe(400);
    expect((await founder.post('/api/admin/club/close', { confirmSlug: 'last-orders' })).status).toBe(204);
    expect((await founder.get('/api/me')).json).toMatchObject({ club: null, clubs: [] });
    expect((await regular.get('/api/competitions')).status).toBe(403);
    expect((await server.client().get('/api/club?slug=last-orders')).status).toBe(404);
    const c = server.client();
    await c.prime();
    const join = await c.post('/api/auth/sign-up/email', {
      name: 'Late',
      email: 'late@example.com',
      password: PASSWORD,
      dateOfBirth: '1985-04-04',
      joinCode: created.joinCode,
    });
    expect(join.status).toBe(400);
  });

  it('the demo club and DEFAULT_CLUB work as before: a plain sign-up joins the default club as a player', async () => {
    const plain = await newcomer('plain@example.com', {});
    expect((await plain.get('/api/me')).json).toMatchObject({ role: 'player', club: { slug: 'red-lion' } });
    const admin = await signedIn(server, 'admin@redlion.test');
    expect((await admin.get('/api/me')).json).toMatchObject({ role: 'admin', club: { slug: 'red-lion' } });
  });

  it('the migration turns each account club and role into a membership', async () => {
    // An account as decision 002 kept it: club and role on the user row, no membership.
    const id = crypto.randomUUID();
    await server.db.insert(user).values({
      id,
      name: 'Old Timer',
      email: 'old@example.com',
      lastClubId: club.a.id,
      legacyRole: 'staff',
    });
    const migration = readFileSync(
      new URL('../../drizzle/0020_memberships_from_users.sql', import.meta.url),
      'utf8',
    );
    await server.db.execute(sql.raw(migration));
    const rows = await server.db.select().from(memberships).where(eq(memberships.userId, id));
    expect(rows).toEqual([expect.objectContaining({ clubId: club.a.id, role: 'staff' })]);
    // Run twice, it changes nothing.
    await server.db.execute(sql.raw(migration));
    expect(await server.db.select().from(memberships).where(eq(memberships.userId, id))).toHaveLength(1);
  });

  function headersOf(c: HttpClient): Record<string, string> {
    const h: Record<string, string> = { origin: new URL(server.baseUrl).origin };
    h.cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = c.jar.get('XSRF-TOKEN');
    if (xsrf) h['x-xsrf-token'] = decodeURIComponent(xsrf);
    return h;
  }
});
