/**
 * Two server processes on one PostgreSQL (and one Redis), behind a small proxy that hands requests to
 * them in turn: the way past one machine. Each process is the real server (src/main.ts) with its own
 * settlement and payment workers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { competitions, entries, orders, roundSettlements, seasons } from '../../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { withDatabase } from '../global-setup.ts';
import { freePort } from '../support/free-port.ts';
import { put } from '../support/game-helpers.ts';
import { httpClient, type Json } from '../support/http-client.ts';
import { aCompetition, anOrder, DEFAULT_RULES, someEntries } from '../support/world.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const templateUrl = inject('pgTemplateUrl');

interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(name: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, port, child, output: () => output, exited };
}

async function waitForHealth(server: ServerProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      if (res.ok) return;
    } catch {}
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${server.name} did not become healthy: ${server.output()}`);
}

/**
 * A round-robin reverse proxy, as a load balancer would be: it names the upstream that answered in
 * `x-upstream` and passes the client's address on in X-Forwarded-For.
 */
async function startProxy(upstreams: ServerProcess[], port: number) {
  let next = 0;
  const served: string[] = [];
  const proxy = http.createServer((req, res) => {
    const upstream = upstreams[next++ % upstreams.length] as ServerProcess;
    served.push(upstream.name);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const out = http.request(
      {
        host: '127.0.0.1',
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': upstream.name });
        answer.pipe(res);
      },
    );
    out.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });
  await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise((r) => proxy.close(r)),
  };
}

describe.runIf(templateUrl)('two server processes on one PostgreSQL behind a proxy', () => {
  const dbName = `lastman_two_${process.pid}_${randomBytes(3).toString('hex')}`;
  let databaseUrl: string;
  let database: Database;
  let servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let pastCompetitionId: string;
  let expiredOrderId: string;

  beforeAll(async () => {
    if (!templateUrl) return;
    const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${new URL(templateUrl).pathname.slice(1)}`);
    await admin.end();
    databaseUrl = withDatabase(templateUrl, dbName);
    database = openDatabase({ databaseUrl });

    const [portA, portB] = [await freePort(), await freePort()];
    // The proxy's address is the one users reach: both servers are configured with it.
    const proxyPort = await freePort();
    const env = {
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `${dbName}:`,
      // The proxy is the one hop whose X-Forwarded-For is believed.
      TRUST_PROXY: '127.0.0.1',
    };
    // The first seeds the demo club and imports the seasons; the second starts on what it finds.
    const a = startServer('a', portA, { ...env, SEED_DEMO: 'true' });
    servers = [a];
    await waitForHealth(a);

    // Work for the workers: a competition whose rounds have all been played (2024-25), entries
    // picked for its first round, and an unpaid order whose hold has run out.
    const [season] = await database.db
      .select()
      .from(seasons)
      .where(eq(seasons.key, 'premier-league-2024-25'));
    const [club] = await database.db.query.clubs.findMany({ where: (c, { eq }) => eq(c.slug, 'red-lion') });
    const players = await database.db.query.user.findMany({
      where: (u, { like }) => like(u.email, 'player%@redlion.test'),
    });
    if (!season || !club || players.length < 3) throw new Error('the demo seed is missing');
    const past = await aCompetition(database, {
      clubId: club.id,
      seasonId: season.id,
      name: 'Played out',
      prizeModel: 'free',
      entryFeePence: 0,
      houseSharePercent: 0,
      startRound: 36,
      rules: { ...DEFAULT_RULES, allOut: 'split' },
    });
    pastCompetitionId = past.id;
    for (const p of players.slice(0, 3)) await someEntries(database, { competition: past, userId: p.id });

    const paid = await database.db.query.competitions.findFirst({
      where: (c, { and, eq }) => and(eq(c.clubId, club.id), eq(c.status, 'open'), eq(c.prizeModel, 'pool')),
    });
    if (!paid) throw new Error('the demo has no open paid competition');
    const order = await anOrder(database, {
      competition: paid,
      userId: (players[0] as { id: string }).id,
      expiresAt: new Date(Date.now() - 60_000),
    });
    expiredOrderId = order.id;

    const b = startServer('b', portB, env);
    servers.push(b);
    await waitForHealth(b);
    proxy = await startProxy(servers, proxyPort);
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await database?.close();
    if (templateUrl) {
      const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('a player signs in on one server and is served by the other', async () => {
    const player = httpClient(proxy.url);
    await player.signIn('player1@redlion.test', DEMO_PASSWORD);
    const signedInBy = proxy.served.at(-1);
    const me = await player.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe('player1@redlion.test');
    expect(proxy.served.at(-1)).not.toBe(signedInBy);
    const again = await player.get('/api/me');
    expect(again.status).toBe(200);
    expect(new Set(proxy.served.slice(-2))).toEqual(new Set(['a', 'b']));
  });

  it('orders, payments and picks go through both servers', async () => {
    const player = httpClient(proxy.url);
    await player.signIn('player2@redlion.test', DEMO_PASSWORD);
    const list = (await player.get('/api/competitions')).json.competitions as Json[];
    const paid = list.find((c) => c.status === 'open' && c.prizeModel === 'pool');
    const created = await player.post('/api/orders', { competitionId: paid.id, entries: 1 });
    expect(created.status).toBe(201);
    const orderBy = proxy.served.at(-1);
    const confirmed = await player.post('/api/payments/test/confirm', {
      clientSecret: created.json.payment.clientSecret,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(proxy.served.at(-1)).not.toBe(orderBy);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.order.status).toBe('paid');
    const entryId = confirmed.json.order.entries[0].id as string;

    const detail = (await player.get(`/api/competitions/${paid.id}`)).json;
    const round = detail.competition.currentRound as number;
    const roundFixtures = (await player.get(`/api/competitions/${paid.id}/rounds/${round}/fixtures`)).json;
    const teamId = roundFixtures.fixtures[0].home.id as string;
    const picked = await put(player, proxy.url, `/api/entries/${entryId}/picks/${round}`, { teamId });
    expect(picked.status).toBe(200);
    const pickBy = proxy.served.at(-1);
    const mine = (await player.get('/api/entries')).json;
    expect(proxy.served.at(-1)).not.toBe(pickBy);
    const entry = (mine.entries as Json[]).find((e) => e.id === entryId);
    expect(entry.picks.some((p: Json) => p.round === round)).toBe(true);
  });

  it('the settlement and payment workers of the two processes act once', async () => {
    const deadline = Date.now() + 90_000;
    let status = '';
    while (Date.now() < deadline) {
      const [row] = await database.db
        .select()
        .from(competitions)
        .where(eq(competitions.id, pastCompetitionId));
      status = row?.status ?? '';
      if (status === 'finished') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe('finished');
    const settled = await database.db
      .select()
      .from(roundSettlements)
      .where(eq(roundSettlements.competitionId, pastCompetitionId));
    // Nobody picked: the first round knocks every entry out and the competition ends there, once.
    expect(settled.map((s) => s.round)).toEqual([36]);
    const out = await database.db
      .select()
      .from(entries)
      .where(and(eq(entries.competitionId, pastCompetitionId), inArray(entries.status, ['won'])));
    // All out at once under 'split': the three share the win.
    expect(out).toHaveLength(3);

    const [expired] = await database.db.select().from(orders).where(eq(orders.id, expiredOrderId));
    expect(expired?.status).toBe('expired');
    for (const s of servers) expect(s.output()).not.toMatch(/pass failed|worker failed|"level":50/);
  }, 120_000);

  it('the rate limits are shared: one server slows what the other already counted', async () => {
    // Wrong passwords for one account from one address, handed to the two servers in turn: the
    // fifth is refused (SIGN_IN_DELAY.freeAttempts is 4) only if both count in one place.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const c = httpClient(proxy.url);
      const res = await c.post('/api/auth/sign-in/email', {
        email: 'player3@redlion.test',
        password: 'wrong-password',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect(new Set(proxy.served.slice(-5))).toEqual(new Set(['a', 'b']));
  });
});
