import { and, eq, isNotNull } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockEntries, staffAbsences } from '../../src/db/schema/index.ts';
import { runShiftReminderPass } from '../../src/domains/staff/shifts/reminders.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

/**
 * The rota beyond shifts: templates, leave and unavailability (with the `leave` notification and the
 * shift check's warning), swaps (accepted, then approved, overlap rule kept), holiday accrual from the
 * clock rows, shift reminders once, calendars parsed back, events in the week, rates per position.
 */
describe.each(backends())('staff templates, leave, swaps and pay on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let sam: HttpClient;
  let samId: string;
  let pat: HttpClient;
  let patId: string;
  let otherAdmin: HttpClient;
  let clubId: string;

  beforeAll(async () => {
    server = await startTestServer(backend, { now: '2026-11-02T09:00:00Z' });
    const club = await aClub(server);
    clubId = club.id;
    admin = (await aMember(server, { club, role: 'admin', email: 'manager@kings.test', name: 'Mia Manager' }))
      .client;
    const s = await aMember(server, { club, role: 'staff', email: 'sam@kings.test', name: 'Sam Server' });
    sam = s.client;
    samId = s.userId;
    const p = await aMember(server, { club, role: 'staff', email: 'pat@kings.test', name: 'Pat Pourer' });
    pat = p.client;
    patId = p.userId;
    const other = await aClub(server, { slug: 'other-club', name: 'The Other Club' });
    otherAdmin = (await aMember(server, { club: other, role: 'admin', email: 'boss@other.test' })).client;
    // Starting an embedded database with every migration takes over a minute on a loaded machine.
  }, 120_000);
  afterAll(() => server?.close());

  const notes = async (c: HttpClient, kind: string) =>
    ((await c.get('/api/notifications')).json.notifications as Json[]).filter((n) => n.kind === kind);
  const shift = async (userId: string | null, startsAt: string, endsAt: string, position = 'Bar') => {
    const res = await admin.post('/api/admin/shifts', {
      userId,
      startsAt,
      endsAt,
      position,
      breakMinutes: 0,
    });
    expect(res.status).toBe(201);
    return res.json.shift.id as string;
  };
  const publish = async (week: string) =>
    expect((await admin.post('/api/admin/rota/publish', { week })).status).toBe(200);

  it('keeps shift templates for the club, and checks their break', async () => {
    const made = await admin.post('/api/admin/shift-templates', {
      name: 'Late bar',
      position: 'Bar',
      startTime: '18:00',
      endTime: '01:00',
      breakMinutes: 30,
    });
    expect(made.status).toBe(201);
    expect(made.json.template).toMatchObject({ name: 'Late bar', startTime: '18:00', endTime: '01:00' });
    const bad = await admin.post('/api/admin/shift-templates', {
      name: 'Nonsense',
      position: 'Bar',
      startTime: '18:00',
      endTime: '18:30',
      breakMinutes: 30,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe('The break must be shorter than the shift.');
    expect((await admin.get('/api/admin/shift-templates')).json.templates.map((t: Json) => t.name)).toEqual([
      'Late bar',
    ]);
    expect((await otherAdmin.get('/api/admin/shift-templates')).json.templates).toEqual([]);
    expect((await otherAdmin.delete(`/api/admin/shift-templates/${made.json.template.id}`)).status).toBe(404);
    expect((await sam.get('/api/admin/shift-templates')).status).toBe(403);
  });

  it('takes leave requests, which an admin approves or refuses, each answer a `leave` notification', async () => {
    const asked = await sam.post('/api/absences', {
      kind: 'leave',
      startsAt: '2026-11-16T00:00:00Z',
      endsAt: '2026-11-18T00:00:00Z',
      reason: 'Family wedding',
      hours: 16,
    });
    expect(asked.status).toBe(201);
    expect(asked.json.absence).toMatchObject({ status: 'pending', hours: 16, kind: 'leave' });
    const noHours = await sam.post('/api/absences', {
      kind: 'leave',
      startsAt: '2026-11-20T00:00:00Z',
      endsAt: '2026-11-21T00:00:00Z',
    });
    expect(noHours.status).toBe(400);
    expect((await notes(admin, 'admin')).map((n) => n.title)).toContain('Sam Server asks for leave');

    // Another club's admin cannot decide it; staff cannot either.
    const id = asked.json.absence.id as string;
    expect((await otherAdmin.post(`/api/admin/absences/${id}/decision`, { approve: true })).status).toBe(404);
    expect((await pat.post(`/api/admin/absences/${id}/decision`, { approve: true })).status).toBe(403);
    // Sam has worked no hours yet: the leave takes the balance below zero, which the admin confirms.
    const ok = await admin.post(`/api/admin/absences/${id}/decision`, {
      approve: true,
      confirmNegativeBalance: true,
    });
    expect(ok.status).toBe(200);
    expect(ok.json.absence.status).toBe('approved');
    const again = await admin.post(`/api/admin/absences/${id}/decision`, { approve: false });
    expect(again.status).toBe(409);
    const [decision] = await notes(sam, 'leave');
    expect(decision).toMatchObject({ title: 'Your leave is approved' });
    expect(decision?.body).toBe(
      'Monday 16 November to Tuesday 17 November (whole days): 16 hours from your holiday.',
    );

    const second = await sam.post('/api/absences', {
      kind: 'leave',
      startsAt: '2026-12-01T00:00:00Z',
      endsAt: '2026-12-02T00:00:00Z',
      hours: 8,
    });
    const no = await admin.post(`/api/admin/absences/${second.json.absence.id}/decision`, { approve: false });
    expect(no.json.absence.status).toBe('refused');
    // Both at the same test-clock instant: their order in the list is not the point.
    expect((await notes(sam, 'leave')).map((n) => n.title).sort()).toEqual([
      'Your leave is approved',
      'Your leave was refused',
    ]);
    // Pat heard nothing of Sam's leave.
    expect(await notes(pat, 'leave')).toEqual([]);
  });

  it('takes whole-day leave by its first and last London days, the last included', async () => {
    // 7 to 9 December: three days, London midnight to the midnight after the 9th (GMT: UTC midnights).
    const winter = await pat.post('/api/absences', {
      kind: 'leave',
      fromDay: '2026-12-07',
      toDay: '2026-12-09',
      hours: 24,
    });
    expect(winter.status).toBe(201);
    expect(winter.json.absence).toMatchObject({
      startsAt: '2026-12-07T00:00:00.000Z',
      endsAt: '2026-12-10T00:00:00.000Z',
      days: { from: '2026-12-07', to: '2026-12-09' },
      hours: 24,
    });
    // Across the spring clock change: the 29th starts at 23:00 UTC the day before, in BST.
    const spring = await pat.post('/api/absences', {
      kind: 'leave',
      fromDay: '2027-03-27',
      toDay: '2027-03-29',
      hours: 16,
    });
    expect(spring.json.absence).toMatchObject({
      startsAt: '2027-03-27T00:00:00.000Z',
      endsAt: '2027-03-29T23:00:00.000Z',
      days: { from: '2027-03-27', to: '2027-03-29' },
    });
    const oneDay = await pat.post('/api/absences', {
      kind: 'leave',
      fromDay: '2027-04-02',
      toDay: '2027-04-02',
      hours: 8,
    });
    expect(oneDay.json.absence).toMatchObject({
      startsAt: '2027-04-01T23:00:00.000Z',
      endsAt: '2027-04-02T23:00:00.000Z',
      days: { from: '2027-04-02', to: '2027-04-02' },
    });
    // Part of a day keeps its times, and has no days.
    const evening = await pat.post('/api/absences', {
      kind: 'unavailable',
      startsAt: '2026-12-11T18:00:00Z',
      endsAt: '2026-12-11T23:00:00Z',
    });
    expect(evening.json.absence.days).toBeNull();
    for (const [body, message] of [
      [{ fromDay: '2026-12-09', toDay: '2026-12-07' }, 'The last day must be on or after the first day.'],
      [{ fromDay: '2026-12-09' }, 'Give both the first and the last day.'],
      [
        { fromDay: '2026-12-09', toDay: '2026-12-09', endsAt: '2026-12-10T00:00:00Z' },
        'Give either the days (first and last) or the start and end times, not both.',
      ],
      [{}, 'Give the first and last days, or the start and end times.'],
    ] as const) {
      const bad = await pat.post('/api/absences', { kind: 'leave', hours: 8, ...body });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toBe(message);
    }
    const asked = (await notes(admin, 'admin')).filter((n) => n.title === 'Pat Pourer asks for leave');
    expect(asked.map((n) => n.body)).toEqual(
      expect.arrayContaining([
        'Monday 7 December to Wednesday 9 December (whole days), 24 hours.',
        'Friday 2 April (a whole day), 8 hours.',
      ]),
    );
    for (const a of [winter, spring, oneDay, evening])
      expect((await pat.delete(`/api/absences/${a.json.absence.id}`)).status).toBe(204);
  });

  it('asks before approving leave that takes the holiday balance below zero, with the figure', async () => {
    // Pat has worked 4 hours, which earn 0.48 h of holiday.
    const [worked] = await server.db
      .insert(clockEntries)
      .values({
        clubId,
        userId: patId,
        clockInAt: new Date('2026-10-26T10:00:00Z'),
        clockOutAt: new Date('2026-10-26T14:00:00Z'),
      })
      .returning();
    const asked = await pat.post('/api/absences', {
      kind: 'leave',
      fromDay: '2027-01-11',
      toDay: '2027-01-12',
      hours: 15,
    });
    const id = asked.json.absence.id as string;
    const decide = (body: object) => admin.post(`/api/admin/absences/${id}/decision`, body);
    const warned = await decide({ approve: true });
    expect(warned.status).toBe(409);
    expect(warned.json.error).toEqual({
      code: 'CONFIRMATION_REQUIRED',
      message:
        'Approving this leave takes Pat Pourer’s holiday balance below zero, to -14.52 h (0.48 h now, the leave takes 15 h). Approve anyway?',
    });
    expect((await pat.get('/api/holiday/mine')).json.balanceHours).toBe(0.48);
    // Refusing needs no confirmation; approving with it goes through.
    const yes = await decide({ approve: true, confirmNegativeBalance: true });
    expect(yes.status).toBe(200);
    expect(yes.json.absence.status).toBe('approved');
    expect((await pat.get('/api/holiday/mine')).json.balanceHours).toBe(-14.52);
    // Leave within the balance needs no question: a quarter of an hour, once the balance is back up.
    await server.db.delete(staffAbsences).where(eq(staffAbsences.id, id));
    const small = await pat.post('/api/absences', {
      kind: 'leave',
      fromDay: '2027-01-13',
      toDay: '2027-01-13',
      hours: 0.25,
    });
    expect(
      (await admin.post(`/api/admin/absences/${small.json.absence.id}/decision`, { approve: true })).status,
    ).toBe(200);
    await server.db.delete(staffAbsences).where(eq(staffAbsences.id, small.json.absence.id));
    await server.db.delete(clockEntries).where(eq(clockEntries.id, worked?.id as string));
  });

  it('warns when a shift is put on someone on approved leave or unavailable, and shows both in the week', async () => {
    const onLeave = await admin.post('/api/admin/shift-checks', {
      userId: samId,
      startsAt: '2026-11-16T17:00:00Z',
      endsAt: '2026-11-16T22:00:00Z',
      position: 'Bar',
      breakMinutes: 0,
    });
    expect(onLeave.json.warnings).toEqual([
      {
        code: 'UNAVAILABLE',
        message: 'This person is on approved leave from 2026-11-16 00:00 to 2026-11-18 00:00 (London time).',
      },
    ]);
    const un = await pat.post('/api/absences', {
      kind: 'unavailable',
      startsAt: '2026-11-19T12:00:00Z',
      endsAt: '2026-11-19T23:59:00Z',
      reason: 'College',
    });
    expect(un.json.absence.status).toBe('approved');
    const made = await admin.post('/api/admin/shifts', {
      userId: patId,
      startsAt: '2026-11-19T18:00:00Z',
      endsAt: '2026-11-19T22:00:00Z',
      position: 'Bar',
      breakMinutes: 0,
    });
    expect(made.status).toBe(201);
    expect(made.json.shift.warnings.map((w: Json) => w.code)).toEqual(['UNAVAILABLE']);
    const week = await admin.get('/api/admin/rota?week=2026-11-16');
    expect(week.json.absences.map((a: Json) => [a.staffName, a.kind, a.status])).toEqual([
      ['Sam Server', 'leave', 'approved'],
      ['Pat Pourer', 'unavailable', 'approved'],
    ]);
    expect(week.json.shifts.find((s: Json) => s.id === made.json.shift.id).warnings[0].code).toBe(
      'UNAVAILABLE',
    );
    expect((await admin.delete(`/api/admin/shifts/${made.json.shift.id}`)).status).toBe(204);
  });

  it('swaps a shift only after the colleague accepts and an admin approves, keeping the overlap rule', async () => {
    const samShift = await shift(samId, '2026-11-23T17:00:00Z', '2026-11-23T22:00:00Z');
    const patShift = await shift(patId, '2026-11-24T17:00:00Z', '2026-11-24T22:00:00Z');
    await publish('2026-11-23');

    const offer = await sam.post(`/api/shifts/${samShift}/swaps`, { toUserId: patId });
    expect(offer.status).toBe(201);
    expect(offer.json.swap).toMatchObject({
      status: 'offered',
      toName: 'Pat Pourer',
      fromName: 'Sam Server',
    });
    const swapId = offer.json.swap.id as string;
    expect((await notes(pat, 'rota')).map((n) => n.title)).toContain('Sam Server offers you a shift');
    // Not Pat's shift to offer; and a second offer of the same shift waits for the first.
    expect((await pat.post(`/api/shifts/${samShift}/swaps`, { toUserId: samId })).status).toBe(404);
    expect((await sam.post(`/api/shifts/${samShift}/swaps`, { toUserId: patId })).status).toBe(409);
    // The admin cannot approve before Pat accepts; Sam cannot accept for Pat.
    expect((await admin.post(`/api/admin/shift-swaps/${swapId}/decision`, { approve: true })).status).toBe(
      409,
    );
    expect((await sam.post(`/api/shift-swaps/${swapId}/answer`, { accept: true })).status).toBe(404);

    const accepted = await pat.post(`/api/shift-swaps/${swapId}/answer`, { accept: true });
    expect(accepted.json.swap.status).toBe('accepted');
    expect((await notes(sam, 'rota')).map((n) => n.title)).toContain('Pat Pourer accepted your swap');
    let week = await admin.get('/api/admin/rota?week=2026-11-23');
    expect(week.json.shifts.find((s: Json) => s.id === samShift).userId).toBe(samId);

    // Meanwhile Pat is given a shift that overlaps: approval is refused with a plain message.
    const clash = await shift(patId, '2026-11-23T21:00:00Z', '2026-11-23T23:30:00Z');
    const refused = await admin.post(`/api/admin/shift-swaps/${swapId}/decision`, { approve: true });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(
      'The swap would overlap another shift for the same person: Bar, Monday 23 November, 21:00 to Monday 23 November, 23:30 (London time).',
    );
    expect((await admin.delete(`/api/admin/shifts/${clash}`)).status).toBe(204);
    expect(
      (await otherAdmin.post(`/api/admin/shift-swaps/${swapId}/decision`, { approve: true })).status,
    ).toBe(404);
    const approved = await admin.post(`/api/admin/shift-swaps/${swapId}/decision`, { approve: true });
    expect(approved.status).toBe(200);
    expect(approved.json.swap.status).toBe('approved');
    week = await admin.get('/api/admin/rota?week=2026-11-23');
    expect(week.json.shifts.find((s: Json) => s.id === samShift).userId).toBe(patId);
    expect((await notes(sam, 'rota')).map((n) => n.title)).toContain('Shift swap approved');

    // A two-way swap: Pat's Tuesday for the Monday shift back.
    const back = await pat.post(`/api/shifts/${patShift}/swaps`, { toUserId: samId, otherShiftId: samShift });
    expect(back.status).toBe(404); // samShift is Pat's now, not Sam's.
    const both = await pat.post(`/api/shifts/${samShift}/swaps`, { toUserId: samId });
    expect(both.status).toBe(201);
    expect(
      (await sam.post(`/api/shift-swaps/${both.json.swap.id}/answer`, { accept: false })).json.swap.status,
    ).toBe('declined');
    expect(
      (await admin.post(`/api/admin/shift-swaps/${both.json.swap.id}/decision`, { approve: true })).status,
    ).toBe(409);
    const samTue = await shift(samId, '2026-11-25T17:00:00Z', '2026-11-25T22:00:00Z');
    await publish('2026-11-23');
    const trade = await pat.post(`/api/shifts/${patShift}/swaps`, { toUserId: samId, otherShiftId: samTue });
    expect(trade.status).toBe(201);
    await sam.post(`/api/shift-swaps/${trade.json.swap.id}/answer`, { accept: true });
    expect((await admin.get('/api/admin/shift-swaps')).json.swaps.map((s: Json) => s.status)).toContain(
      'accepted',
    );
    await admin.post(`/api/admin/shift-swaps/${trade.json.swap.id}/decision`, { approve: true });
    week = await admin.get('/api/admin/rota?week=2026-11-23');
    const owner = (id: string) => week.json.shifts.find((s: Json) => s.id === id).userId;
    expect([owner(patShift), owner(samTue)]).toEqual([samId, patId]);
  });

  it('does not offer a shift to a colleague already working then: refused at the offer, not at approval', async () => {
    const samThu = await shift(samId, '2026-11-26T17:00:00Z', '2026-11-26T22:00:00Z');
    const patThu = await shift(patId, '2026-11-26T18:00:00Z', '2026-11-26T20:00:00Z');
    await publish('2026-11-23');
    // The offer form asks who works then: Pat is marked, and not offered it.
    const asked = await sam.get(`/api/staff/colleagues?forShift=${samThu}`);
    expect(asked.json.colleagues.find((c: Json) => c.userId === patId)?.workingThen).toBe(true);
    expect((await pat.get(`/api/staff/colleagues?forShift=${samThu}`)).status).toBe(404);
    const offer = await sam.post(`/api/shifts/${samThu}/swaps`, { toUserId: patId });
    expect(offer.status).toBe(409);
    expect(offer.json.error.message).toBe(
      'Pat Pourer is already working then (Bar, Thursday 26 November, 18:00 to Thursday 26 November, 20:00, London time): offer it to someone else.',
    );
    // Traded for that very shift, nobody works twice: offered.
    const trade = await sam.post(`/api/shifts/${samThu}/swaps`, { toUserId: patId, otherShiftId: patThu });
    expect(trade.status).toBe(201);
    expect((await sam.post(`/api/shift-swaps/${trade.json.swap.id}/withdraw`)).status).toBe(200);
  });

  it('lists a staff member’s colleagues with their coming published shifts: the club’s only, no emails or rates', async () => {
    const patMon = await shift(patId, '2026-11-30T17:00:00Z', '2026-11-30T22:00:00Z', 'Cellar');
    await publish('2026-11-30');
    // A draft is not the rota yet: no one can trade for it.
    const patDraft = await shift(patId, '2026-12-02T17:00:00Z', '2026-12-02T22:00:00Z');
    await admin.put(`/api/admin/staff/${patId}/pay-rate`, { hourlyRatePence: 1234 });
    await admin.put('/api/admin/position-pay-rates', { position: 'Cellar', hourlyRatePence: 1300 });

    const res = await sam.get('/api/staff/colleagues');
    expect(res.status).toBe(200);
    const list = res.json.colleagues as Json[];
    expect(list.map((c) => c.name)).toEqual(['Mia Manager', 'Pat Pourer']);
    for (const c of list) expect(Object.keys(c).sort()).toEqual(['name', 'shifts', 'userId']);
    const pat = list.find((c) => c.userId === patId) as Json;
    for (const s of pat.shifts)
      expect(Object.keys(s).sort()).toEqual(['endsAt', 'id', 'position', 'startsAt']);
    expect(pat.shifts).toContainEqual({
      id: patMon,
      startsAt: '2026-11-30T17:00:00.000Z',
      endsAt: '2026-11-30T22:00:00.000Z',
      position: 'Cellar',
    });
    expect(pat.shifts.map((s: Json) => s.id)).not.toContain(patDraft);
    expect(res.text).not.toMatch(/@|email|dateOfBirth|hourlyRate|Pence|cost/i);
    // The other club's admin sees their own club only (no one else there).
    expect((await otherAdmin.get('/api/staff/colleagues')).json).toEqual({ colleagues: [] });
    expect((await server.client().get('/api/staff/colleagues')).status).toBe(401);

    // A shift from the list can be asked for in exchange.
    const samSun = await shift(samId, '2026-12-06T12:00:00Z', '2026-12-06T16:00:00Z');
    await publish('2026-11-30');
    const trade = await sam.post(`/api/shifts/${samSun}/swaps`, { toUserId: patId, otherShiftId: patMon });
    expect(trade.status).toBe(201);
    expect(trade.json.swap.otherShift).toMatchObject({ id: patMon, position: 'Cellar' });
    expect((await sam.post(`/api/shift-swaps/${trade.json.swap.id}/withdraw`)).status).toBe(200);
    await admin.put(`/api/admin/staff/${patId}/pay-rate`, { hourlyRatePence: null });
    await admin.put('/api/admin/position-pay-rates', { position: 'Cellar', hourlyRatePence: null });
    expect((await admin.delete(`/api/admin/shifts/${patDraft}`)).status).toBe(204);
  });

  it('lets only the one who offered a swap withdraw it, and only until a manager decides', async () => {
    const samShift = await shift(samId, '2026-12-01T17:00:00Z', '2026-12-01T22:00:00Z');
    await publish('2026-11-30');
    const offer = async () => {
      const res = await sam.post(`/api/shifts/${samShift}/swaps`, { toUserId: patId });
      expect(res.status).toBe(201);
      return res.json.swap.id as string;
    };
    const withdraw = (c: HttpClient, id: string) => c.post(`/api/shift-swaps/${id}/withdraw`);

    const first = await offer();
    // Not the colleague's, not a manager's, not another club's to withdraw.
    expect((await withdraw(pat, first)).status).toBe(404);
    expect((await withdraw(admin, first)).status).toBe(404);
    expect((await withdraw(otherAdmin, first)).status).toBe(404);
    const off = await withdraw(sam, first);
    expect(off.status).toBe(200);
    expect(off.json.swap).toMatchObject({ id: first, status: 'withdrawn' });
    expect((await notes(pat, 'rota')).map((n) => n.title)).toContain('Sam Server withdrew a swap');
    expect((await pat.post(`/api/shift-swaps/${first}/answer`, { accept: true })).status).toBe(409);
    const twice = await withdraw(sam, first);
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe('This swap has already been decided or withdrawn.');

    // Accepted but not yet decided: still Sam's to take back, and then no manager can approve it.
    const second = await offer();
    expect((await pat.post(`/api/shift-swaps/${second}/answer`, { accept: true })).status).toBe(200);
    expect((await withdraw(sam, second)).json.swap.status).toBe('withdrawn');
    expect((await admin.post(`/api/admin/shift-swaps/${second}/decision`, { approve: true })).status).toBe(
      409,
    );

    // Once a manager has decided, it stays decided.
    const third = await offer();
    await pat.post(`/api/shift-swaps/${third}/answer`, { accept: true });
    expect((await admin.post(`/api/admin/shift-swaps/${third}/decision`, { approve: false })).status).toBe(
      200,
    );
    expect((await withdraw(sam, third)).status).toBe(409);
    const fourth = await offer();
    await pat.post(`/api/shift-swaps/${fourth}/answer`, { accept: true });
    expect((await admin.post(`/api/admin/shift-swaps/${fourth}/decision`, { approve: true })).status).toBe(
      200,
    );
    expect((await withdraw(sam, fourth)).status).toBe(409);
    const week = await admin.get('/api/admin/rota?week=2026-11-30');
    expect(week.json.shifts.find((s: Json) => s.id === samShift).userId).toBe(patId);
    expect(
      (await sam.get('/api/shift-swaps/mine')).json.swaps
        .filter((s: Json) => s.shift.id === samShift)
        .map((s: Json) => s.status)
        .sort(),
    ).toEqual(['approved', 'refused', 'withdrawn', 'withdrawn']);
  });

  it('accrues 12.07% of the hours in closed clock entries, less approved leave', async () => {
    const code = async () => (await admin.get('/api/clock/code')).json.token as string;
    const work = async (c: HttpClient, from: string, to: string) => {
      server.clock.set(from);
      expect((await c.post('/api/clock/in', { token: await code() })).status).toBe(201);
      server.clock.set(to);
      expect((await c.post('/api/clock/out')).status).toBe(200);
    };
    await work(sam, '2026-11-03T16:00:00Z', '2026-11-03T23:17:00Z');
    await work(sam, '2026-11-04T10:00:00Z', '2026-11-04T18:43:00Z');
    await work(pat, '2026-11-04T10:00:00Z', '2026-11-04T14:00:00Z');
    server.clock.set('2026-11-05T09:00:00Z');
    // An open entry does not count yet.
    expect((await sam.post('/api/clock/in', { token: await code() })).status).toBe(201);

    // The same figures straight from the rows.
    const rows = await server.db
      .select()
      .from(clockEntries)
      .where(and(eq(clockEntries.userId, samId), isNotNull(clockEntries.clockOutAt)));
    const minutes = rows.reduce(
      (m, r) => m + ((r.clockOutAt as Date).getTime() - r.clockInAt.getTime()) / 60_000 - r.breakMinutes,
      0,
    );
    const leave = await server.db
      .select()
      .from(staffAbsences)
      .where(
        and(
          eq(staffAbsences.userId, samId),
          eq(staffAbsences.status, 'approved'),
          eq(staffAbsences.kind, 'leave'),
        ),
      );
    const takenMinutes = leave.reduce((m, r) => m + r.leaveMinutes, 0);
    const round = (h: number) => Math.round(h * 100) / 100;

    const mine = await sam.get('/api/holiday/mine');
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual({
      userId: samId,
      name: 'Sam Server',
      hoursWorked: round(minutes / 60),
      accruedHours: round((minutes * 0.1207) / 60),
      takenHours: round(takenMinutes / 60),
      balanceHours: round((minutes * 0.1207 - takenMinutes) / 60),
    });
    expect(mine.json.hoursWorked).toBe(16);
    expect(mine.json.accruedHours).toBe(1.93);
    expect(mine.json.takenHours).toBe(16);
    const all = await admin.get('/api/admin/holiday');
    expect(all.json.balances.find((b: Json) => b.userId === patId)).toMatchObject({
      hoursWorked: 4,
      accruedHours: 0.48,
      balanceHours: 0.48,
    });
    expect((await pat.get('/api/admin/holiday')).status).toBe(403);
    expect(
      (await otherAdmin.get('/api/admin/holiday')).json.balances.map((b: Json) => b.userId),
    ).not.toContain(samId);
    expect((await sam.post('/api/clock/out')).status).toBe(200);
  });

  it('reminds each person once, two hours before each published shift', async () => {
    const id = await shift(samId, '2026-12-07T18:00:00Z', '2026-12-07T23:00:00Z', 'Cellar');
    const draft = await shift(patId, '2026-12-07T18:30:00Z', '2026-12-07T23:00:00Z', 'Door');
    expect(draft).toEqual(expect.any(String));
    await publish('2026-11-30'); // another week: the shifts of Monday 7 December are still drafts
    server.clock.set('2026-12-07T15:59:00Z');
    expect(await runShiftReminderPass(server)).toEqual({ due: 0, sent: 0 });
    await publish('2026-12-07');
    // Pat's shift goes back to a draft: no reminder for it.
    await admin.patch(`/api/admin/shifts/${draft}`, { notes: 'Changed' });
    server.clock.set('2026-12-07T16:01:00Z');
    const passes = await Promise.all([runShiftReminderPass(server), runShiftReminderPass(server)]);
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(1);
    server.clock.set('2026-12-07T17:30:00Z');
    expect((await runShiftReminderPass(server)).sent).toBe(0);
    const reminded = (await notes(sam, 'rota')).filter((n) => n.title.startsWith('Your shift starts'));
    expect(reminded.map((n) => [n.title, n.body])).toEqual([
      ['Your shift starts at 18:00', 'Cellar, Monday 7 December, 18:00 to 23:00 (London time).'],
    ]);
    expect((await notes(pat, 'rota')).filter((n) => n.title.startsWith('Your shift starts'))).toEqual([]);
    expect(id).toEqual(expect.any(String));
  });

  it('gives staff an .ics of each of their shifts and a signed feed of them all, read back by ical.js', async () => {
    server.clock.set('2026-12-10T09:00:00Z');
    // Summer time: 18:00 London is 17:00 UTC.
    const id = await shift(samId, '2027-06-14T17:00:00Z', '2027-06-14T22:00:00Z', 'Kitchen');
    await publish('2027-06-14');
    const one = await sam.get(`/api/shifts/${id}.ics`);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toContain('text/calendar');
    const parse = (text: string) => {
      const root = new ICAL.Component(ICAL.parse(text));
      for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
      return root.getAllSubcomponents('vevent').map((v) => {
        const e = new ICAL.Event(v);
        return {
          summary: e.summary,
          start: e.startDate.toJSDate().toISOString(),
          end: e.endDate.toJSDate().toISOString(),
        };
      });
    };
    expect(parse(one.text)).toEqual([
      {
        summary: 'Shift: Kitchen',
        start: '2027-06-14T17:00:00.000Z',
        end: '2027-06-14T22:00:00.000Z',
      },
    ]);
    expect((await pat.get(`/api/shifts/${id}.ics`)).status).toBe(404);

    const link = (await sam.get('/api/shifts/feed-link')).json.url as string;
    expect(link).toMatch(/\/api\/rota\/feed\/.+\.ics$/);
    const path = new URL(link).pathname;
    const anonymous = server.client();
    const feed = await anonymous.get(path);
    expect(feed.status).toBe(200);
    const events = parse(feed.text);
    expect(events.map((e) => e.summary)).toContain('Shift: Kitchen');
    // Only Sam's own published shifts: not Pat's Door shift, at 18:30 the same evening.
    expect(events.map((e) => e.start)).toContain('2026-12-07T18:00:00.000Z');
    expect(events.map((e) => e.start)).not.toContain('2026-12-07T18:30:00.000Z');
    const forged = path.replace(/\.[^./]+\.ics$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics');
    expect((await anonymous.get(forged)).status).toBe(404);
    const patPath = path.replace(samId, patId);
    expect((await anonymous.get(patPath)).status).toBe(404);
  });

  it('refuses a line break or control character in a shift’s position, and escapes its notes in the .ics', async () => {
    const base = {
      userId: samId,
      startsAt: '2027-06-21T17:00:00Z',
      endsAt: '2027-06-21T22:00:00Z',
      breakMinutes: 0,
    };
    for (const position of ['Bar\r\nBEGIN:VEVENT', 'Bar\u0085', 'Bar\u2028']) {
      const res = await admin.post('/api/admin/shifts', { ...base, position });
      expect(res.status, position).toBe(400);
      expect(res.json.error.message).toMatch(/position: must not hold line breaks or control characters/);
    }
    const bell = await admin.post('/api/admin/shifts', { ...base, position: 'Bar', notes: 'Ring\u0007' });
    expect(bell.status).toBe(400);
    expect(bell.json.error.message).toMatch(/notes: must not hold control characters/);
    const template = await admin.post('/api/admin/shift-templates', {
      name: 'Late\nEND:VCALENDAR',
      position: 'Bar',
      startTime: '18:00',
      endTime: '23:00',
      breakMinutes: 0,
    });
    expect(template.status).toBe(400);

    // Notes over two lines, with the characters RFC 5545 escapes, read back as written.
    const notes = 'Cash up, then lock; keys in the\\safe.\nBEGIN:VALARM';
    const made = await admin.post('/api/admin/shifts', { ...base, position: 'Bar, cellar; door', notes });
    expect(made.status).toBe(201);
    await publish('2027-06-21');
    const ics = await sam.get(`/api/shifts/${made.json.shift.id}.ics`);
    expect(ics.status).toBe(200);
    const root = new ICAL.Component(ICAL.parse(ics.text));
    const [vevent, ...more] = root.getAllSubcomponents('vevent');
    expect(more).toEqual([]);
    expect(vevent?.getAllSubcomponents()).toEqual([]);
    const event = new ICAL.Event(vevent);
    expect([event.summary, event.description]).toEqual(['Shift: Bar, cellar; door', notes]);
  });

  it('shows the club’s events beside the shifts of the week', async () => {
    const quiz = await admin.post('/api/admin/events', {
      title: 'Pub Quiz',
      startsAt: '2027-06-17T19:00:00Z',
      endsAt: '2027-06-17T21:30:00Z',
    });
    expect(quiz.status).toBe(201);
    const week = await admin.get('/api/admin/rota?week=2027-06-14');
    expect(week.json.happenings).toEqual([
      { kind: 'event', id: expect.any(String), title: 'Pub Quiz', startsAt: '2027-06-17T19:00:00.000Z' },
    ]);
    expect((await otherAdmin.get('/api/admin/rota?week=2027-06-14')).json.happenings).toEqual([]);
  });

  it('costs a shift at the position’s rate when the person has none', async () => {
    expect(
      (await admin.put('/api/admin/position-pay-rates', { position: 'Kitchen', hourlyRatePence: 1300 }))
        .status,
    ).toBe(204);
    expect((await admin.get('/api/admin/position-pay-rates')).json.rates).toEqual([
      { position: 'Kitchen', hourlyRatePence: 1300 },
    ]);
    let week = await admin.get('/api/admin/rota?week=2027-06-14');
    // Five hours at £13.
    expect(week.json.shifts[0].costPence).toBe(6500);
    await admin.put(`/api/admin/staff/${samId}/pay-rate`, { hourlyRatePence: 1200 });
    week = await admin.get('/api/admin/rota?week=2027-06-14');
    expect(week.json.shifts[0].costPence).toBe(6000);
    expect((await otherAdmin.get('/api/admin/position-pay-rates')).json.rates).toEqual([]);
    expect(
      (await sam.put('/api/admin/position-pay-rates', { position: 'Bar', hourlyRatePence: 1 })).status,
    ).toBe(403);
  });
});
