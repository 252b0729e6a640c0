import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { signedUp } from '../support/world.ts';

/**
 * A club's name cannot pass for another club's (an exact copy, or text turned round by direction
 * characters), and the person who started a club stays its admin until they step down themselves.
 */
describe.each(backends())('club names and the founder on %s', (backend) => {
  let server: TestServer;
  let founder: HttpClient;
  let founderId: string;
  beforeAll(async () => {
    server = await startTestServer(backend, { seed: true, now: '2024-08-10T12:00:00Z' });
    founder = await newcomer('founder@the-anchor.test');
    const res = await founder.post('/api/clubs', { name: 'The Anchor', slug: 'the-anchor' });
    expect(res.status, res.text).toBe(201);
    founderId = (await founder.get('/api/me')).json.user.id;
  });
  afterAll(() => server?.close());

  const newcomer = (email: string, extra: { clubSlug?: string } = {}) =>
    signedUp(server, {
      name: email.split('@')[0]?.replace(/\W/g, ' ') ?? 'Someone',
      email,
      password: 'club-member-pass',
      dateOfBirth: '1985-04-04',
      ...(extra.clubSlug ? { clubSlug: extra.clubSlug } : { startClub: true }),
    });

  it('refuses a club name that copies another club’s, whatever its case and spacing', async () => {
    const copier = await newcomer('copier@example.test');
    for (const name of ['The Red Lion', 'the red lion', '  THE   Red  Lion ']) {
      const res = await copier.post('/api/clubs', { name, slug: 'red-lion-too' });
      expect(res.status, name).toBe(409);
      expect(res.json.error.message).toMatch(/Another club is already called .*: choose a name/);
    }
    // Renaming a club to another's name is refused too; its own name (in other case) is kept.
    const renamed = await founder.patch('/api/admin/club', { name: 'the red lion' });
    expect(renamed.status).toBe(409);
    expect((await founder.patch('/api/admin/club', { name: 'THE ANCHOR' })).status).toBe(200);
    expect(
      (await copier.post('/api/clubs', { name: 'The Red Lion Leeds', slug: 'red-lion-leeds' })).status,
    ).toBe(201);
  });

  it('refuses direction characters in a club name (right-to-left override and the like)', async () => {
    const tricky = await newcomer('tricky@example.test');
    for (const ch of ['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f']) {
      const res = await tricky.post('/api/clubs', { name: `Red ${ch}noiL`, slug: 'tricky-pub' });
      expect(res.status, JSON.stringify(ch)).toBe(400);
      expect(res.json.error.message).toMatch(/right-to-left/);
    }
    const patched = await founder.patch('/api/admin/club', { name: 'The \u202eAnchor' });
    expect(patched.status).toBe(400);
  });

  it('a second admin cannot demote or remove the founder; the founder can step down', async () => {
    const second = await newcomer('second@the-anchor.test', { clubSlug: 'the-anchor' });
    const secondId = (await second.get('/api/me')).json.user.id;
    expect((await founder.patch(`/api/admin/members/${secondId}`, { role: 'admin' })).status).toBe(200);

    const demote = await second.patch(`/api/admin/members/${founderId}`, { role: 'player' });
    expect(demote.status).toBe(403);
    expect(demote.json.error.message).toMatch(
      /started this club: another admin cannot take away their admin role/,
    );
    const remove = await second.delete(`/api/admin/members/${founderId}`);
    expect(remove.status).toBe(403);
    expect(remove.json.error.message).toMatch(/started this club/);
    const members = (await founder.get('/api/admin/members')).json.members as Json[];
    expect(members.find((m) => m.id === founderId)?.role).toBe('admin');

    // The founder may still demote the second admin, and step down themselves.
    expect((await founder.patch(`/api/admin/members/${founderId}`, { role: 'staff' })).status).toBe(200);
    expect((await second.patch(`/api/admin/members/${founderId}`, { role: 'player' })).status).toBe(200);
  });
});
