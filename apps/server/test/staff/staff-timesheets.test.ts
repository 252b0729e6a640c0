import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../src/db/sql-rows.ts';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember } from '../support/world.ts';

/** A small RFC 4180 reader for the tests: rows of cells, quotes undone. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

// The week of the last Sunday of October 2026 (25 October: clocks go back at 02:00 BST to 01:00 GMT).
const WEEK = '2026-10-19';

describe.each(backends())('timesheets on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let staff: HttpClient;
  let staffId: string;
  let pat: HttpClient;
  let patId: string;
  let otherAdmin: HttpClient;
  let entryId: string;
  let kings: Awaited<ReturnType<typeof aClub>>;

  /** The file's bytes as sent (a client's text() would drop a byte order mark). */
  const csvBytes = async (path: string) =>
    (
      await fetch(new URL(path, server.baseUrl), {
        headers: { cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      })
    ).arrayBuffer();
  const report = async (query = `from=${WEEK}&to=${WEEK}`) => admin.get(`/api/admin/timesheets?${query}`);
  const personIn = (json: { weeks: { people: { userId: string }[] }[] }, userId: string, week = 0) =>
    // biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field
    json.weeks[week]?.people.find((p) => p.userId === userId) as any;

  beforeAll(async () => {
    server = await startTestServer(backend, { now: '2026-10-20T09:00:00Z' });
    const club = await aClub(server);
    kings = club;
    admin = (await aMember(server, { club, role: 'admin', email: 'boss@kings.test', name: 'Bea Boss' }))
      .client;
    const s = await aMember(server, { club, role: 'staff', email: 'sam@kings.test', name: 'Sam Server' });
    staff = s.client;
    staffId = s.userId;
    const p = await aMember(server, { club, role: 'staff', email: 'pat@kings.test', name: 'Pat Pourer' });
    pat = p.client;
    patId = p.userId;
    // A name a spreadsheet would run as a formula, with a comma and quotes: the CSV must defuse it.
    await server.db.execute(sql`update "user" set name = ${'=Pat "Pint", Pourer'} where id = ${patId}`);
    const otherClub = await aClub(server, { slug: 'other-club', name: 'The Other Club' });
    otherAdmin = (await aMember(server, { club: otherClub, role: 'admin', email: 'boss@other.test' })).client;

    expect((await admin.put(`/api/admin/staff/${staffId}/pay-rate`, { hourlyRatePence: 1200 })).status).toBe(
      200,
    );
    // Saturday 22:00 BST to Sunday 04:00 GMT: six hours on the wall clock, seven worked.
    const shift = await admin.post('/api/admin/shifts', {
      userId: staffId,
      startsAt: '2026-10-24T22:00:00+01:00',
      endsAt: '2026-10-25T04:00:00Z',
      position: 'Bar',
      breakMinutes: 30,
    });
    expect(shift.status).toBe(201);
    // Pat's shift counts as scheduled once the week is published.
    const patShift = await admin.post('/api/admin/shifts', {
      userId: patId,
      startsAt: '2026-10-21T17:00:00Z',
      endsAt: '2026-10-21T20:00:00Z',
      position: 'Bar',
      breakMinutes: 0,
    });
    expect(patShift.status).toBe(201);
    expect((await admin.post('/api/admin/rota/publish', { week: WEEK })).status).toBe(200);
  });
  afterAll(() => server?.close());

  const code = async () => (await admin.get('/api/clock/code')).json.token as string;

  it('counts scheduled against worked time across the October clock change, with lateness and cost', async () => {
    server.clock.set('2026-10-24T21:10:00Z'); // ten minutes late
    expect((await staff.post('/api/clock/in', { token: await code() })).status).toBe(201);
    server.clock.set('2026-10-24T23:00:00Z');
    await staff.post('/api/clock/break/start');
    server.clock.set('2026-10-24T23:20:00Z');
    await staff.post('/api/clock/break/end');
    // An open entry is listed but not counted.
    const during = personIn((await report()).json, staffId);
    expect(during.entries[0]).toMatchObject({ clockOutAt: null, workedMinutes: null });
    expect(during.totals.workedMinutes).toBe(0);
    expect(during.days[5].flags).toEqual(['open']);
    server.clock.set('2026-10-25T04:05:00Z');
    expect((await staff.post('/api/clock/out')).status).toBe(200);

    const res = await report();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ from: WEEK, to: '2026-10-25' });
    const sam = personIn(res.json, staffId);
    entryId = sam.entries[0].id;
    expect(sam.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
    ]);
    // 21:00Z to 04:00Z is 420 minutes, less the 30-minute break; worked 21:10Z to 04:05Z less 20.
    expect(sam.days[5]).toEqual({
      date: '2026-10-24',
      scheduledMinutes: 390,
      workedMinutes: 395,
      breakMinutes: 20,
      lateMinutes: 10,
      costPence: 7900,
      hourlyRatePence: 1200,
      flags: [],
    });
    expect(sam.days[6]).toMatchObject({ scheduledMinutes: 0, workedMinutes: 0 });
    expect(sam.totals).toEqual({
      scheduledMinutes: 390,
      workedMinutes: 395,
      breakMinutes: 20,
      lateMinutes: 10,
      costPence: 7900,
    });
    expect(sam).toMatchObject({ name: 'Sam Server', hourlyRatePence: 1200, approval: null });
    // Pat's shift, published, with no rate: no cost.
    const p = personIn(res.json, patId);
    expect(p.days[2]).toMatchObject({ scheduledMinutes: 180, workedMinutes: 0, costPence: null });
    // The admin (no hours) is not listed; the staff with none would be.
    expect(res.json.weeks[0].people).toHaveLength(2);
  });

  it('refuses a period backwards or longer than a quarter, in plain words', async () => {
    const back = await report('from=2026-10-25&to=2026-10-19');
    expect(back.status).toBe(400);
    expect(back.json.error.message).toBe('The period must end on or after the day it starts.');
    expect((await report('from=2026-01-01&to=2026-12-31')).status).toBe(400);
    expect((await report('from=2026-02-30&to=2026-03-01')).status).toBe(400);
  });

  it('keeps every correction with who, when, why and the values before and after', async () => {
    server.clock.set('2026-10-26T10:00:00Z');
    const noReason = await admin.patch(`/api/admin/clock-entries/${entryId}`, {
      breakMinutes: 30,
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const backwards = await admin.patch(`/api/admin/clock-entries/${entryId}`, {
      clockOutAt: '2026-10-24T20:00:00Z',
      reason: 'Typo',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.message).toBe('The clock-out must be after the clock-in.');

    const fixed = await admin.patch(`/api/admin/clock-entries/${entryId}`, {
      clockOutAt: '2026-10-25T04:35:00Z',
      breakMinutes: 30,
      reason: 'Stayed on to cash up; took a longer break',
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json.entry).toMatchObject({ workedMinutes: 415, breakMinutes: 30 });
    expect(fixed.json.entry.corrections).toEqual([
      {
        id: expect.any(String),
        byUserId: expect.any(String),
        byName: 'Bea Boss',
        at: '2026-10-26T10:00:00.000Z',
        reason: 'Stayed on to cash up; took a longer break',
        before: {
          clockInAt: '2026-10-24T21:10:00.000Z',
          clockOutAt: '2026-10-25T04:05:00.000Z',
          breakMinutes: 20,
        },
        after: {
          clockInAt: '2026-10-24T21:10:00.000Z',
          clockOutAt: '2026-10-25T04:35:00.000Z',
          breakMinutes: 30,
        },
      },
    ]);
    // The row itself changed (analytics reads clock_entries), and the history is in the timesheet.
    const [row] = await sqlRows<{ clock_out_at: unknown; break_minutes: number }>(
      server.db,
      sql`select clock_out_at, break_minutes from clock_entries where id = ${entryId}`,
    );
    expect(new Date(String(row?.clock_out_at)).toISOString()).toBe('2026-10-25T04:35:00.000Z');
    expect(row?.break_minutes).toBe(30);
    const sam = personIn((await report()).json, staffId);
    expect(sam.days[5]).toMatchObject({
      workedMinutes: 415,
      breakMinutes: 30,
      costPence: 8300,
      flags: ['corrected'],
    });
    expect(sam.entries[0].corrections).toHaveLength(1);

    // A forgotten shift added by the admin: history starts with nothing before.
    const added = await admin.post('/api/admin/clock-entries', {
      userId: patId,
      clockInAt: '2026-10-21T17:05:00Z',
      clockOutAt: '2026-10-21T20:00:00Z',
      breakMinutes: 0,
      reason: 'Forgot to clock in; seen on the till log',
    });
    expect(added.status).toBe(201);
    expect(added.json.entry).toMatchObject({ workedMinutes: 175, lateMinutes: 5 });
    expect(added.json.entry.corrections[0]).toMatchObject({ before: null, byName: 'Bea Boss' });
    const overlap = await admin.post('/api/admin/clock-entries', {
      userId: patId,
      clockInAt: '2026-10-21T19:00:00Z',
      clockOutAt: '2026-10-21T21:00:00Z',
      breakMinutes: 0,
      reason: 'Twice',
    });
    expect(overlap.status).toBe(409);
    expect(overlap.json.error.message).toContain('overlaps another clock entry');
  });

  it('locks an approved week against corrections and clocking until an admin reopens it', async () => {
    const approved = await admin.post('/api/admin/timesheets/approvals', {
      week: '2026-10-22',
      userId: staffId,
    });
    expect(approved.json).toEqual({ approved: 1 });
    const sam = personIn((await report()).json, staffId);
    expect(sam.approval).toEqual({ byName: 'Bea Boss', at: '2026-10-26T10:00:00.000Z' });

    const refused = await admin.patch(`/api/admin/clock-entries/${entryId}`, {
      breakMinutes: 25,
      reason: 'x',
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(
      'The week of Mon 19 Oct is approved and locked for this person: reopen it first to change it.',
    );
    const addInto = await admin.post('/api/admin/clock-entries', {
      userId: staffId,
      clockInAt: '2026-10-20T10:00:00Z',
      clockOutAt: '2026-10-20T12:00:00Z',
      breakMinutes: 0,
      reason: 'Missing',
    });
    expect(addInto.status).toBe(409);
    // Clocking in inside the locked week is refused too.
    server.clock.set('2026-10-25T12:00:00Z');
    const clockIn = await staff.post('/api/clock/in', { token: await code() });
    expect(clockIn.status).toBe(409);
    expect(clockIn.json.error.message).toBe(
      'Your hours for the week of Mon 19 Oct are approved and locked: ask an admin to reopen the week.',
    );
    server.clock.set('2026-10-26T10:00:00Z');

    expect((await admin.delete(`/api/admin/timesheets/approvals/${WEEK}/${staffId}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/timesheets/approvals/${WEEK}/${staffId}`)).status).toBe(404);
    const now = await admin.patch(`/api/admin/clock-entries/${entryId}`, {
      breakMinutes: 30,
      reason: 'Re-check',
    });
    expect(now.status).toBe(200);
    expect(now.json.entry.corrections).toHaveLength(2);
  });

  it('approves the whole staff for a week, refusing while someone is still clocked in', async () => {
    await admin.put(`/api/admin/staff/${patId}/clock-setting`, { clockWithoutCode: true });
    server.clock.set('2026-10-27T17:00:00Z');
    expect((await pat.post('/api/clock/in', {})).status).toBe(201);
    const open = await admin.post('/api/admin/timesheets/approvals', {
      week: '2026-10-26',
      confirmNotEnded: true,
    });
    expect(open.status).toBe(409);
    expect(open.json.error.message).toContain('is still clocked in (since 2026-10-27 17:00)');
    server.clock.set('2026-10-27T19:00:00Z');
    await pat.post('/api/clock/out');
    const all = await admin.post('/api/admin/timesheets/approvals', { week: WEEK });
    expect(all.json).toEqual({ approved: 2 });
    // Approving again changes nothing.
    expect((await admin.post('/api/admin/timesheets/approvals', { week: WEEK })).json).toEqual({
      approved: 0,
    });
  });

  it('exports the generic CSV for Excel: a BOM, the header row first (no # lines), pounds, payroll numbers', async () => {
    const res = await admin.get(`/api/admin/timesheets?from=${WEEK}&to=2026-10-25`, { accept: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="timesheets-generic-${WEEK}-to-2026-10-25.csv"`,
    );
    // The UTF-8 byte order mark Excel needs for £ and accents (fetch's text() drops it).
    expect(res.text.startsWith('Week starting,')).toBe(true);
    expect(
      [
        ...new Uint8Array(await csvBytes(`/api/admin/timesheets?from=${WEEK}&to=2026-10-25&format=csv`)),
      ].slice(0, 3),
    ).toEqual([0xef, 0xbb, 0xbf]);
    const rows = readCsv(res.text);
    expect(rows.filter((r) => (r[0] ?? '').startsWith('#'))).toEqual([]);
    expect(rows[0]).toEqual([
      'Week starting',
      'Date',
      'Staff member',
      'Payroll number',
      'Scheduled hours',
      'Worked hours',
      'Break minutes',
      'Late minutes',
      'Hourly rate (GBP)',
      'Cost (GBP)',
      'Flags',
      'Status',
      'Approved by',
      'Approved at',
    ]);
    const data = rows.slice(1).sort((a, b) => (a[2] as string).localeCompare(b[2] as string));
    expect(data).toEqual(
      [
        [
          WEEK,
          '2026-10-24',
          'Sam Server',
          // No payroll number yet: the cell is empty, never an internal id.
          '',
          '6.50',
          '6.92',
          '30',
          '10',
          '12.00',
          '83.00',
          'corrected',
          'approved',
          'Bea Boss',
          '2026-10-27 19:00',
        ],
        [
          WEEK,
          '2026-10-21',
          // The formula is defused with an apostrophe; the comma and quotes survive quoting.
          '\'=Pat "Pint", Pourer',
          '',
          '3.00',
          '2.92',
          '0',
          '5',
          '',
          '',
          'corrected',
          'approved',
          'Bea Boss',
          '2026-10-27 19:00',
        ],
      ].sort((a, b) => (a[2] as string).localeCompare(b[2] as string)),
    );
    expect(res.text).toContain('"\'=Pat ""Pint"", Pourer"');
  });

  it('exports the BrightPay layout: header first, one row per person for the period, works number, status and period beside', async () => {
    const res = await admin.get(
      `/api/admin/timesheets?from=2026-10-20&to=2026-11-01&format=csv&layout=brightpay`,
    );
    expect(res.status).toBe(200);
    const rows = readCsv(res.text);
    const period = '2026-10-19 to 2026-11-01';
    expect(rows).toEqual([
      [
        'Employee first name',
        'Employee surname',
        'Employee works number',
        'Payment 1: Rate per hour (if different from standard rate)',
        'Payment 1: Description',
        'Payment 1: Number of normal hours',
        'Lastman status',
        'Lastman period',
        'Lastman filters',
      ],
      // People in name order ("=" sorts before letters); Pat's two weeks are one row (175 + 120
      // minutes), not approved as the second week is not.
      ["'=Pat", '"Pint", Pourer', '', '', `Hours ${period}`, '4.92', 'not approved', period, 'all staff'],
      ['Sam', 'Server', '', '12.00', `Hours ${period}`, '6.92', 'approved', period, 'all staff'],
    ]);
    const one = await admin.get(`/api/admin/timesheets?from=${WEEK}&to=${WEEK}&format=csv&userId=${staffId}`);
    expect(readCsv(one.text).map((r) => r[2])).toEqual(['Staff member', 'Sam Server']);
  });

  it('exports the Sage 50 layout once everyone with hours has a payroll number: fixed columns, no header', async () => {
    const sage = (query: string) =>
      admin.get(`/api/admin/timesheets?from=2026-10-20&to=2026-11-01&format=csv&layout=sage50${query}`);
    const noPayment = await sage('');
    expect(noPayment.status).toBe(400);
    expect(noPayment.json.error.message).toBe(
      'Say which Sage payment number these hours are paid under (such as 1).',
    );
    const noNumbers = await sage('&sagePayment=3');
    expect(noNumbers.status).toBe(409);
    expect(noNumbers.json.error.message).toBe(
      'Give =Pat "Pint", Pourer, Sam Server a payroll number first (Pay rates): Sage matches hours by it.',
    );

    const number = (userId: string, payrollNumber: string | null, by = admin) =>
      by.put(`/api/admin/staff/${userId}/payroll-number`, { payrollNumber });
    expect((await number(staffId, ' S-1 ')).status).toBe(204);
    const taken = await number(patId, 'S-1');
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe('Another staff member already has payroll number S-1.');
    expect((await number(patId, 'S 1')).status).toBe(400);
    expect((await number(patId, '-7')).status).toBe(400);
    expect((await number(staffId, 'X-9', otherAdmin)).status).toBe(404);
    expect((await number(patId, '7')).status).toBe(204);
    // Clearing the rate (from the week's Monday) keeps the rest of the person's settings.
    const samRate = (hourlyRatePence: number | null) =>
      admin.put(`/api/admin/staff/${staffId}/pay-rate`, { hourlyRatePence, from: WEEK });
    expect((await samRate(null)).status).toBe(200);
    expect(personIn((await report()).json, staffId)).toMatchObject({
      hourlyRatePence: null,
      payrollNumber: 'S-1',
    });
    expect((await samRate(1200)).status).toBe(200);

    const res = await sage('&sagePayment=3');
    expect(res.status).toBe(200);
    // Pat's weeks are not all approved, so the file's name says so (the fixed columns cannot).
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="timesheets-sage50-2026-10-19-to-2026-11-01-includes-not-approved.csv"',
    );
    // A payment (2), employee number, payment number, no department or cost centre, the period's
    // hours (Pat 175 + 120 minutes, Sam 415) and the rate (empty: the one Sage holds).
    expect(readCsv(res.text)).toEqual([
      ['2', '7', '3', '', '', '4.92', ''],
      ['2', 'S-1', '3', '', '', '6.92', '12.00'],
    ]);
    const approvedOnly = await admin.get(
      `/api/admin/timesheets?from=${WEEK}&to=${WEEK}&format=csv&layout=sage50&sagePayment=3`,
    );
    expect(approvedOnly.headers.get('content-disposition')).toContain('-all-approved.csv');
    expect(readCsv(approvedOnly.text)).toHaveLength(2);
    // The spreadsheet file names staff by the same payroll numbers.
    const generic = readCsv(
      (await admin.get(`/api/admin/timesheets?from=${WEEK}&to=${WEEK}&format=csv`)).text,
    );
    expect(generic.slice(1).map((r) => [r[2], r[3]])).toEqual(
      expect.arrayContaining([
        ['Sam Server', 'S-1'],
        ['\'=Pat "Pint", Pourer', '7'],
      ]),
    );
    expect((await number(patId, null)).status).toBe(204);
    expect(personIn((await report()).json, patId).payrollNumber).toBeNull();
  });

  it('pays each day at the rate of that day: a change from a date leaves the days before it alone', async () => {
    const rate = (body: object) => admin.put(`/api/admin/staff/${patId}/pay-rate`, body);
    const first = await rate({ hourlyRatePence: 1000 });
    expect(first.status).toBe(200);
    // Pat's first rate covers the hours already worked.
    expect(first.json).toEqual({ effectiveFrom: '1970-01-01' });
    expect((await rate({ hourlyRatePence: 1100, from: '2026-10-27' })).json).toEqual({
      effectiveFrom: '2026-10-27',
    });
    expect((await rate({ hourlyRatePence: 1300, from: '2026-11-02' })).status).toBe(200);
    expect((await rate({ hourlyRatePence: 1300, from: '2026-02-30' })).status).toBe(400);

    const res = await report('from=2026-10-19&to=2026-11-01');
    const before = personIn(res.json, patId, 0);
    const after = personIn(res.json, patId, 1);
    // Wednesday 21st: 175 minutes at 1000p; Tuesday 27th: 120 minutes at 1100p.
    expect(before.days[2]).toMatchObject({ workedMinutes: 175, hourlyRatePence: 1000, costPence: 2917 });
    expect(before).toMatchObject({ hourlyRatePence: 1000, totals: { costPence: 2917 } });
    expect(after.days[0]).toMatchObject({ hourlyRatePence: 1000, costPence: 0 });
    expect(after.days[1]).toMatchObject({ workedMinutes: 120, hourlyRatePence: 1100, costPence: 2200 });
    expect(after).toMatchObject({ hourlyRatePence: 1100, totals: { costPence: 2200 } });

    const bright = readCsv(
      (await admin.get('/api/admin/timesheets?from=2026-10-19&to=2026-11-01&format=csv&layout=brightpay'))
        .text,
    );
    // One row for Pat: a payment per rate, side by side, each payment's columns named by its number
    // and by BrightPay's own field names, in the order its import lists them.
    expect(bright[0]?.slice(3, 9)).toEqual([
      'Payment 1: Rate per hour (if different from standard rate)',
      'Payment 1: Description',
      'Payment 1: Number of normal hours',
      'Payment 2: Rate per hour (if different from standard rate)',
      'Payment 2: Description',
      'Payment 2: Number of normal hours',
    ]);
    expect(bright.filter((r) => r[0] === "'=Pat").map((r) => r.slice(2, 9))).toEqual([
      [
        '',
        '10.00',
        'Hours 2026-10-19 to 2026-11-01',
        '2.92',
        '11.00',
        'Hours 2026-10-19 to 2026-11-01',
        '2.00',
      ],
    ]);

    // The rota shows today's rate (the clock is on the 27th) and the rise set ahead.
    const week = await admin.get('/api/admin/rota?week=2026-10-26');
    expect(week.json.staff.find((s: { userId: string }) => s.userId === patId)).toMatchObject({
      hourlyRatePence: 1100,
      nextRate: { from: '2026-11-02', hourlyRatePence: 1300 },
    });
    expect((await otherAdmin.put(`/api/admin/staff/${patId}/pay-rate`, { hourlyRatePence: 1 })).status).toBe(
      404,
    );
  });

  it('pays someone without a rate of their own at the rate of the position worked, in the report and all three files', async () => {
    // Kit has no rate of their own at first; the club pays its kitchen 1050p and its bar 1150p.
    const kit = await aMember(server, {
      club: kings,
      role: 'staff',
      email: 'kit@kings.test',
      name: 'Kit Cook',
    });
    for (const [position, hourlyRatePence] of [
      ['Kitchen', 1050],
      ['Bar', 1150],
    ] as const) {
      expect((await admin.put('/api/admin/position-pay-rates', { position, hourlyRatePence })).status).toBe(
        204,
      );
    }
    server.clock.set('2026-11-01T09:00:00Z');
    const shift = (startsAt: string, endsAt: string, position: string) =>
      admin.post('/api/admin/shifts', { userId: kit.userId, startsAt, endsAt, position, breakMinutes: 0 });
    // Tuesday 3 November: a kitchen shift by day and a bar shift in the evening.
    expect((await shift('2026-11-03T10:00:00Z', '2026-11-03T14:00:00Z', 'Kitchen')).status).toBe(201);
    expect((await shift('2026-11-03T18:00:00Z', '2026-11-03T21:00:00Z', 'Bar')).status).toBe(201);
    expect((await admin.post('/api/admin/rota/publish', { week: '2026-11-02' })).status).toBe(200);
    server.clock.set('2026-11-09T09:00:00Z');
    const entry = (clockInAt: string, clockOutAt: string) =>
      admin.post('/api/admin/clock-entries', {
        userId: kit.userId,
        clockInAt,
        clockOutAt,
        breakMinutes: 0,
        reason: 'From the paper sheet',
      });
    expect((await entry('2026-11-03T10:00:00Z', '2026-11-03T14:00:00Z')).status).toBe(201);
    expect((await entry('2026-11-03T18:00:00Z', '2026-11-03T21:00:00Z')).status).toBe(201);
    // Thursday, with no shift near: paid as their usual position, that of their latest shift (bar).
    expect((await entry('2026-11-05T12:00:00Z', '2026-11-05T13:30:00Z')).status).toBe(201);
    // From Friday Kit has a rate of their own, which comes first.
    expect(
      (
        await admin.put(`/api/admin/staff/${kit.userId}/pay-rate`, {
          hourlyRatePence: 1400,
          from: '2026-11-06',
        })
      ).status,
    ).toBe(200);
    expect((await entry('2026-11-06T10:00:00Z', '2026-11-06T12:00:00Z')).status).toBe(201);

    const res = await report('from=2026-11-02&to=2026-11-08');
    const k = personIn(res.json, kit.userId);
    expect(
      k.entries.map((e: { position: string; hourlyRatePence: number }) => [e.position, e.hourlyRatePence]),
    ).toEqual([
      ['Kitchen', 1050],
      ['Bar', 1150],
      ['Bar', 1150],
      ['Bar', 1400],
    ]);
    // Tuesday: 240 minutes at 1050p and 180 at 1150p, two rates in a day (each entry names its own).
    expect(k.days[1]).toMatchObject({ workedMinutes: 420, hourlyRatePence: null, costPence: 4200 + 3450 });
    expect(k.days[3]).toMatchObject({ workedMinutes: 90, hourlyRatePence: 1150, costPence: 1725 });
    expect(k.days[4]).toMatchObject({ workedMinutes: 120, hourlyRatePence: 1400, costPence: 2800 });
    expect(k).toMatchObject({ hourlyRatePence: 1400, totals: { workedMinutes: 630, costPence: 12175 } });

    const csv = (layout: string, extra = '') =>
      admin.get(`/api/admin/timesheets?from=2026-11-02&to=2026-11-08&format=csv&layout=${layout}${extra}`);
    const generic = readCsv((await csv('generic')).text).filter((r) => r[2] === 'Kit Cook');
    expect(generic.map((r) => [r[1], r[4], r[5], r[8], r[9]])).toEqual([
      ['2026-11-03', '7.00', '4.00', '10.50', '42.00'],
      ['2026-11-03', '0.00', '3.00', '11.50', '34.50'],
      ['2026-11-05', '0.00', '1.50', '11.50', '17.25'],
      ['2026-11-06', '0.00', '2.00', '14.00', '28.00'],
    ]);
    const bright = readCsv((await csv('brightpay')).text).filter((r) => r[0] === 'Kit');
    // Each payment: rate, description, hours.
    expect(bright.map((r) => [r[5], r[3], r[8], r[6], r[11], r[9]])).toEqual([
      ['4.00', '10.50', '4.50', '11.50', '2.00', '14.00'],
    ]);
    expect(
      (await admin.put(`/api/admin/staff/${kit.userId}/payroll-number`, { payrollNumber: 'K-1' })).status,
    ).toBe(204);
    expect(readCsv((await csv('sage50', '&sagePayment=3')).text)).toEqual([
      ['2', 'K-1', '3', '', '', '4.00', '10.50'],
      ['2', 'K-1', '3', '', '', '4.50', '11.50'],
      ['2', 'K-1', '3', '', '', '2.00', '14.00'],
    ]);
    // The rota costs the same shifts by the same rule.
    const rota = await admin.get('/api/admin/rota?week=2026-11-02');
    expect(
      rota.json.shifts
        .filter((s: { userId: string }) => s.userId === kit.userId)
        .map((s: { costPence: number }) => s.costPence),
    ).toEqual([4200, 3450]);
    server.clock.set('2026-10-27T19:00:00Z');
  });

  it('pays hours added without a shift at the person’s rate, and BrightPay gets one row with their works number', async () => {
    // A club of its own, so Lee's hours leave the other tests' weeks alone.
    const cellar = await aClub(server, { slug: 'cellar-club', name: 'The Cellar Club' });
    const admin = (await aMember(server, { club: cellar, role: 'admin', email: 'boss@cellar.test' })).client;
    const report = async (query: string) => admin.get(`/api/admin/timesheets?${query}`);
    // Lee has no rate of their own; the club pays its cellar 1250p. Lee's only shift is a draft.
    const lee = await aMember(server, {
      club: cellar,
      role: 'staff',
      email: 'lee@kings.test',
      name: 'Lee Lamb',
    });
    expect(
      (await admin.put('/api/admin/position-pay-rates', { position: 'Cellar', hourlyRatePence: 1250 }))
        .status,
    ).toBe(204);
    server.clock.set('2026-11-10T09:00:00Z');
    const draft = await admin.post('/api/admin/shifts', {
      userId: lee.userId,
      startsAt: '2026-11-11T22:00:00Z',
      endsAt: '2026-11-11T22:30:00Z',
      position: 'Cellar',
      breakMinutes: 0,
    });
    expect(draft.status).toBe(201);
    server.clock.set('2026-11-20T09:00:00Z');
    const entry = (clockInAt: string, clockOutAt: string) =>
      admin.post('/api/admin/clock-entries', {
        userId: lee.userId,
        clockInAt,
        clockOutAt,
        breakMinutes: 0,
        reason: 'From the paper sheet',
      });
    // A minute on the shift, and 12 h 45 min from the paper sheet with no shift near.
    expect((await entry('2026-11-11T22:00:00Z', '2026-11-11T22:01:00Z')).status).toBe(201);
    const added = await entry('2026-11-11T09:00:00Z', '2026-11-11T21:45:00Z');
    expect(added.status).toBe(201);
    expect(added.json.entry).toMatchObject({ shiftId: null, position: 'Cellar', hourlyRatePence: 1250 });
    const day = personIn((await report('from=2026-11-09&to=2026-11-15')).json, lee.userId).days[2];
    // 12 h 46 min at £12.50 is £159.58, not the £0.21 of the one minute on the shift.
    expect(day).toMatchObject({ workedMinutes: 766, hourlyRatePence: 1250, costPence: 15958 });

    // The next week, at a rate of Lee's own from Monday: BrightPay still gets one row for Lee.
    expect((await entry('2026-11-16T10:00:00Z', '2026-11-16T12:00:00Z')).status).toBe(201);
    expect(
      (
        await admin.put(`/api/admin/staff/${lee.userId}/pay-rate`, {
          hourlyRatePence: 1300,
          from: '2026-11-16',
        })
      ).status,
    ).toBe(200);
    expect(
      (await admin.put(`/api/admin/staff/${lee.userId}/payroll-number`, { payrollNumber: 'L-7' })).status,
    ).toBe(204);
    const bright = readCsv(
      (
        await admin.get(
          `/api/admin/timesheets?from=2026-11-09&to=2026-11-22&format=csv&layout=brightpay&userId=${lee.userId}`,
        )
      ).text,
    );
    const period = 'Hours 2026-11-09 to 2026-11-22';
    expect(bright.slice(1)).toEqual([
      [
        'Lee',
        'Lamb',
        'L-7',
        '12.50',
        period,
        '12.77',
        '13.00',
        period,
        '2.00',
        'not approved',
        '2026-11-09 to 2026-11-22',
        'staff member Lee Lamb',
      ],
    ]);
    server.clock.set('2026-10-27T19:00:00Z');
  });

  it('asks before approving a week that has not ended, and then keeps that week’s rota as approved', async () => {
    const approvals = '/api/admin/timesheets/approvals';
    server.clock.set('2026-11-01T09:00:00Z');
    const shift = (userId: string, startsAt: string, endsAt: string) =>
      admin.post('/api/admin/shifts', { userId, startsAt, endsAt, position: 'Bar', breakMinutes: 0 });
    const ids: string[] = [];
    for (const day of ['09', '12', '14']) {
      const made = await shift(patId, `2026-11-${day}T17:00:00Z`, `2026-11-${day}T20:00:00Z`);
      expect(made.status).toBe(201);
      ids.push(made.json.shift.id);
    }
    const [monday, thursday, saturday] = ids;
    expect((await admin.post('/api/admin/rota/publish', { week: '2026-11-09' })).status).toBe(200);

    // Wednesday noon: Monday's shift is done, Thursday's and Saturday's are still to come.
    server.clock.set('2026-11-11T12:00:00Z');
    const question = {
      code: 'CONFIRMATION_REQUIRED',
      message: 'This week has not ended: 2 shifts are still to come. Approve anyway?',
    };
    const one = await admin.post(approvals, { week: '2026-11-11', userId: patId });
    expect(one.status).toBe(409);
    expect(one.json.error).toEqual(question);
    const all = await admin.post(approvals, { week: '2026-11-09' });
    expect(all.status).toBe(409);
    expect(all.json.error).toEqual(question);
    const week = () => report('from=2026-11-09&to=2026-11-09');
    expect(personIn((await week()).json, patId).approval).toBeNull();
    expect((await admin.post(approvals, { week: '2026-11-09', confirmNotEnded: false })).status).toBe(400);
    // A note on Monday's shift makes it a draft again, not yet counted.
    expect((await admin.patch(`/api/admin/shifts/${monday}`, { notes: 'Cellar delivery' })).status).toBe(200);
    const yes = await admin.post(approvals, { week: '2026-11-09', userId: patId, confirmNotEnded: true });
    expect(yes.json).toEqual({ approved: 1 });

    // The approved week's rota stays as approved: no shift added, changed, removed or swapped away.
    const plain =
      '=Pat "Pint", Pourer’s timesheet for the week of Mon 9 Nov is approved, so their shifts in that week cannot change: reopen the week under Timesheets first.';
    const refusals = [
      await shift(patId, '2026-11-13T17:00:00Z', '2026-11-13T20:00:00Z'),
      await admin.patch(`/api/admin/shifts/${thursday}`, { breakMinutes: 15 }),
      await admin.delete(`/api/admin/shifts/${thursday}`),
    ];
    // Nor a shift of someone else moved into it.
    const samsLater = await shift(staffId, '2026-11-17T17:00:00Z', '2026-11-17T20:00:00Z');
    expect(samsLater.status).toBe(201);
    refusals.push(
      await admin.patch(`/api/admin/shifts/${samsLater.json.shift.id}`, {
        userId: patId,
        startsAt: '2026-11-13T17:00:00Z',
        endsAt: '2026-11-13T20:00:00Z',
      }),
    );
    const offer = await pat.post(`/api/shifts/${saturday}/swaps`, { toUserId: staffId });
    expect(offer.status).toBe(201);
    const swapId = offer.json.swap.id as string;
    expect((await staff.post(`/api/shift-swaps/${swapId}/answer`, { accept: true })).status).toBe(200);
    refusals.push(await admin.post(`/api/admin/shift-swaps/${swapId}/decision`, { approve: true }));
    // Nor can that draft be published into it.
    refusals.push(await admin.post('/api/admin/rota/publish', { week: '2026-11-09' }));
    for (const r of refusals) {
      expect(r.status).toBe(409);
      expect(r.json.error.message).toBe(plain);
    }
    expect(personIn((await week()).json, patId).totals.scheduledMinutes).toBe(360);
    // Someone else's week is theirs to change.
    expect((await shift(staffId, '2026-11-13T17:00:00Z', '2026-11-13T20:00:00Z')).status).toBe(201);

    // Reopened, the swap goes through and the hours follow.
    expect((await admin.delete(`${approvals}/2026-11-09/${patId}`)).status).toBe(204);
    const approved = await admin.post(`/api/admin/shift-swaps/${swapId}/decision`, { approve: true });
    expect(approved.status).toBe(200);
    expect(personIn((await week()).json, patId).totals.scheduledMinutes).toBe(180);
    server.clock.set('2026-10-27T19:00:00Z');
  });

  it('shows staff their own hours only, without rate or cost, and admins of another club nothing', async () => {
    const mine = await staff.get(`/api/timesheets/mine?from=${WEEK}&to=2026-11-01`);
    expect(mine.status).toBe(200);
    expect(mine.json.weeks).toHaveLength(2);
    expect(mine.json.weeks[0].people).toHaveLength(1);
    expect(mine.json.weeks[0].people[0]).toMatchObject({
      userId: staffId,
      hourlyRatePence: null,
      payrollNumber: null,
      totals: { workedMinutes: 415, scheduledMinutes: 390, costPence: null },
      approval: { byName: 'Bea Boss' },
    });
    expect(mine.json.weeks[0].people[0].entries[0].corrections).toHaveLength(2);
    expect((await staff.get(`/api/admin/timesheets?from=${WEEK}&to=${WEEK}`)).status).toBe(403);
    expect((await staff.patch(`/api/admin/clock-entries/${entryId}`, { reason: 'x' })).status).toBe(403);

    const theirs = await otherAdmin.get(`/api/admin/timesheets?from=${WEEK}&to=${WEEK}`);
    expect(theirs.status).toBe(200);
    expect(theirs.json.weeks[0].people).toEqual([]);
    expect(
      (await otherAdmin.get(`/api/admin/timesheets?from=${WEEK}&to=${WEEK}&userId=${staffId}`)).status,
    ).toBe(404);
    expect(
      (await otherAdmin.patch(`/api/admin/clock-entries/${entryId}`, { reason: 'Mine now' })).status,
    ).toBe(404);
    expect(
      (await otherAdmin.post('/api/admin/timesheets/approvals', { week: WEEK, userId: staffId })).status,
    ).toBe(404);
    expect((await otherAdmin.delete(`/api/admin/timesheets/approvals/${WEEK}/${staffId}`)).status).toBe(404);
    const csv = await otherAdmin.get(`/api/admin/timesheets?from=${WEEK}&to=${WEEK}&format=csv`);
    expect(readCsv(csv.text)).toHaveLength(1);
  });

  it('the migration gives each rate set before rates had dates to all of that person’s hours', async () => {
    // The table as it was: the rate on staff_settings.
    const person = await aMember(server, { club: kings, role: 'staff', email: 'old@kings.test' });
    await server.db.execute(sql`alter table staff_settings add column hourly_rate_pence integer`);
    try {
      await server.db.execute(
        sql`insert into staff_settings (club_id, user_id, hourly_rate_pence)
            values (${kings.id}, ${person.userId}, 1075)`,
      );
      const migration = readFileSync(
        new URL('../../drizzle/0022_pay_rate_history.sql', import.meta.url),
        'utf8',
      );
      const copy = migration.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO'));
      await server.db.execute(sql.raw(copy as string));
    } finally {
      await server.db.execute(sql`alter table staff_settings drop column hourly_rate_pence`);
    }
    const rows = await sqlRows<{ effective_from: string; hourly_rate_pence: number }>(
      server.db,
      sql`select effective_from::text, hourly_rate_pence from staff_pay_rates where user_id = ${person.userId}`,
    );
    expect(rows).toEqual([{ effective_from: '1970-01-01', hourly_rate_pence: 1075 }]);
  });
});
