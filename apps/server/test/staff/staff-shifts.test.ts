import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember, aUser, setDateOfBirth, setRole } from '../support/world.ts';

// Times go in as instants with their London offset, as the web form sends them.
describe.each(backends())('the staff rota on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let staff: HttpClient;
  let staffId: string;
  let otherAdmin: HttpClient;
  let club: Awaited<ReturnType<typeof aClub>>;

  beforeAll(async () => {
    server = await startTestServer(backend, { now: '2026-11-02T09:00:00Z' });
    club = await aClub(server);
    admin = (await aMember(server, { club, role: 'admin', email: 'manager@kings.test', name: 'Mia Manager' }))
      .client;
    const s = await aMember(server, { club, role: 'staff', email: 'sam@kings.test', name: 'Sam Server' });
    staff = s.client;
    staffId = s.userId;
    const other = await aClub(server, { slug: 'other-club', name: 'The Other Club' });
    otherAdmin = (await aMember(server, { club: other, role: 'admin', email: 'boss@other.test' })).client;
  });
  afterAll(() => server?.close());

  const shift = (over: Record<string, unknown> = {}) => ({
    userId: staffId,
    startsAt: '2026-11-09T17:00:00Z',
    endsAt: '2026-11-09T23:00:00Z',
    position: 'Bar',
    breakMinutes: 0,
    ...over,
  });

  it('creates a shift, and refuses a second one for the same person that overlaps, naming the first', async () => {
    const created = await admin.post('/api/admin/shifts', shift());
    expect(created.status).toBe(201);
    expect(created.json.shift).toMatchObject({ userId: staffId, status: 'draft', warnings: [] });
    expect(created.json.shift.id).toEqual(expect.any(String));

    const clash = await admin.post(
      '/api/admin/shifts',
      shift({ startsAt: '2026-11-09T22:00:00Z', endsAt: '2026-11-10T01:00:00Z' }),
    );
    expect(clash.status).toBe(409);
    expect(clash.json.error.message).toBe(
      'This overlaps another shift for the same person: Bar, 2026-11-09 17:00 to 2026-11-09 23:00 (London time).',
    );
    // Back to back is not an overlap.
    const after = await admin.post(
      '/api/admin/shifts',
      shift({ startsAt: '2026-11-09T23:00:00Z', endsAt: '2026-11-10T00:00:00Z' }),
    );
    expect(after.status).toBe(201);
  });

  it('lets exactly one of many concurrent shifts for one person through', async () => {
    const at = { startsAt: '2026-11-12T10:00:00Z', endsAt: '2026-11-12T14:00:00Z' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin.post('/api/admin/shifts', shift({ ...at, position: `Race ${i}` })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.json.error.message).toMatch(/^This overlaps another shift for the same person: Race \d/);
    }
  });

  it('warns of short rest, a short break and, for a worker under 18, the stricter limits', async () => {
    const adultShort = await admin.post(
      '/api/admin/shifts',
      shift({ startsAt: '2026-11-10T08:00:00Z', endsAt: '2026-11-10T15:00:00Z' }),
    );
    expect(adultShort.status).toBe(201);
    // 00:00 to 08:00 is 8 hours of rest after the shift ending at midnight, and 7 hours with no break.
    expect(adultShort.json.shift.warnings.map((w: { code: string }) => w.code).sort()).toEqual([
      'BREAK_TOO_SHORT',
      'REST_BETWEEN_SHIFTS',
    ]);

    const youngId = await aUser(server, { club, email: 'yasmin@kings.test', name: 'Yasmin Young' });
    await setRole(server, { email: 'yasmin@kings.test', role: 'staff' });
    // Seventeen on the day of the shift: born 2009-06-01, eighteen on 2027-06-01.
    await setDateOfBirth(server, 'yasmin@kings.test', '2009-06-01');
    const five = {
      userId: youngId,
      startsAt: '2026-11-14T10:00:00Z',
      endsAt: '2026-11-14T15:00:00Z',
      position: 'Kitchen',
    };
    const young = await admin.post('/api/admin/shifts', { ...five, breakMinutes: 20 });
    expect(young.status).toBe(201);
    expect(young.json.shift.warnings).toEqual([
      {
        code: 'BREAK_TOO_SHORT',
        message:
          'A shift over 4.5 hours needs a break of at least 30 minutes for a worker under 18; this one has 20.',
      },
    ]);
    // The same shift for an adult needs no warning at all (20 minutes after 6 hours only).
    const check = await admin.post('/api/admin/shift-checks', {
      ...five,
      userId: staffId,
      startsAt: '2026-11-20T10:00:00Z',
      endsAt: '2026-11-20T15:00:00Z',
      breakMinutes: 0,
    });
    expect(check.json).toEqual({ warnings: [], overlap: null });
    // A second shift the same day takes her past 8 hours.
    const later = await admin.post('/api/admin/shifts', {
      ...five,
      startsAt: '2026-11-15T02:00:00Z',
      endsAt: '2026-11-15T05:30:00Z',
      breakMinutes: 0,
    });
    expect(later.json.shift.warnings.map((w: { code: string }) => w.code)).toContain('REST_BETWEEN_SHIFTS');
    const sameDay = await admin.post('/api/admin/shift-checks', {
      ...five,
      startsAt: '2026-11-14T16:00:00Z',
      endsAt: '2026-11-14T20:00:00Z',
      breakMinutes: 0,
    });
    expect(sameDay.json.warnings.map((w: { code: string }) => w.code)).toEqual([
      'REST_BETWEEN_SHIFTS',
      'YOUNG_DAILY',
    ]);
  });

  it('costs a shift by hours worked across the clock changes, and copies a week by London time', async () => {
    const rateFor = await admin.put(`/api/admin/staff/${staffId}/pay-rate`, { hourlyRatePence: 1200 });
    expect(rateFor.status).toBe(200);
    // The last Saturday night of October 2026: 22:00 BST to 03:00 GMT is six hours, not five.
    const october = await admin.post(
      '/api/admin/shifts',
      shift({ startsAt: '2026-10-24T22:00:00+01:00', endsAt: '2026-10-25T03:00:00+00:00', breakMinutes: 30 }),
    );
    expect(october.json.shift.costPence).toBe(6600);
    // The last Saturday night of March 2027: 22:00 GMT to 03:00 BST is four hours, not five.
    const march = await admin.post(
      '/api/admin/shifts',
      shift({ startsAt: '2027-03-27T22:00:00+00:00', endsAt: '2027-03-28T03:00:00+01:00' }),
    );
    expect(march.json.shift.costPence).toBe(4800);

    // A BST week's 18:00 shift copied into a GMT week stays at 18:00 London time.
    await admin.post(
      '/api/admin/shifts',
      shift({ startsAt: '2026-10-20T18:00:00+01:00', endsAt: '2026-10-20T22:00:00+01:00' }),
    );
    const copied = await admin.post('/api/admin/rota/copy', { from: '2026-10-19', to: '2026-11-02' });
    expect(copied.status).toBe(200);
    const week = await admin.get('/api/admin/rota?week=2026-11-02');
    expect(week.json.week).toBe('2026-11-02');
    expect(week.json.shifts.map((s: { startsAt: string }) => s.startsAt)).toContain(
      '2026-11-03T18:00:00.000Z',
    );
    expect(copied.json.copied).toBeGreaterThanOrEqual(1);
  });

  it('keeps drafts from staff until the week is published, and shows staff their own shifts next first', async () => {
    const before = await staff.get('/api/shifts/mine');
    expect(before.status).toBe(200);
    expect(before.json.shifts).toEqual([]);

    const week = await admin.get('/api/admin/rota?week=2026-11-09');
    expect(week.json.drafts).toBeGreaterThan(0);
    expect(week.json.staff.map((s: { name: string }) => s.name)).toEqual([
      'Mia Manager',
      'Sam Server',
      'Yasmin Young',
    ]);
    const published = await admin.post('/api/admin/rota/publish', { week: '2026-11-09' });
    expect(published.json.published).toBe(week.json.drafts);

    // Each person with a new or changed shift hears of it.
    const told = await staff.get('/api/notifications');
    expect(told.json.notifications).toEqual([
      expect.objectContaining({
        kind: 'rota',
        title: 'Your shifts are out',
        body: expect.stringMatching(/^\d+ new or changed shifts? in the week of Monday 9 November\.$/),
        link: '/staffschedules?view=mine',
      }),
    ]);
    const mine = await staff.get('/api/shifts/mine');
    const starts = mine.json.shifts.map((s: { startsAt: string }) => s.startsAt);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts).toEqual([...starts].sort());
    // Staff never see a pay rate or a cost.
    expect(JSON.stringify(mine.json)).not.toContain('cost');
  });

  it('lets one of two staff claim an open shift', async () => {
    const second = await aMember(server, {
      club,
      role: 'staff',
      email: 'pat@kings.test',
      name: 'Pat Pourer',
    });
    const open = await admin.post(
      '/api/admin/shifts',
      shift({ userId: null, startsAt: '2026-11-18T17:00:00Z', endsAt: '2026-11-18T21:00:00Z' }),
    );
    expect(open.status).toBe(201);
    await admin.post('/api/admin/rota/publish', { week: '2026-11-16' });
    const offered = await staff.get('/api/shifts/mine');
    expect(offered.json.open.map((s: { id: string }) => s.id)).toContain(open.json.shift.id);
    const claims = await Promise.all(
      [staff, second.client].map((c) => c.post(`/api/shifts/${open.json.shift.id}/claim`)),
    );
    expect(claims.map((c) => c.status).sort()).toEqual([200, 409]);
  });

  it('shows another club nothing of this rota, and refuses players', async () => {
    const week = await admin.get('/api/admin/rota?week=2026-11-09');
    const any = week.json.shifts[0].id;
    const theirs = await otherAdmin.get('/api/admin/rota?week=2026-11-09');
    expect(theirs.json.shifts).toEqual([]);
    expect(JSON.stringify(theirs.json)).not.toContain('Sam Server');
    expect((await otherAdmin.patch(`/api/admin/shifts/${any}`, { position: 'Hijack' })).status).toBe(404);
    expect((await otherAdmin.delete(`/api/admin/shifts/${any}`)).status).toBe(404);
    const rate = await otherAdmin.put(`/api/admin/staff/${staffId}/pay-rate`, { hourlyRatePence: 1 });
    expect(rate.status).toBe(404);
    const player = (await aMember(server, { club, email: 'punter@kings.test' })).client;
    expect((await player.get('/api/shifts/mine')).status).toBe(403);
  });

  it('refuses a shift that ends before it starts, or for someone who is not staff, in plain words', async () => {
    const backwards = await admin.post(
      '/api/admin/shifts',
      shift({ startsAt: '2026-11-21T20:00:00Z', endsAt: '2026-11-21T18:00:00Z' }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.message).toBe('A shift must end after it starts.');
    const punter = await aUser(server, { club, email: 'drinker@kings.test' });
    const notStaff = await admin.post(
      '/api/admin/shifts',
      shift({ userId: punter, startsAt: '2026-11-21T10:00:00Z', endsAt: '2026-11-21T12:00:00Z' }),
    );
    expect(notStaff.status).toBe(400);
  });
});
