import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

/**
 * The week grid's drag and drop (and its "Move to…", "Copy to…"): a shift moved or copied to a
 * person's London day keeps its London times; an overlap, approved leave or an approved timesheet
 * week refuses it with a plain 409 and leaves the rota as it was. And a shift given to anyone: the
 * first colleague to take it waits for a manager, like any swap.
 */
describe.each(backends())('moving, copying and giving away shifts on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let sam: HttpClient;
  let samId: string;
  let pat: HttpClient;
  let patId: string;
  let kim: HttpClient;
  let otherAdmin: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(backend, { now: '2026-10-19T09:00:00Z' });
    const club = await aClub(server);
    admin = (await aMember(server, { club, role: 'admin', email: 'manager@kings.test', name: 'Mia Manager' }))
      .client;
    const s = await aMember(server, { club, role: 'staff', email: 'sam@kings.test', name: 'Sam Server' });
    sam = s.client;
    samId = s.userId;
    const p = await aMember(server, { club, role: 'staff', email: 'pat@kings.test', name: 'Pat Pourer' });
    pat = p.client;
    patId = p.userId;
    kim = (await aMember(server, { club, role: 'staff', email: 'kim@kings.test', name: 'Kim Keg' })).client;
    const other = await aClub(server, { slug: 'other-club', name: 'The Other Club' });
    otherAdmin = (await aMember(server, { club: other, role: 'admin', email: 'boss@other.test' })).client;
  }, 120_000);
  afterAll(() => server?.close());

  const shift = async (userId: string | null, startsAt: string, endsAt: string, position = 'Bar') => {
    const res = await admin.post('/api/admin/shifts', {
      userId,
      startsAt,
      endsAt,
      position,
      breakMinutes: 30,
    });
    expect(res.status).toBe(201);
    return res.json.shift.id as string;
  };
  const week = async (monday: string) => (await admin.get(`/api/admin/rota?week=${monday}`)).json;
  const find = async (monday: string, id: string) =>
    ((await week(monday)).shifts as Json[]).find((s) => s.id === id);

  it('moves a shift to another person and day at the same London times, across the clock change', async () => {
    // Friday 23 October 18:00–23:00 BST; the clocks go back on Sunday 25th.
    const id = await shift(samId, '2026-10-23T17:00:00Z', '2026-10-23T22:00:00Z');
    expect((await admin.post('/api/admin/rota/publish', { week: '2026-10-19' })).status).toBe(200);
    const moved = await admin.post(`/api/admin/shifts/${id}/move`, { userId: patId, day: '2026-10-26' });
    expect(moved.status).toBe(200);
    expect(moved.json.shift).toMatchObject({
      id,
      userId: patId,
      staffName: 'Pat Pourer',
      // Monday 26 October 18:00–23:00 GMT.
      startsAt: '2026-10-26T18:00:00.000Z',
      endsAt: '2026-10-26T23:00:00.000Z',
      position: 'Bar',
      breakMinutes: 30,
      status: 'draft',
    });
    expect(await find('2026-10-19', id)).toBeUndefined();
    expect(await find('2026-10-26', id)).toMatchObject({ userId: patId, status: 'draft' });
    // To the open row: nobody's, still on its day.
    const open = await admin.post(`/api/admin/shifts/${id}/move`, { userId: null, day: '2026-10-27' });
    expect(open.status).toBe(200);
    expect(open.json.shift).toMatchObject({ userId: null, startsAt: '2026-10-27T18:00:00.000Z' });
  });

  it('copies a shift as a draft, leaving the original where it was', async () => {
    const id = await shift(samId, '2026-11-02T10:00:00Z', '2026-11-02T16:00:00Z', 'Kitchen');
    const copy = await admin.post(`/api/admin/shifts/${id}/copy`, { userId: samId, day: '2026-11-04' });
    expect(copy.status).toBe(201);
    expect(copy.json.shift).toMatchObject({
      userId: samId,
      startsAt: '2026-11-04T10:00:00.000Z',
      endsAt: '2026-11-04T16:00:00.000Z',
      position: 'Kitchen',
      breakMinutes: 30,
      status: 'draft',
    });
    expect(copy.json.shift.id).not.toBe(id);
    const shifts = (await week('2026-11-02')).shifts as Json[];
    expect(shifts.filter((s) => s.position === 'Kitchen').map((s) => s.startsAt)).toEqual([
      '2026-11-02T10:00:00.000Z',
      '2026-11-04T10:00:00.000Z',
    ]);
    // A copy onto the same person and day overlaps the original.
    const again = await admin.post(`/api/admin/shifts/${id}/copy`, { userId: samId, day: '2026-11-02' });
    expect(again.status).toBe(409);
  });

  it('refuses a move onto an overlap, approved leave or an approved week, and leaves the shift where it was', async () => {
    const id = await shift(samId, '2026-11-10T17:00:00Z', '2026-11-10T22:00:00Z');
    await shift(patId, '2026-11-11T18:00:00Z', '2026-11-11T23:00:00Z');
    const overlap = await admin.post(`/api/admin/shifts/${id}/move`, { userId: patId, day: '2026-11-11' });
    expect(overlap.status).toBe(409);
    expect(overlap.json.error.message).toBe(
      'This overlaps another shift for the same person: Bar, 2026-11-11 18:00 to 2026-11-11 23:00 (London time).',
    );

    const leave = await pat.post('/api/absences', {
      kind: 'leave',
      fromDay: '2026-11-12',
      toDay: '2026-11-13',
      hours: 16,
    });
    expect(leave.status).toBe(201);
    const approved = await admin.post(`/api/admin/absences/${leave.json.absence.id}/decision`, {
      approve: true,
      confirmNegativeBalance: true,
    });
    expect(approved.status).toBe(200);
    const onLeave = await admin.post(`/api/admin/shifts/${id}/move`, { userId: patId, day: '2026-11-13' });
    expect(onLeave.status).toBe(409);
    expect(onLeave.json.error.message).toBe(
      'Pat Pourer is on approved leave from 2026-11-12 00:00 to 2026-11-14 00:00 (London time): choose someone else or another day.',
    );
    // A copy is refused the same way.
    expect(
      (await admin.post(`/api/admin/shifts/${id}/copy`, { userId: patId, day: '2026-11-12' })).status,
    ).toBe(409);

    // Sam's last week is approved: nothing moves into it.
    const locked = await admin.post('/api/admin/timesheets/approvals', { week: '2026-10-12', userId: samId });
    expect(locked.json).toEqual({ approved: 1 });
    const intoLocked = await admin.post(`/api/admin/shifts/${id}/move`, { userId: samId, day: '2026-10-14' });
    expect(intoLocked.status).toBe(409);
    expect(intoLocked.json.error.message).toContain(
      'is approved, so their shifts in that week cannot change',
    );

    expect(await find('2026-11-09', id)).toMatchObject({
      userId: samId,
      startsAt: '2026-11-10T17:00:00.000Z',
      endsAt: '2026-11-10T22:00:00.000Z',
    });
  });

  it('answers bad input, another club and staff plainly', async () => {
    const id = await shift(samId, '2026-11-17T17:00:00Z', '2026-11-17T22:00:00Z');
    const bad = await admin.post(`/api/admin/shifts/${id}/move`, { userId: samId, day: 'Tuesday' });
    expect(bad.status).toBe(400);
    const missing = await admin.post(`/api/admin/shifts/${id}/move`, { day: '2026-11-18' });
    expect(missing.status).toBe(400);
    expect(
      (await otherAdmin.post(`/api/admin/shifts/${id}/move`, { userId: null, day: '2026-11-18' })).status,
    ).toBe(404);
    expect(
      (await sam.post(`/api/admin/shifts/${id}/copy`, { userId: samId, day: '2026-11-18' })).status,
    ).toBe(403);
    const stranger = await admin.post(`/api/admin/shifts/${id}/move`, {
      userId: 'nobody-here',
      day: '2026-11-18',
    });
    expect(stranger.status).toBe(400);
  });

  it('gives a shift to anyone: the first colleague to take it waits for a manager', async () => {
    const id = await shift(samId, '2026-11-24T17:00:00Z', '2026-11-24T22:00:00Z');
    // Kim already works that evening, so cannot take it.
    await shift(null, '2026-11-24T18:00:00Z', '2026-11-24T20:00:00Z');
    const kimShift = await shift(null, '2026-11-24T19:00:00Z', '2026-11-24T21:00:00Z', 'Cellar');
    expect((await admin.post('/api/admin/rota/publish', { week: '2026-11-23' })).status).toBe(200);
    expect((await kim.post(`/api/shifts/${kimShift}/claim`)).status).toBe(200);

    const offered = await sam.post(`/api/shifts/${id}/swaps`, {});
    expect(offered.status).toBe(201);
    expect(offered.json.swap).toMatchObject({ toUserId: null, toName: null, status: 'offered' });
    const swapId = offered.json.swap.id as string;
    // Everyone else on the staff sees it; the offer names no one.
    const patSees = (await pat.get('/api/shift-swaps/mine')).json.swaps as Json[];
    expect(patSees.map((w) => w.id)).toContain(swapId);
    const patNotes = (await pat.get('/api/notifications')).json.notifications as Json[];
    expect(patNotes.map((n) => n.title)).toContain('Sam Server gives away a shift');
    // A second offer of the same shift is refused; an exchange needs a colleague.
    expect((await sam.post(`/api/shifts/${id}/swaps`, {})).status).toBe(409);
    expect((await sam.post(`/api/shifts/${id}/swaps`, { otherShiftId: kimShift })).status).toBe(400);

    expect((await sam.post(`/api/shift-swaps/${swapId}/answer`, { accept: true })).status).toBe(409);
    expect((await pat.post(`/api/shift-swaps/${swapId}/answer`, { accept: false })).status).toBe(409);
    const clash = await kim.post(`/api/shift-swaps/${swapId}/answer`, { accept: true });
    expect(clash.status).toBe(409);
    expect(clash.json.error.message).toContain('overlap another shift');

    const taken = await pat.post(`/api/shift-swaps/${swapId}/answer`, { accept: true });
    expect(taken.status).toBe(200);
    expect(taken.json.swap).toMatchObject({ toUserId: patId, toName: 'Pat Pourer', status: 'accepted' });
    expect((await kim.post(`/api/shift-swaps/${swapId}/answer`, { accept: true })).status).toBe(404);
    // The shift stays Sam's until a manager approves.
    expect((await find('2026-11-23', id))?.userId).toBe(samId);
    const decided = await admin.post(`/api/admin/shift-swaps/${swapId}/decision`, { approve: true });
    expect(decided.status).toBe(200);
    expect((await find('2026-11-23', id))?.userId).toBe(patId);
  });
});
