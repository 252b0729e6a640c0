import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clockEntries,
  entries,
  eventRegistrations,
  events,
  fixtures,
  picks,
  positionPayRates,
  seasons,
  shifts,
  staffPayRates,
  teams,
} from '../../src/db/schema/index.ts';
import { sqlRows } from '../../src/db/sql-rows.ts';
import type { HttpClient } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aCompetition, aMember, anOrder, aUser } from '../support/world.ts';

// The week of 23 to 29 March 2026 in London: the clocks go forward at 01:00 GMT on Sunday 29 March,
// so that day is 23 hours long and ends at 2026-03-29T23:00Z.
const WEEK = { from: '2026-03-23', to: '2026-03-29' };
const at = (iso: string) => new Date(iso);

describe.each(backends())('analytics on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  let staffClient: HttpClient;
  let otherAdmin: HttpClient;
  let clubId: string;
  let otherClubId: string;
  let samId: string;
  let patId: string;
  let cup: Awaited<ReturnType<typeof aCompetition>>;
  let fixed: Awaited<ReturnType<typeof aCompetition>>;
  let theirs: Awaited<ReturnType<typeof aCompetition>>;
  const team: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(backend, { now: '2026-03-30T09:00:00Z' });
    const club = await aClub(server);
    clubId = club.id;
    admin = (await aMember(server, { club, role: 'admin', email: 'manager@kings.test' })).client;
    const staff = await aMember(server, { club, role: 'staff', email: 'sam@kings.test', name: 'Sam' });
    staffClient = staff.client;
    samId = staff.userId;
    const other = await aClub(server, { slug: 'other-club', name: 'The Other Club' });
    otherClubId = other.id;
    otherAdmin = (await aMember(server, { club: other, role: 'admin', email: 'boss@other.test' })).client;

    const [season] = await server.db
      .insert(seasons)
      .values({ key: 'analytics-test', name: 'Analytics test season', source: 'demo' })
      .returning();
    if (!season) throw new Error('no season');
    for (const name of ['Arsenal', 'Brentford', 'Chelsea', 'Everton']) {
      const [t] = await server.db
        .insert(teams)
        .values({ name, shortName: name.slice(0, 3).toUpperCase() })
        .returning();
      team[name] = t?.id as string;
    }
    // A match on Saturday 28 March; the one on Sunday 29th is postponed, so Sunday is not a match day.
    await server.db.insert(fixtures).values([
      {
        seasonId: season.id,
        externalId: 'a-1',
        round: 1,
        homeTeamId: team.Arsenal as string,
        awayTeamId: team.Brentford as string,
        kickoffAt: at('2026-03-28T15:00:00Z'),
        status: 'finished',
      },
      {
        seasonId: season.id,
        externalId: 'a-2',
        round: 1,
        homeTeamId: team.Chelsea as string,
        awayTeamId: team.Everton as string,
        kickoffAt: at('2026-03-29T14:00:00Z'),
        status: 'postponed',
      },
    ]);

    cup = await aCompetition(server, {
      clubId,
      seasonId: season.id,
      name: 'Spring Cup',
      entryFeePence: 500,
      houseSharePercent: 10,
      status: 'running',
      startRound: 1,
    });
    fixed = await aCompetition(server, {
      clubId,
      seasonId: season.id,
      name: 'Fixed Prize',
      prizeModel: 'fixed',
      entryFeePence: 200,
      prizePence: 10_000,
      startRound: 1,
    });
    theirs = await aCompetition(server, {
      clubId: otherClubId,
      seasonId: season.id,
      name: 'Their Cup',
      startRound: 1,
    });

    const p = await Promise.all(
      [1, 2, 3, 4].map((i) => aUser(server, { club, email: `p${i}@kings.test`, name: `Player ${i}` })),
    );
    const them = await aUser(server, { club: other, email: 'them@other.test' });
    const [p1, p2, p3, p4] = p as [string, string, string, string];

    // Orders: paid, refunded, partially refunded, pending, failed, one paid just after the period
    // (00:30 on 30 March in London), one just before it, and another club's.
    const paid = { status: 'paid' as const };
    await anOrder(server, {
      competition: cup,
      userId: p1,
      ...paid,
      entryCount: 2,
      amountPence: 1000,
      paidAt: at('2026-03-28T12:00:00Z'),
    });
    await anOrder(server, {
      competition: cup,
      userId: p2,
      status: 'refunded',
      refundedPence: 500,
      paidAt: at('2026-03-24T09:00:00Z'),
    });
    await anOrder(server, {
      competition: fixed,
      userId: p3,
      status: 'partially_refunded',
      entryCount: 3,
      unitPricePence: 200,
      amountPence: 600,
      refundedPence: 200,
      paidAt: at('2026-03-29T22:59:00Z'),
    });
    await anOrder(server, { competition: cup, userId: p4, ...paid, paidAt: at('2026-03-23T00:00:00Z') });
    await anOrder(server, { competition: cup, userId: p4, status: 'pending' });
    await anOrder(server, { competition: cup, userId: p4, status: 'failed' });
    await anOrder(server, { competition: cup, userId: p4, ...paid, paidAt: at('2026-03-29T23:30:00Z') });
    await anOrder(server, { competition: cup, userId: p3, ...paid, paidAt: at('2026-03-20T20:00:00Z') });
    await anOrder(server, { competition: theirs, userId: them, ...paid, paidAt: at('2026-03-25T12:00:00Z') });

    // Entries: in the period (active, out in round 1, out in round 2, won), pending, refunded, before,
    // and another club's.
    const entry = async (
      competitionId: string,
      userId: string,
      status: 'active' | 'eliminated' | 'won' | 'pending' | 'refunded',
      createdAt: string,
      eliminatedRound: number | null = null,
      ofClub = clubId,
    ) => {
      const [row] = await server.db
        .insert(entries)
        .values({ clubId: ofClub, competitionId, userId, status, createdAt: at(createdAt), eliminatedRound })
        .returning();
      return row?.id as string;
    };
    const e1 = await entry(cup.id, p1, 'active', '2026-03-28T12:00:00Z');
    const e2 = await entry(cup.id, p1, 'eliminated', '2026-03-28T12:00:00Z', 1);
    const e3 = await entry(cup.id, p4, 'eliminated', '2026-03-23T00:00:00Z', 2);
    const e4 = await entry(cup.id, p3, 'active', '2026-03-20T20:00:00Z');
    await entry(cup.id, p2, 'refunded', '2026-03-24T09:00:00Z');
    await entry(cup.id, p4, 'pending', '2026-03-26T09:00:00Z');
    await entry(fixed.id, p3, 'active', '2026-03-29T22:59:00Z');
    await entry(fixed.id, p3, 'won', '2026-03-29T22:59:00Z');
    await entry(fixed.id, p3, 'active', '2026-03-29T23:30:00Z');
    const theirEntry = await entry(theirs.id, them, 'active', '2026-03-25T12:00:00Z', null, otherClubId);

    const pick = (
      entryId: string,
      round: number,
      teamId: string,
      outcome: 'survived' | 'eliminated' | null,
    ) => ({
      clubId,
      competitionId: cup.id,
      entryId,
      round,
      teamId,
      outcome,
    });
    await server.db
      .insert(picks)
      .values([
        pick(e1, 1, team.Arsenal as string, 'survived'),
        pick(e2, 1, team.Brentford as string, 'eliminated'),
        pick(e3, 1, team.Arsenal as string, 'survived'),
        pick(e4, 1, team.Arsenal as string, 'survived'),
        pick(e1, 2, team.Chelsea as string, 'survived'),
        pick(e3, 2, team.Everton as string, 'eliminated'),
        pick(e4, 2, team.Chelsea as string, 'survived'),
        pick(e1, 3, team.Everton as string, null),
        pick(e4, 3, team.Chelsea as string, null),
      ]);
    await server.db.insert(picks).values({
      clubId: otherClubId,
      competitionId: theirs.id,
      entryId: theirEntry,
      round: 1,
      teamId: team.Arsenal as string,
      outcome: 'survived',
    });

    // Clock-ins: Sam at £11.50 an hour (an evening with a break; a night across the clock change),
    // Pat with no rate, an open one (not counted), one before the period and another club's.
    const pat = await aUser(server, { club, email: 'pat@kings.test', name: 'Pat' });
    patId = pat;
    // Sam's rate changes: 900p at first, 1150p from before the period, a rise set ahead for after it.
    await server.db.insert(staffPayRates).values([
      { clubId, userId: staff.userId, effectiveFrom: '1970-01-01', hourlyRatePence: 900 },
      { clubId, userId: staff.userId, effectiveFrom: '2026-03-20', hourlyRatePence: 1150 },
      { clubId, userId: staff.userId, effectiveFrom: '2026-03-30', hourlyRatePence: 2000 },
    ]);
    const clock = (
      userId: string,
      inAt: string,
      outAt: string | null,
      breakMinutes = 0,
      ofClub = clubId,
    ) => ({
      clubId: ofClub,
      userId,
      clockInAt: at(inAt),
      clockOutAt: outAt ? at(outAt) : null,
      breakMinutes,
    });
    await server.db
      .insert(clockEntries)
      .values([
        clock(staff.userId, '2026-03-28T17:00:00Z', '2026-03-28T23:10:00Z', 20),
        clock(staff.userId, '2026-03-29T00:30:00Z', '2026-03-29T03:00:00Z'),
        clock(staff.userId, '2026-03-24T10:00:00Z', '2026-03-24T10:07:00Z'),
        clock(staff.userId, '2026-03-22T23:30:00Z', '2026-03-23T01:00:00Z'),
        clock(pat, '2026-03-24T10:00:00Z', '2026-03-24T14:00:00Z', 30),
        clock(pat, '2026-03-29T22:00:00Z', null),
        clock(them, '2026-03-25T10:00:00Z', '2026-03-25T18:00:00Z', 0, otherClubId),
      ]);

    const [quiz] = await server.db
      .insert(events)
      .values({
        clubId,
        title: 'Quiz night',
        startsAt: at('2026-04-01T19:00:00Z'),
        endsAt: at('2026-04-01T22:00:00Z'),
      })
      .returning();
    const quizId = quiz?.id as string;
    await server.db.insert(eventRegistrations).values([
      { clubId, eventId: quizId, occurrenceKey: '', userId: p1, createdAt: at('2026-03-25T10:00:00Z') },
      { clubId, eventId: quizId, occurrenceKey: '', userId: p2, createdAt: at('2026-03-26T10:00:00Z') },
      { clubId, eventId: quizId, occurrenceKey: '', userId: p3, createdAt: at('2026-03-10T10:00:00Z') },
    ]);
  });
  afterAll(() => server?.close());

  /** The figures computed straight from the rows, in SQL with PostgreSQL's own London time. */
  async function direct(from: string, to: string, competitionId?: string) {
    const comp = competitionId ? sql`and competition_id = ${competitionId}` : sql``;
    const [money] = await sqlRows<{ revenue: number; refunds: number }>(
      server.db,
      sql`select coalesce(sum(amount_pence), 0)::int as revenue, coalesce(sum(refunded_pence), 0)::int as refunds
          from orders where club_id = ${clubId} ${comp}
            and status in ('paid', 'partially_refunded', 'refunded')
            and (paid_at at time zone 'Europe/London')::date between ${from}::date and ${to}::date`,
    );
    const [made] = await sqlRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from entries where club_id = ${clubId} ${comp}
            and status in ('active', 'eliminated', 'won')
            and (created_at at time zone 'Europe/London')::date between ${from}::date and ${to}::date`,
    );
    const worked = await sqlRows<{ ms: number; rate: number | null }>(
      server.db,
      sql`select greatest(0, extract(epoch from (c.clock_out_at - c.clock_in_at)) * 1000 - c.break_minutes * 60000)::float8 as ms,
                 coalesce(
                   (select r.hourly_rate_pence from staff_pay_rates r
                     where r.club_id = c.club_id and r.user_id = c.user_id
                       and r.effective_from <= (c.clock_in_at at time zone 'Europe/London')::date
                     order by r.effective_from desc limit 1),
                   -- No own rate that day: the rate of the position worked (the clock-in's shift's,
                   -- else the person's latest published shift begun by the clock-in, else their
                   -- first published one after it, else their shift nearest in time).
                   (select p.hourly_rate_pence from position_pay_rates p
                     where p.club_id = c.club_id and p.position = coalesce(
                       (select s.position from shifts s where s.id = c.shift_id),
                       (select s.position from shifts s
                         where s.club_id = c.club_id and s.user_id = c.user_id and s.status = 'published'
                           and s.starts_at <= c.clock_in_at
                         order by s.starts_at desc limit 1),
                       (select s.position from shifts s
                         where s.club_id = c.club_id and s.user_id = c.user_id and s.status = 'published'
                           and s.starts_at > c.clock_in_at
                         order by s.starts_at limit 1),
                       (select s.position from shifts s
                         where s.club_id = c.club_id and s.user_id = c.user_id
                         order by abs(extract(epoch from (s.starts_at - c.clock_in_at))) limit 1)))) as rate
          from clock_entries c
          where c.club_id = ${clubId} and c.clock_out_at is not null
            and (c.clock_in_at at time zone 'Europe/London')::date between ${from}::date and ${to}::date`,
    );
    return {
      entries: made?.n,
      revenuePence: money?.revenue,
      refundsPence: money?.refunds,
      hoursWorked: Math.round((worked.reduce((s, w) => s + w.ms, 0) / 3_600_000) * 100) / 100,
      staffCostPence: worked.reduce(
        (s, w) => s + (w.rate === null ? 0 : Math.round((w.ms * w.rate) / 3_600_000)),
        0,
      ),
    };
  }

  it('sums the period as the rows do: paid orders and their refunds, entries, hours and staff cost', async () => {
    const res = await admin.get(`/api/admin/analytics/summary?from=${WEEK.from}&to=${WEEK.to}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(await direct(WEEK.from, WEEK.to));
    // The same, worked out by hand: orders 1000 + 500 + 600 + 500; refunds 500 + 200; Sam's 5 h 50,
    // 2 h 30 (clocks forward: 00:30 GMT to 04:00 BST) and 7 minutes at 1150p, Pat's 3 h 30 unpaid.
    expect(res.json).toEqual({
      entries: 5,
      revenuePence: 2600,
      refundsPence: 700,
      hoursWorked: 11.95,
      staffCostPence: 6708 + 2875 + 134,
    });
  });

  it('counts exactly the orders the admin order list shows for the same period', async () => {
    const list = await admin.get(`/api/admin/orders?from=${WEEK.from}&to=${WEEK.to}`);
    expect(list.status).toBe(200);
    const listed = list.json.orders as { amountPence: number; refundedPence: number; status: string }[];
    expect(listed.map((o) => o.status).sort()).toEqual(['paid', 'paid', 'partially_refunded', 'refunded']);
    const summary = (await admin.get(`/api/admin/analytics/summary?from=${WEEK.from}&to=${WEEK.to}`)).json;
    expect(listed.reduce((s, o) => s + o.amountPence, 0)).toBe(summary.revenuePence);
    expect(listed.reduce((s, o) => s + o.refundedPence, 0)).toBe(summary.refundsPence);
  });

  it('filters by date and by competition', async () => {
    for (const [from, to, competitionId] of [
      ['2026-03-28', '2026-03-28', undefined],
      ['2026-03-29', '2026-03-30', undefined],
      ['2026-03-01', '2026-03-31', cup.id],
      [WEEK.from, WEEK.to, fixed.id],
      ['2026-03-16', '2026-03-22', undefined],
    ] as const) {
      const q = `from=${from}&to=${to}${competitionId ? `&competitionId=${competitionId}` : ''}`;
      const res = await admin.get(`/api/admin/analytics/summary?${q}`);
      expect(res.status, q).toBe(200);
      // Hours and staff cost are the club's whatever the competition (the direct sum ignores it too).
      expect(res.json, q).toEqual(await direct(from, to, competitionId));
    }
    const fixedOnly = (
      await admin.get(
        `/api/admin/analytics/summary?from=${WEEK.from}&to=${WEEK.to}&competitionId=${fixed.id}`,
      )
    ).json;
    expect(fixedOnly).toMatchObject({ entries: 2, revenuePence: 600, refundsPence: 200 });
  });

  it('gives the report per competition, week, round and day, and the previous period to compare', async () => {
    const res = await admin.get(`/api/admin/analytics?from=${WEEK.from}&to=${WEEK.to}&compare=true`);
    expect(res.status).toBe(200);
    const r = res.json;
    expect(r.period).toEqual(WEEK);
    expect(r.summary).toEqual(await direct(WEEK.from, WEEK.to));
    const before = await direct('2026-03-16', '2026-03-22');
    // Sam's 90 minutes from 23:30 on Sunday 22nd, at the 1150p that applies from the 20th.
    expect(before.staffCostPence).toBe(1725);
    const [kicked] = await sqlRows<{ n: number }>(
      server.db,
      sql`select count(distinct (kickoff_at at time zone 'Europe/London')::date)::int as n from fixtures
          where status <> 'postponed'
            and (kickoff_at at time zone 'Europe/London')::date between '2026-03-16' and '2026-03-22'`,
    );
    expect(r.previous).toMatchObject({ period: { from: '2026-03-16', to: '2026-03-22' }, summary: before });
    // Match days against the rest in the period before too, adding up to its summary.
    const prevDays = r.previous.matchDays as {
      kind: string;
      days: number;
      staffCostPence: number;
      revenuePence: number;
    }[];
    expect(prevDays.map((m) => [m.kind, m.days])).toEqual([
      ['match', kicked?.n],
      ['other', 7 - (kicked?.n ?? 0)],
    ]);
    expect(prevDays.reduce((s, m) => s + m.staffCostPence, 0)).toBe(before.staffCostPence);
    expect(prevDays.reduce((s, m) => s + m.revenuePence, 0)).toBe(before.revenuePence);
    // The pool's pot: 4 confirmed entries (all time) at 500p less the house's 10%; the fixed prize as set.
    expect(r.competitions).toEqual([
      {
        id: fixed.id,
        name: 'Fixed Prize',
        status: 'open',
        entries: 2,
        revenuePence: 600,
        refundsPence: 200,
        potPence: 10_000,
      },
      {
        id: cup.id,
        name: 'Spring Cup',
        status: 'running',
        entries: 3,
        revenuePence: 2000,
        refundsPence: 500,
        potPence: 1800,
      },
    ]);
    expect(r.competitionChoices).toEqual([
      { id: fixed.id, name: 'Fixed Prize' },
      { id: cup.id, name: 'Spring Cup' },
    ]);
    expect(r.weeks).toEqual([{ week: '2026-03-23', entries: 5, revenuePence: 2600, refundsPence: 700 }]);
    // Four players started; one out in round 1, another in round 2; round 3 is not settled yet.
    expect(r.rounds).toEqual({
      competitionId: cup.id,
      competitionName: 'Spring Cup',
      startingPlayers: 4,
      survival: [
        { round: 1, playersLeft: 3 },
        { round: 2, playersLeft: 2 },
      ],
      mostPicked: [
        {
          round: 1,
          teams: [
            { teamId: team.Arsenal, team: 'Arsenal', picks: 3 },
            { teamId: team.Brentford, team: 'Brentford', picks: 1 },
          ],
        },
        {
          round: 2,
          teams: [
            { teamId: team.Chelsea, team: 'Chelsea', picks: 2 },
            { teamId: team.Everton, team: 'Everton', picks: 1 },
          ],
        },
        // Round 3's picks are not settled and its deadline has not passed: nobody, admins
        // included, learns what others picked until it has.
      ],
    });
    expect(r.days).toHaveLength(7);
    const day = (d: string) => r.days.find((x: { date: string }) => x.date === d);
    expect(day('2026-03-28')).toEqual({
      date: '2026-03-28',
      matchDay: true,
      hoursWorked: 5.83,
      staffCostPence: 6708,
      revenuePence: 1000,
    });
    expect(day('2026-03-29')).toEqual({
      date: '2026-03-29',
      matchDay: false,
      hoursWorked: 2.5,
      staffCostPence: 2875,
      revenuePence: 600,
    });
    expect(day('2026-03-24')).toMatchObject({ hoursWorked: 3.62, staffCostPence: 134, revenuePence: 500 });
    expect(r.matchDays).toEqual([
      { kind: 'match', days: 1, hoursWorked: 5.83, staffCostPence: 6708, revenuePence: 1000 },
      { kind: 'other', days: 6, hoursWorked: 6.12, staffCostPence: 3009, revenuePence: 1600 },
    ]);
    expect(r.unratedHours).toBe(3.5);
    expect(r.events).toEqual([{ eventId: expect.any(String), title: 'Quiz night', signUps: 2 }]);
    // Each breakdown adds up to the summary.
    const sum = (rows: Record<string, number>[], k: string) => rows.reduce((s, x) => s + (x[k] ?? 0), 0);
    expect(sum(r.days, 'staffCostPence')).toBe(r.summary.staffCostPence);
    expect(sum(r.days, 'revenuePence')).toBe(r.summary.revenuePence);
    expect(sum(r.competitions, 'entries')).toBe(r.summary.entries);
  });

  it('pays clocked time without an own rate at the rate of the position worked', async () => {
    const APRIL = { from: '2026-04-06', to: '2026-04-12' };
    await server.db.insert(positionPayRates).values([
      { clubId, position: 'Kitchen', hourlyRatePence: 1000 },
      { clubId, position: 'Bar', hourlyRatePence: 1200 },
      { clubId: otherClubId, position: 'Kitchen', hourlyRatePence: 9999 },
    ]);
    // Pat's own rate is cleared from 1 April (null: paid at the position's rate from then on).
    await server.db
      .insert(staffPayRates)
      .values({ clubId, userId: patId, effectiveFrom: '2026-04-01', hourlyRatePence: null });
    const shift = (userId: string, startsAt: string, endsAt: string, position: string, published = true) => ({
      clubId,
      userId,
      startsAt: at(startsAt),
      endsAt: at(endsAt),
      position,
      status: published ? ('published' as const) : ('draft' as const),
    });
    const [patKitchen, , samBar] = await server.db
      .insert(shifts)
      .values([
        shift(patId, '2026-04-07T09:00:00Z', '2026-04-07T13:00:00Z', 'Kitchen'),
        // A draft is no one's usual position.
        shift(patId, '2026-04-08T09:00:00Z', '2026-04-08T12:00:00Z', 'Bar', false),
        shift(samId, '2026-04-07T10:00:00Z', '2026-04-07T12:00:00Z', 'Bar'),
      ])
      .returning();
    const entry = (userId: string, inAt: string, outAt: string, shiftId: string | null) => ({
      clubId,
      userId,
      shiftId,
      clockInAt: at(inAt),
      clockOutAt: at(outAt),
    });
    await server.db.insert(clockEntries).values([
      entry(patId, '2026-04-07T09:00:00Z', '2026-04-07T13:00:00Z', patKitchen?.id as string),
      // No shift: Pat's usual position, that of the latest published shift, the kitchen.
      entry(patId, '2026-04-08T18:00:00Z', '2026-04-08T20:30:00Z', null),
      // Sam's own rate (2000p from 30 March) comes before the bar's.
      entry(samId, '2026-04-07T10:00:00Z', '2026-04-07T12:00:00Z', samBar?.id as string),
    ]);

    const res = await admin.get(`/api/admin/analytics?from=${APRIL.from}&to=${APRIL.to}`);
    expect(res.status).toBe(200);
    expect(res.json.summary).toEqual(await direct(APRIL.from, APRIL.to));
    // By hand: Pat 4 h and 2 h 30 at the kitchen's 1000p, Sam 2 h at 2000p.
    expect(res.json.summary).toMatchObject({ hoursWorked: 8.5, staffCostPence: 4000 + 2500 + 4000 });
    expect(res.json.unratedHours).toBe(0);
    // March's hours without a shift are now paid as the first published shift after them.
    expect((await admin.get(`/api/admin/analytics/summary?from=${WEEK.from}&to=${WEEK.to}`)).json).toEqual(
      await direct(WEEK.from, WEEK.to),
    );
  });

  it('refuses a backwards or over-long period and another club’s competition, in plain words', async () => {
    const backwards = await admin.get('/api/admin/analytics/summary?from=2026-03-29&to=2026-03-23');
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.message).toBe('The start date must be on or before the end date.');
    const long = await admin.get('/api/admin/analytics?from=2020-01-01&to=2026-03-23');
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe('A period can be at most 732 days long.');
    const bad = await admin.get('/api/admin/analytics/summary?from=2026-02-30');
    expect(bad.status).toBe(400);
    const foreign = await admin.get(`/api/admin/analytics/summary?competitionId=${theirs.id}`);
    expect(foreign.status).toBe(404);
  });

  it('shows another club nothing of this one, and staff nothing at all', async () => {
    const theirsNow = await otherAdmin.get(`/api/admin/analytics?from=${WEEK.from}&to=${WEEK.to}`);
    expect(theirsNow.status).toBe(200);
    expect(theirsNow.json.summary).toEqual({
      entries: 1,
      revenuePence: 500,
      refundsPence: 0,
      hoursWorked: 8,
      staffCostPence: 0,
    });
    expect(theirsNow.json.competitions.map((c: { name: string }) => c.name)).toEqual(['Their Cup']);
    expect(theirsNow.json.rounds.competitionName).toBe('Their Cup');
    expect(theirsNow.json.events).toEqual([]);
    expect(JSON.stringify(theirsNow.json)).not.toContain(cup.id);
    const peek = await otherAdmin.get(`/api/admin/analytics?competitionId=${cup.id}`);
    expect(peek.status).toBe(404);
    expect((await staffClient.get('/api/admin/analytics/summary')).status).toBe(403);
  });

  it('defaults to the 28 days to today in London', async () => {
    const res = await admin.get('/api/admin/analytics');
    expect(res.json.period).toEqual({ from: '2026-03-03', to: '2026-03-30' });
    expect(res.json.previous).toBeNull();
    expect(res.json.days).toHaveLength(28);
  });
});
