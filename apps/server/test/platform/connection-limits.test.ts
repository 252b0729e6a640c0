import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { freePort } from '../support/free-port.ts';
import { holdStream } from '../support/held-stream.ts';
import { httpClient } from '../support/http-client.ts';
import { backends, freshDatabase, migratedPgliteCopy } from '../support/test-server.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
/** The server's own loopback address; each client below sends from an address of its own. */
const HOST = '127.0.0.2';
const ATTACKER = '127.0.0.3';
const HALF_SENDER = '127.0.0.4';
const NEIGHBOUR = '127.0.0.5';

/** A request whose headers never finish: a socket held open from `localAddress` until the server drops it. */
function halfSend(port: number, localAddress: string): Promise<{ closed: () => boolean; destroy(): void }> {
  return new Promise((resolve) => {
    let closed = false;
    const socket = net.connect({ host: HOST, port, localAddress }, () => {
      socket.write(`GET /api/health HTTP/1.1\r\nHost: ${HOST}\r\nX-Slow: `);
      resolve({ closed: () => closed, destroy: () => socket.destroy() });
    });
    socket.on('data', () => {});
    socket.on('close', () => {
      closed = true;
      resolve({ closed: () => true, destroy: () => {} });
    });
    socket.on('error', () => {});
  });
}

async function inBatches<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  }
  return out;
}

/**
 * The server as deployed, in a process of its own started under `ulimit -n 1024` (the common limit),
 * on PostgreSQL where it runs (its pool's sockets are what ran out before): one signed-in player
 * opening 1,100 live streams and one address sending 1,000 half-sent requests take no service from
 * another person, who keeps signing in and being answered.
 */
describe('one client cannot take the server from everyone else', () => {
  let baseUrl = '';
  let port = 0;
  let output = '';
  let child: ReturnType<typeof spawn>;
  let drop: () => Promise<void> = async () => {};
  let exited: Promise<unknown>;

  beforeAll(async () => {
    const backend = backends().at(-1);
    let databaseEnv: Record<string, string>;
    if (backend === 'postgres') {
      const fresh = await freshDatabase('postgres');
      await fresh.database.close();
      drop = fresh.drop;
      databaseEnv = {
        DATABASE_URL: fresh.url as string,
        SEED_DEMO: 'true',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lastman-limits-')),
      };
    } else {
      databaseEnv = { DATA_DIR: migratedPgliteCopy() };
    }
    port = await freePort(HOST);
    baseUrl = `http://${HOST}:${port}`;
    child = spawn(
      'bash',
      ['-c', 'ulimit -n 1024 && exec "$@"', 'bash', process.execPath, '--import', 'tsx', 'src/main.ts'],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          ...databaseEnv,
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          HOST,
          PORT: String(port),
          PUBLIC_URL: baseUrl,
          AUTH_SECRET: randomBytes(32).toString('base64url'),
          WEB_DIST: '/nonexistent',
          BACKUP_EVERY_HOURS: '0',
          // The limits of this process alone, in its memory.
          REDIS_URL: undefined,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer:\n${output}`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 180_000);

  afterAll(async () => {
    child?.kill('SIGTERM');
    await exited;
    await drop();
  }, 60_000);

  it('logs the open-file limit it runs with', () => {
    expect(output).toMatch(
      /open files: 1024 \(hard limit 1024\); up to \d+ connections and \d+ live streams/,
    );
  });

  it('holds 1,100 streams and 1,000 half-sent requests while another person is answered', async () => {
    const attacker = httpClient(baseUrl, { localAddress: ATTACKER });
    await attacker.signIn('player1@redlion.test', DEMO_PASSWORD);
    const cookie = [...attacker.jar].map(([k, v]) => `${k}=${v}`).join('; ');

    const streams = await inBatches(1100, 50, () => holdStream(baseUrl, cookie, ATTACKER));
    const halfSent = await inBatches(1000, 100, () => halfSend(port, HALF_SENDER));

    // The neighbour signs in from a device of their own and uses the app, the attack still held.
    const neighbour = httpClient(baseUrl, { localAddress: NEIGHBOUR });
    await neighbour.signIn('admin@redlion.test', DEMO_PASSWORD);
    for (let i = 0; i < 5; i++) {
      expect((await neighbour.get('/api/health')).status).toBe(200);
      expect((await neighbour.get('/api/club')).status).toBe(200);
    }
    const connections = await neighbour.get('/api/admin/live/connections');
    expect(connections.status).toBe(200);
    // The session holds a handful: each new stream ended its oldest.
    expect((connections.json as { connections: number }).connections).toBeLessThanOrEqual(4);
    expect(streams.every((s) => s.status === 200)).toBe(true);
    expect(streams.filter((s) => !s.ended).length).toBeLessThanOrEqual(4);
    // The neighbour's own stream opens.
    const own = await holdStream(
      baseUrl,
      [...neighbour.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      NEIGHBOUR,
    );
    expect(own.status).toBe(200);
    own.destroy();

    // Half-sent requests are dropped once their headers are overdue (10 s by default), not minutes later.
    const deadline = Date.now() + 30_000;
    while (halfSent.some((h) => !h.closed()) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(halfSent.filter((h) => !h.closed()).length).toBe(0);
    for (const s of streams) s.destroy();
    expect((await neighbour.get('/api/health')).status).toBe(200);
  }, 120_000);
});
