import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

describe.each(backends())('clocking in and out on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let staff: HttpClient;
  let staffId: string;
  let other: HttpClient;
  let otherAdmin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { now: '2026-11-09T16:55:00Z' });
    const club = await aClub(server);
    admin = (await aMember(server, { club, role: 'admin', email: 'boss@kings.test' })).client;
    const s = await aMember(server, { club, role: 'staff', email: 'sam@kings.test', name: 'Sam Server' });
    staff = s.client;
    staffId = s.userId;
    other = (await aMember(server, { club, role: 'staff', email: 'pat@kings.test', name: 'Pat Pourer' }))
      .client;
    const otherClub = await aClub(server, { slug: 'other-club', name: 'The Other Club' });
    otherAdmin = (await aMember(server, { club: otherClub, role: 'admin', email: 'boss@other.test' })).client;
    const shift = await admin.post('/api/admin/shifts', {
      userId: staffId,
      startsAt: '2026-11-09T17:00:00Z',
      endsAt: '2026-11-09T23:00:00Z',
      position: 'Bar',
      breakMinutes: 20,
    });
    expect(shift.status).toBe(201);
  });
  afterAll(() => server?.close());

  const code = async () => (await admin.get('/api/clock/code')).json.token as string;

  it('clocks in by the till’s code, matched to the shift, once: a second open clock-in is refused', async () => {
    const shown = await admin.get('/api/clock/code');
    expect(shown.status).toBe(200);
    // Five minutes from the minute it was made in: time to scan it, be spoken to, and tap.
    expect(shown.json.expiresAt).toBe('2026-11-09T17:00:00.000Z');
    expect(shown.json.url).toContain(`/clockin?code=${encodeURIComponent(shown.json.token)}`);
    const first = await staff.post('/api/clock/in', { token: shown.json.token });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ clockOutAt: null, flags: [] });
    expect(first.json.shiftId).toEqual(expect.any(String));
    const again = await staff.post('/api/clock/in', { token: shown.json.token });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('You are already clocked in. Clock out first.');
  });

  it('counts breaks, and a clock-out closes the entry', async () => {
    server.clock.set('2026-11-09T20:00:00Z');
    expect((await staff.post('/api/clock/break/start')).status).toBe(200);
    expect((await staff.post('/api/clock/break/start')).status).toBe(409);
    server.clock.set('2026-11-09T20:25:00Z');
    const back = await staff.post('/api/clock/break/end');
    expect(back.json).toMatchObject({ breakMinutes: 25, onBreakSince: null });
    server.clock.set('2026-11-09T23:02:00Z');
    const out = await staff.post('/api/clock/out');
    expect(out.status).toBe(200);
    expect(out.json.clockOutAt).toBe('2026-11-09T23:02:00.000Z');
    expect((await staff.post('/api/clock/out')).status).toBe(409);
  });

  it('lets exactly one of three simultaneous clock-ins by one person through', async () => {
    server.clock.set('2026-11-10T03:00:00Z');
    const token = await code();
    const answers = await Promise.all([1, 2, 3].map(() => staff.post('/api/clock/in', { token })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    // Far from any shift of theirs: flagged for the admin.
    expect(answers.find((a) => a.status === 201)?.json.flags).toEqual(['no_shift_near']);
    await staff.post('/api/clock/out');
  });

  it('refuses an expired code, a forged one and another club’s', async () => {
    const token = await code();
    // A code works for five minutes: one shown at 03:00 no longer at 03:05.
    server.clock.set('2026-11-10T03:05:00Z');
    const expired = await other.post('/api/clock/in', { token });
    expect(expired.status).toBe(403);
    expect(expired.json.error.message).toBe('That code has expired: scan the code on the till again.');
    const [v, t, sig] = (await code()).split('.');
    const forged = await other.post('/api/clock/in', {
      token: `${v}.${t}.${(sig as string).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
    });
    expect(forged.status).toBe(403);
    const theirs = (await otherAdmin.get('/api/clock/code')).json.token;
    expect((await other.post('/api/clock/in', { token: theirs })).status).toBe(403);
    expect((await other.get('/api/clock/status')).json.open).toBeNull();
  });

  it('keeps each code working for five minutes while the till shows a new one each minute', async () => {
    server.clock.set('2026-11-10T05:00:30Z');
    const shown = await code();
    server.clock.set('2026-11-10T05:01:00Z');
    const next = await code();
    expect(next).not.toBe(shown);
    // Four and a half minutes after it was shown (talked to on the way to the bar), it still works.
    server.clock.set('2026-11-10T05:04:59Z');
    expect((await other.post('/api/clock/in', { token: shown })).status).toBe(201);
    expect((await other.post('/api/clock/out')).status).toBe(200);
    // A code made to last longer than the server issues is not one of its own, signature or not.
    const [v, , sig] = next.split('.');
    const stretched = await other.post('/api/clock/in', {
      token: `${v}.${Date.parse('2026-11-10T05:30:00Z') / 1000}.${sig}`,
    });
    expect(stretched.status).toBe(403);
    expect(stretched.json.error.message).toBe(
      'That is not this club’s clock-in code: scan the code on the till.',
    );
  });

  it('shows the code only to the admin or a till device, never to a staff member’s own phone', async () => {
    expect((await staff.get('/api/clock/code')).status).toBe(403);
    const till = await admin.post('/api/admin/clock/tills', { name: 'Bar till' });
    expect(till.status).toBe(201);
    const key = new URL(till.json.url).searchParams.get('key') as string;
    const byTill = await fetch(new URL('/api/clock/code', server.baseUrl), {
      headers: { 'x-till-key': key },
    });
    expect(byTill.status).toBe(200);
    const token = ((await byTill.json()) as { token: string }).token;
    expect((await other.post('/api/clock/in', { token })).status).toBe(201);
    await other.post('/api/clock/out');
    // Another club's admin cannot remove it; once removed, the key shows nothing.
    expect((await otherAdmin.delete(`/api/admin/clock/tills/${till.json.till.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/clock/tills/${till.json.till.id}`)).status).toBe(204);
    const revoked = await fetch(new URL('/api/clock/code', server.baseUrl), {
      headers: { 'x-till-key': key },
    });
    expect(revoked.status).toBe(403);
  });

  it('clocks in without the code only when the admin allows it, and says so on the entry', async () => {
    const refused = await other.post('/api/clock/in', {});
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe('Scan the code on the till to clock in.');
    const otherId = (await other.get('/api/me')).json.user.id;
    expect(
      (await otherAdmin.put(`/api/admin/staff/${otherId}/clock-setting`, { clockWithoutCode: true })).status,
    ).toBe(404);
    expect(
      (await admin.put(`/api/admin/staff/${otherId}/clock-setting`, { clockWithoutCode: true })).status,
    ).toBe(204);
    const allowed = await other.post('/api/clock/in', {});
    expect(allowed.status).toBe(201);
    expect(allowed.json.flags).toEqual(['without_code', 'no_shift_near']);
  });

  it('closes a forgotten clock-out at the shift’s end once the grace period has passed, and flags it', async () => {
    await admin.post('/api/admin/shifts', {
      userId: staffId,
      startsAt: '2026-11-10T17:00:00Z',
      endsAt: '2026-11-10T22:00:00Z',
      position: 'Bar',
      breakMinutes: 0,
    });
    server.clock.set('2026-11-10T16:58:00Z');
    expect((await staff.post('/api/clock/in', { token: await code() })).status).toBe(201);
    server.clock.set('2026-11-10T22:59:00Z');
    expect((await staff.get('/api/clock/status')).json.open).not.toBeNull();
    server.clock.set('2026-11-10T23:01:00Z');
    const status = await staff.get('/api/clock/status');
    expect(status.json.open).toBeNull();
    expect(status.json.recent[0]).toMatchObject({
      clockOutAt: '2026-11-10T22:00:00.000Z',
      flags: ['auto_closed'],
    });
    // And the person can clock in again.
    expect((await staff.post('/api/clock/in', { token: await code() })).status).toBe(201);
  });
});
