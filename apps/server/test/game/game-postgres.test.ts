import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, picks, roundSettlements, user } from '../../src/db/schema/index.ts';
import { sqlRows } from '../../src/db/sql-rows.ts';
import { pickWithSession } from '../../src/domains/game/picks/pick-in-one-trip.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { ROUND1_DEADLINE, seasonId, teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { throughPool } from '../support/pool-queries.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember, revokeSessions, setRole, setSessionExpiry, signedIn } from '../support/world.ts';

const postgres = backends().includes('postgres');
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

/** A settlement pass in a process of its own (test/support/settlement-child.ts), as another server runs it. */
function settlementProcess(url: string, at: string, appName: string, opts: { waitForGo?: boolean } = {}) {
  const u = new URL(url);
  u.searchParams.set('application_name', appName);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/settlement-child.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: u.toString(),
        SETTLE_AT: at,
        ...(opts.waitForGo && { WAIT_FOR_GO: '1' }),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let onOut = () => {};
  child.stdout?.on('data', (d) => {
    out += d;
    onOut();
  });
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    exited,
    output: () => out,
    ready: () =>
      new Promise<void>((resolve, reject) => {
        onOut = () => out.includes('ready\n') && resolve();
        onOut();
        void exited.then(() => reject(new Error(`settlement process exited early: ${out}`)));
      }),
    go: () => child.stdin?.end('go\n'),
    /** The summary it printed. */
    summary: () => JSON.parse(out.trim().split('\n').at(-1) ?? 'null') as { settledRounds: number },
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Counts the statements the server's pool runs from now on (`n`, which a test may reset); with
 * `failNext` set, the next one fails as a lost connection would. `restore` gives the pool back.
 */
function countStatements(server: TestServer) {
  const counter = { n: 0, failNext: false, restore: () => {} };
  counter.restore = throughPool(server, (query, config, values) => {
    counter.n++;
    if (counter.failNext) {
      counter.failNext = false;
      return Promise.reject(new Error('lost connection'));
    }
    return query(config, values);
  });
  return counter;
}

describe.skipIf(!postgres)('the game on PostgreSQL: concurrency, workers, tenancy', () => {
  let server: TestServer;
  let admin: HttpClient;
  let player: HttpClient;
  let season: string;
  let round1: Json[];

  const createOpen = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/admin/competitions', {
      name,
      seasonId: season,
      startRound: 1,
      prizeModel: 'free',
      minEntries: 1,
      maxEntriesPerPlayer: 3,
      ...extra,
    });
    expect(res.status).toBe(201);
    const id: string = res.json.competition.id;
    expect((await admin.post(`/api/admin/competitions/${id}/open`)).status).toBe(200);
    return id;
  };

  beforeAll(async () => {
    server = await startTestServer('postgres', { seed: true, now: '2024-08-10T12:00:00Z' });
    season = await seasonId(server);
    admin = await signedIn(server, 'admin@redlion.test');
    player = await signedIn(server, 'player1@redlion.test');
  });
  afterAll(() => server?.close());

  it('concurrent duplicate picks for one entry and round leave exactly one pick', async () => {
    const comp = await createOpen('Race');
    const entry = (await player.post(`/api/competitions/${comp}/entries`)).json.id;
    round1 = (await player.get(`/api/competitions/${comp}/rounds/1/fixtures`)).json.fixtures;
    const names = [
      'Arsenal',
      'Liverpool',
      'Chelsea',
      'Everton',
      'Brentford',
      'Fulham',
      'Newcastle',
      'Brighton',
    ];
    const results = await Promise.all(
      [...names, ...names].map((n) =>
        player.put(`/api/entries/${entry}/picks/1`, { teamId: teamIn(round1, n) }),
      ),
    );
    expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true);
    const rows = await server.db.select().from(picks).where(eq(picks.entryId, entry));
    expect(rows).toHaveLength(1);

    // Concurrent entries cannot overrun the allowance either.
    const entries = await Promise.all(
      [1, 2, 3, 4, 5].map(() => player.post(`/api/competitions/${comp}/entries`)),
    );
    expect(entries.filter((r) => r.status === 201)).toHaveLength(2);
    expect(entries.filter((r) => r.json?.error?.code === 'ENTRY_LIMIT_REACHED')).toHaveLength(3);
  });

  it("a player's pick is one statement (the guarded write checks the session too); a refused one reads on to say why", async () => {
    const comp = await createOpen('Round trips');
    const entry = (await player.post(`/api/competitions/${comp}/entries`)).json.id;
    const shown = (await player.get(`/api/competitions/${comp}/rounds/1/fixtures`)).json;
    const statements = countStatements(server);
    try {
      const taken = await player.put(`/api/entries/${entry}/picks/1`, {
        teamId: teamIn(shown.fixtures, 'Arsenal'),
      });
      expect(taken.status).toBe(200);
      expect(taken.json).toMatchObject({ round: 1, teamName: 'Arsenal FC', deadline: shown.deadline });
      // The session was read before (the fixtures), so this process knows its token.
      expect(statements.n).toBe(1);
      // A later round's pick made ahead: its own deadline, not the season's first.
      const later = (await player.get(`/api/competitions/${comp}/rounds/5/fixtures`)).json;
      statements.n = 0;
      const ahead = await player.put(`/api/entries/${entry}/picks/5`, {
        teamId: teamIn(later.fixtures, later.fixtures[0].home.name),
      });
      expect(ahead.status).toBe(200);
      expect(ahead.json).toMatchObject({ round: 5, deadline: later.deadline });
      expect(ahead.json.deadline).not.toBe(shown.deadline);
      expect(statements.n).toBe(1);
      statements.n = 0;
      const refused = await player.put(`/api/entries/${entry}/picks/1`, { teamId: crypto.randomUUID() });
      expect(refused.status).toBe(404);
      expect(statements.n).toBeGreaterThan(2);
    } finally {
      statements.restore();
    }
  });

  it('picks arriving together share one statement, each checked on its own; one entry and round twice go in two', async () => {
    const comp = await createOpen('Together');
    const other = await signedIn(server, 'player3@redlion.test');
    const mine = (await player.post(`/api/competitions/${comp}/entries`)).json.id;
    const mySecond = (await player.post(`/api/competitions/${comp}/entries`)).json.id;
    const theirs = (await other.post(`/api/competitions/${comp}/entries`)).json.id;
    const shown = (await player.get(`/api/competitions/${comp}/rounds/1/fixtures`)).json;
    const tokenOf = async (email: string) =>
      (
        await sqlRows<{ token: string }>(
          server.db,
          sql`SELECT s.token FROM session s JOIN "user" u ON u.id = s.user_id
            WHERE u.email = ${email} ORDER BY s.created_at DESC LIMIT 1`,
        )
      )[0]?.token ?? '';
    const [myToken, theirToken] = [
      await tokenOf('player1@redlion.test'),
      await tokenOf('player3@redlion.test'),
    ];
    const at = { now: server.clock.now(), fresh: server.app.services.sessions.freshExpiry(), round: 1 };
    const pick = (token: string, entryId: string, team: string) =>
      pickWithSession(server.db, { ...at, token, entryId, teamId: teamIn(shown.fixtures, team) });
    const statements = countStatements(server);
    try {
      const [a, b, c] = await Promise.all([
        pick(myToken, mine, 'Arsenal'),
        pick(theirToken, theirs, 'Chelsea'),
        // Another player's entry: the statement takes the two above and not this one.
        pick(theirToken, mySecond, 'Everton'),
      ]);
      expect(statements.n).toBe(1);
      expect(a).toMatchObject({ round: 1, teamName: 'Arsenal FC', deadlineMs: Date.parse(shown.deadline) });
      expect(b).toMatchObject({ round: 1, teamName: 'Chelsea FC' });
      expect(c).toBeUndefined();
      statements.n = 0;
      const twice = await Promise.all([pick(myToken, mine, 'Fulham'), pick(myToken, mine, 'Brentford')]);
      expect(statements.n).toBe(2);
      expect(twice.map((t) => t?.teamName).sort()).toEqual(['Brentford FC', 'Fulham FC']);
      // A statement that fails writes none of its picks: each is then tried in a statement of its own.
      statements.n = 0;
      statements.failNext = true;
      const retried = await Promise.all([
        pick(myToken, mine, 'Arsenal'),
        pick(theirToken, theirs, 'Everton'),
      ]);
      expect(statements.n).toBe(3);
      expect(retried.map((t) => t?.teamName)).toEqual(['Arsenal FC', 'Everton FC']);
    } finally {
      statements.restore();
    }
    const rows = await server.db
      .select({ entryId: picks.entryId, teamId: picks.teamId })
      .from(picks)
      .where(eq(picks.competitionId, comp));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.entryId === theirs)?.teamId).toBe(teamIn(shown.fixtures, 'Everton'));
    expect(rows.find((r) => r.entryId === mine)?.teamId).toBe(teamIn(shown.fixtures, 'Arsenal'));
  });

  it("a club's correction in the round sends a pick the full way, which counts it: the corrected round's deadline", async () => {
    const comp = await createOpen('Corrected round');
    const entry = (await player.post(`/api/competitions/${comp}/entries`)).json.id;
    const before = (await player.get(`/api/competitions/${comp}/rounds/1/fixtures`)).json;
    const first = [...before.fixtures].sort((a: Json, b: Json) => a.kickoff.localeCompare(b.kickoff))[0];
    // The club postpones the round's first match: the deadline moves to the next kick-off.
    await server.db.execute(sql`INSERT INTO result_corrections (id, club_id, fixture_id, user_id, old_status, new_status, created_at)
      SELECT gen_random_uuid()::text, c.club_id, ${first.id}, e.user_id, 'scheduled', 'postponed', now()
      FROM competitions c JOIN entries e ON e.competition_id = c.id WHERE c.id = ${comp}`);
    const shown = (await player.get(`/api/competitions/${comp}/rounds/1/fixtures`)).json;
    expect(shown.deadline).not.toBe(before.deadline);
    const statements = countStatements(server);
    try {
      const taken = await player.put(`/api/entries/${entry}/picks/1`, {
        teamId: teamIn(shown.fixtures, 'Arsenal'),
      });
      expect(taken.status).toBe(200);
      expect(taken.json).toMatchObject({ round: 1, teamName: 'Arsenal FC', deadline: shown.deadline });
      expect(statements.n).toBeGreaterThan(1);
    } finally {
      statements.restore();
      await server.db.execute(sql`DELETE FROM result_corrections WHERE fixture_id = ${first.id}`);
    }
  });

  it('a pick checking its own session: one due for extension or revoked is decided as on every route', async () => {
    const comp = await createOpen('Session in the pick');
    const other = await signedIn(server, 'player2@redlion.test');
    const entry = (await other.post(`/api/competitions/${comp}/entries`)).json.id;
    const shown = (await other.get(`/api/competitions/${comp}/rounds/1/fixtures`)).json;
    const [me] = await server.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'player2@redlion.test'));
    const userId = me?.id ?? '';
    const teamOf = async () =>
      (await server.db.select({ teamId: picks.teamId }).from(picks).where(eq(picks.entryId, entry)))[0]
        ?.teamId;
    // Two days into its thirty: the statement leaves it, better-auth extends it and the pick is taken.
    await setSessionExpiry(server, { userId, expiresAt: new Date(Date.now() + 28 * 86_400_000) });
    const extended = await other.put(`/api/entries/${entry}/picks/1`, {
      teamId: teamIn(shown.fixtures, 'Arsenal'),
    });
    expect(extended.status).toBe(200);
    expect(await teamOf()).toBe(teamIn(shown.fixtures, 'Arsenal'));
    // Revoked: the token is known to the process, but the statement checks the session and writes nothing.
    await revokeSessions(server, { userId });
    const revoked = await other.put(`/api/entries/${entry}/picks/1`, {
      teamId: teamIn(shown.fixtures, 'Chelsea'),
    });
    expect(revoked.status).toBe(401);
    expect(await teamOf()).toBe(teamIn(shown.fixtures, 'Arsenal'));
  });

  it('two settlement workers in separate processes settle each round exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await createOpen(`Workers ${i}`);
      ids.push(id);
      const entry = (await player.post(`/api/competitions/${id}/entries`)).json.id;
      await player.put(`/api/entries/${entry}/picks/1`, {
        teamId: teamIn(round1, 'Arsenal'),
      });
    }
    const url = server.config.DATABASE_URL;
    if (!url) throw new Error('no DATABASE_URL');
    const at = '2024-08-20T12:00:00Z';
    const workers = [
      settlementProcess(url, at, 'lms-worker-a', { waitForGo: true }),
      settlementProcess(url, at, 'lms-worker-b', { waitForGo: true }),
    ];
    try {
      await Promise.all(workers.map((w) => w.ready()));
      // Both processes and this one start their passes at once.
      server.clock.set(at);
      for (const w of workers) w.go();
      const own = await runSettlementPass(server);
      const exits = await Promise.all(workers.map((w) => w.exited));
      expect(exits.map((e) => e.code)).toEqual([0, 0]);
      for (const id of ids) {
        const rows = await server.db
          .select()
          .from(roundSettlements)
          .where(and(eq(roundSettlements.competitionId, id), eq(roundSettlements.round, 1)));
        expect(rows).toHaveLength(1);
        // A single entry wins after the first played round.
        expect((await player.get(`/api/competitions/${id}`)).json.competition.status).toBe('finished');
      }
      const settled = own.settledRounds + workers.reduce((n, w) => n + w.summary().settledRounds, 0);
      expect(settled).toBeGreaterThanOrEqual(ids.length);
      // A restart (a fresh pass) finds nothing left to do for them.
      const after = await runSettlementPass(server);
      expect(after.settledRounds).toBe(0);
    } finally {
      for (const w of workers) w.child.kill('SIGKILL');
    }
  }, 120_000);

  it('a settlement process killed in the middle of a round leaves nothing half done; the next pass settles it once', async () => {
    server.clock.set('2024-08-10T12:00:00Z');
    const comp = await createOpen('Restart');
    round1 = (await player.get(`/api/competitions/${comp}/rounds/1/fixtures`)).json.fixtures;
    const ids: string[] = [];
    for (const team of ['Chelsea', 'Arsenal', 'Liverpool']) {
      const entry = (await player.post(`/api/competitions/${comp}/entries`)).json.id as string;
      ids.push(entry);
      const res = await player.put(`/api/entries/${entry}/picks/1`, {
        teamId: teamIn(round1, team),
      });
      expect(res.status).toBe(200);
    }
    const [chelsea, arsenal, liverpool] = ids as [string, string, string];
    const url = server.config.DATABASE_URL;
    if (!url) throw new Error('no DATABASE_URL');
    const settledRows = () =>
      server.db.select().from(roundSettlements).where(eq(roundSettlements.competitionId, comp));

    // Hold the row of the entry that lost (Chelsea 0-2 Man City): the settlement process gets as far
    // as marking the round's picks, then waits to knock that entry out, inside its transaction.
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    const appName = `lms-restart-${process.pid}`;
    const worker = settlementProcess(url, '2024-08-20T12:00:00Z', appName);
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM entries WHERE id = $1 FOR UPDATE', [chelsea]);
      // Polled outside the locker's transaction: pg_stat_activity is a snapshot per transaction.
      const blocked = await waitFor('the settlement process to block mid-round', async () => {
        const [row] = await sqlRows<{ query: string }>(
          server.db,
          sql`SELECT query FROM pg_stat_activity WHERE application_name = ${appName} AND wait_event_type = 'Lock'`,
        );
        return row;
      });
      expect(blocked.query).toMatch(/UPDATE "entries" e SET status = 'eliminated'/);
      worker.child.kill('SIGKILL');
      expect((await worker.exited).signal).toBe('SIGKILL');
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    // Its connection's transaction is rolled back once PostgreSQL notices the process is gone.
    await waitFor('the killed process’s connection to end', async () => {
      const [row] = await sqlRows<{ n: number }>(
        server.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = ${appName}`,
      );
      return row?.n === 0 ? true : undefined;
    });
    expect(await settledRows()).toHaveLength(0);
    const before = await server.db.select().from(picks).where(eq(picks.competitionId, comp));
    expect(before.map((p) => p.outcome)).toEqual([null, null, null]);

    // A fresh worker (the restarted server) settles the round, once, with the right outcomes.
    server.clock.set('2024-08-20T12:00:00Z');
    await runSettlementPass(server);
    const rows = await settledRows();
    expect(rows.map((r) => [r.round, r.record.survivors, r.record.eliminated])).toEqual([[1, 2, 1]]);
    const status = new Map(
      (await server.db.select().from(entries).where(eq(entries.competitionId, comp))).map((e) => [
        e.id,
        [e.status, e.eliminatedRound],
      ]),
    );
    expect(status.get(chelsea)).toEqual(['eliminated', 1]);
    expect(status.get(arsenal)).toEqual(['active', null]);
    expect(status.get(liverpool)).toEqual(['active', null]);
    const outcomes = new Map(
      (await server.db.select().from(picks).where(eq(picks.competitionId, comp))).map((p) => [
        p.entryId,
        p.outcome,
      ]),
    );
    expect(outcomes).toEqual(
      new Map([
        [chelsea, 'eliminated'],
        [arsenal, 'survived'],
        [liverpool, 'survived'],
      ]),
    );
    await runSettlementPass(server);
    expect(await settledRows()).toHaveLength(1);
  }, 120_000);

  it('a player of another club can neither see nor pick nor correct', async () => {
    server.clock.set('2024-08-10T12:00:00Z');
    const comp = await createOpen('Home club only');
    const entry = (await player.post(`/api/competitions/${comp}/entries`)).json.id;
    const { client: other } = await aMember(server, {
      club: await aClub(server),
      name: 'Outsider',
      email: 'outsider@example.com',
    });
    const list = await other.get('/api/competitions');
    expect(list.json.competitions).toEqual([]);
    expect((await other.get(`/api/competitions/${comp}`)).status).toBe(404);
    expect((await other.get(`/api/competitions/${comp}/rounds/1/fixtures`)).status).toBe(404);
    expect((await other.get(`/api/competitions/${comp}/rounds/1/picks`)).status).toBe(404);
    expect((await other.post(`/api/competitions/${comp}/entries`)).status).toBe(404);
    const pick = await other.put(`/api/entries/${entry}/picks/1`, {
      teamId: teamIn(round1, 'Arsenal'),
    });
    expect(pick.status).toBe(404);

    // Made admin of their own club, their correction stays in their club.
    await setRole(server, { email: 'outsider@example.com', role: 'admin' });
    const arsenal = round1.find((f: Json) => f.home.name === 'Arsenal FC');
    server.clock.set('2024-08-18T12:00:00Z');
    const corrected = await other.put(`/api/admin/fixtures/${arsenal.id}/result`, {
      home: 0,
      away: 5,
      status: 'finished',
    });
    expect(corrected.status).toBe(200);
    const ours = await player.get(`/api/seasons/${season}/rounds/1`);
    expect(ours.json.fixtures.find((f: Json) => f.id === arsenal.id)).toMatchObject({
      homeScore: 2,
      awayScore: 0,
      corrected: false,
    });
  });

  it('a competition with too few entries when its first round locks is cancelled', async () => {
    server.clock.set('2024-08-10T12:00:00Z');
    const comp = await createOpen('Too small', { minEntries: 2 });
    await player.post(`/api/competitions/${comp}/entries`);
    server.clock.set(new Date(Date.parse(ROUND1_DEADLINE) + 1000));
    await runSettlementPass(server);
    expect((await player.get(`/api/competitions/${comp}`)).json.competition.status).toBe('cancelled');
  });
});
