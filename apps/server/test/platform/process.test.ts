import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const node = process.execPath;
/**
 * The child's own loopback address: every other test server listens on 127.0.0.1 on a port the system
 * picks, and may pick the child's port while the child is still migrating; on 127.0.0.2 only it answers.
 */
const OWN_HOST = '127.0.0.2';

function start(env: Record<string, string>) {
  const child = spawn(node, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: OWN_HOST, WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Until the child answers on its port; a child that has exited (say, the port was taken) fails at once. */
async function waitForHealth(url: string, server: ReturnType<typeof start>, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void server.exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the server exited before it answered:\n${server.output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

/** Until the child has printed `text`: its output can reach us after its first answer, on a busy machine. */
async function waitForOutput(server: ReturnType<typeof start>, text: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return server.output();
}

describe('the server process', () => {
  it('seeds the demo club on first start, shuts down cleanly on SIGTERM, and reopens its data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lastman-data-'));
    // A port nothing listens on (a random one could be another test's server, which would answer).
    const port = String(await freePort(OWN_HOST));
    const url = `http://${OWN_HOST}:${port}`;
    // No network: the openfootball feed's address answers nothing (a port nothing listens on).
    const feed = `http://${OWN_HOST}:${await freePort(OWN_HOST)}`;
    const env = { PORT: port, DATA_DIR: dataDir, PUBLIC_URL: url, OPENFOOTBALL_URL: feed };

    const first = start(env);
    await waitForHealth(url, first);
    expect(await waitForOutput(first, 'admin@redlion.test')).toContain('admin@redlion.test');
    expect(first.output()).toContain('lastman-demo');
    const club = (await (await fetch(`${url}/api/club`)).json()) as { name: string };
    expect(club.name).toBe('The Red Lion');
    // With no network at all it offers the season being played, from the files it ships.
    const player = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'player1@redlion.test', password: 'lastman-demo' }),
    });
    const cookie = player.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { seasons } = (await (await fetch(`${url}/api/seasons`, { headers: { cookie } })).json()) as {
      seasons: { key: string; league: string }[];
    };
    expect(seasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'premier-league-2026-27', league: 'premier-league' }),
        expect.objectContaining({ key: 'championship-2026-27', league: 'championship' }),
      ]),
    );
    // The club's public page, rendered as the real process runs its JSX, with the demo's dates.
    const page = await fetch(`${url}/c/red-lion`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1 id="welcome">The Red Lion</h1>');
    expect(html).toContain('Quiz night');
    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      // As a browser sends it: Node's fetch marks itself with Sec-Fetch-Mode, so it needs its Origin.
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'admin@redlion.test', password: 'lastman-demo' }),
    });
    await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited).toBe(0);

    const second = start(env);
    await waitForHealth(url, second);
    // Its banner, printed once it listens, names the data without creating the demo club again.
    expect(await waitForOutput(second, 'Data:')).not.toContain('demo club "The Red Lion" created');
    const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'player3@redlion.test', password: 'lastman-demo' }),
    });
    expect(signIn.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 360_000);

  it('refuses to start with a bad setting and names it', async () => {
    const bad = start({ PORT: 'not-a-port' });
    expect(await bad.exited).toBe(78);
    expect(bad.output()).toMatch(/PORT/);
  }, 120_000);
});
