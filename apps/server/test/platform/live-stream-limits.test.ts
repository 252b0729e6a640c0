import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionCeilings, openFileLimit } from '../../src/lib/open-files.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { cookieOf, type HeldStream, holdStream } from '../support/held-stream.ts';
import { oneBackend, startTestServer, type TestServer } from '../support/test-server.ts';

const PLAYERS = [1, 2, 3, 4, 5].map((n) => `player${n}@redlion.test`);

async function until(what: string, ok: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function signedIn(server: TestServer, email: string, localAddress: string) {
  const client = server.client({ localAddress });
  await client.signIn(email, DEMO_PASSWORD);
  return cookieOf(client.jar);
}

describe.each(oneBackend())('live streams held per session, address and process (%s)', (backend) => {
  describe('with the default limits', () => {
    let server: TestServer;
    const held: HeldStream[] = [];
    beforeAll(async () => {
      server = await startTestServer(backend, { seed: true });
    });
    afterAll(async () => {
      for (const s of held) s.destroy();
      await server.close();
    });

    it("a session's fifth stream ends its first, and the other four stay open", async () => {
      const cookie = await signedIn(server, 'player1@redlion.test', '127.0.0.21');
      const streams: HeldStream[] = [];
      for (let i = 0; i < 5; i++) streams.push(await holdStream(server.baseUrl, cookie, '127.0.0.21'));
      held.push(...streams);
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
      await until('the first stream to end', () => streams[0]?.ended === true);
      expect(streams.slice(1).every((s) => !s.ended)).toBe(true);
      expect(server.app.services.liveStreams.count('127.0.0.21')).toBe(4);
    });

    it("a pub's forty players on one address each hold their stream", async () => {
      const pub = '127.0.0.40';
      const cookies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => signedIn(server, PLAYERS[i % PLAYERS.length] as string, pub)),
      );
      const streams = await Promise.all(cookies.map((c) => holdStream(server.baseUrl, c, pub)));
      held.push(...streams);
      expect(streams.every((s) => s.status === 200)).toBe(true);
      expect(streams.every((s) => !s.ended)).toBe(true);
      expect(server.app.services.liveStreams.count(pub)).toBe(40);
    });
  });

  describe("a pub's TV screens", () => {
    let server: TestServer;
    const held: HeldStream[] = [];
    beforeAll(async () => {
      server = await startTestServer(backend, { seed: true });
    });
    afterAll(async () => {
      for (const s of held) s.destroy();
      await server.close();
    });

    it('six paired screens of one club on one address each hold their stream', async () => {
      const pub = '127.0.0.60';
      const admin = server.client();
      await admin.signIn('admin@redlion.test', DEMO_PASSWORD);
      const cookies: string[] = [];
      for (let i = 0; i < 6; i++) {
        const device = server.client({ localAddress: pub });
        const opened = await device.post('/api/screens', { club: 'red-lion' });
        expect(opened.status).toBe(200);
        const paired = await admin.post('/api/admin/screens/pair', {
          code: opened.json.code,
          name: `TV ${i + 1}`,
        });
        expect(paired.status, paired.text).toBe(201);
        cookies.push(cookieOf(device.jar));
      }
      const streams: HeldStream[] = [];
      for (const cookie of cookies)
        streams.push(
          await holdStream(server.baseUrl, cookie, pub, '/api/screens/current/live?club=red-lion'),
        );
      held.push(...streams);
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
      // The fifth and sixth ended none of the others: each screen is a holder of its own.
      await new Promise((r) => setTimeout(r, 500));
      expect(streams.map((s) => s.ended)).toEqual([false, false, false, false, false, false]);
    });
  });

  describe('with small ceilings', () => {
    let server: TestServer;
    const held: HeldStream[] = [];
    beforeAll(async () => {
      server = await startTestServer(backend, {
        seed: true,
        env: {
          LIVE_STREAMS_PER_ADDRESS: '3',
          LIVE_STREAMS_MAX: '5',
          LIVE_STREAM_MINUTES: '0.05',
          MAX_CONNECTIONS_PER_ADDRESS: '8',
        },
      });
    });
    afterAll(async () => {
      for (const s of held) s.destroy();
      await server.close();
    });

    it('an address past its ceiling is refused with 429, the process past its own with 503, each with Retry-After', async () => {
      const [a, b, c] = ['127.0.0.31', '127.0.0.32', '127.0.0.33'];
      const cookiesA = await Promise.all(PLAYERS.slice(0, 4).map((p) => signedIn(server, p, a as string)));
      const fromA = [];
      for (const cookie of cookiesA) fromA.push(await holdStream(server.baseUrl, cookie, a));
      held.push(...fromA);
      expect(fromA.map((s) => s.status)).toEqual([200, 200, 200, 429]);
      expect(fromA[3]?.retryAfter).toBe('30');
      expect(await fromA[3]?.first).toMatch(/Too many live streams from this network address/);

      const fromB = [];
      for (const p of PLAYERS.slice(0, 3)) {
        fromB.push(await holdStream(server.baseUrl, await signedIn(server, p, b as string), b));
      }
      held.push(...fromB);
      // Five in all: the third from B finds the process full.
      expect(fromB.map((s) => s.status)).toEqual([200, 200, 503]);
      expect(fromB[2]?.retryAfter).toBe('30');
      expect(JSON.parse(await (fromB[2] as HeldStream).first)).toEqual({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: expect.stringMatching(/as many live streams as it can/),
        },
      });
      // One ends: there is room again.
      fromA[0]?.destroy();
      await until('the server to hear the stream close', () => server.app.services.liveStreams.count() === 4);
      const fromC = await holdStream(
        server.baseUrl,
        await signedIn(server, 'admin@redlion.test', c as string),
        c,
      );
      held.push(fromC);
      expect(fromC.status).toBe(200);
    });

    it('ends every stream after LIVE_STREAM_MINUTES (the browser reconnects and resumes)', async () => {
      for (const s of held) s.destroy();
      await until('every stream closed', () => server.app.services.liveStreams.count() === 0);
      const stream = await holdStream(
        server.baseUrl,
        await signedIn(server, 'staff@redlion.test', '127.0.0.34'),
        '127.0.0.34',
      );
      held.push(stream);
      expect(stream.status).toBe(200);
      await until('the server to end the stream', () => stream.ended, 30_000);
      expect(server.app.services.liveStreams.count()).toBe(0);
    });

    it('closes sockets past MAX_CONNECTIONS_PER_ADDRESS at once; other addresses still connect', async () => {
      const url = new URL(server.baseUrl);
      const open = (localAddress: string) =>
        new Promise<{ closed: () => boolean; socket: net.Socket }>((resolve) => {
          let closed = false;
          const socket = net.connect({ host: url.hostname, port: Number(url.port), localAddress }, () =>
            resolve({ closed: () => closed, socket }),
          );
          socket.on('close', () => (closed = true));
          socket.on('error', () => {});
        });
      const sockets: { closed: () => boolean; socket: net.Socket }[] = [];
      for (let i = 0; i < 10; i++) sockets.push(await open('127.0.0.35'));
      await until('the extra sockets to be closed', () => sockets.filter((s) => s.closed()).length === 2);
      const other = server.client({ localAddress: '127.0.0.36' });
      expect((await other.get('/api/health')).status).toBe(200);
      for (const s of sockets) s.socket.destroy();
    });
  });
});

describe('the open-file limit', () => {
  it('is read from /proc/self/limits, and sizes the ceilings', () => {
    const text =
      'Limit                     Soft Limit           Hard Limit           Units     \nMax open files            1024                 4096                 files     \n';
    expect(openFileLimit(() => text)).toEqual({ soft: 1024, hard: 4096 });
    expect(
      openFileLimit(() => {
        throw new Error('no /proc here');
      }),
    ).toBeNull();
    expect(connectionCeilings(1024)).toEqual({ connections: 824, streams: 412 });
    expect(connectionCeilings(null)).toEqual({ connections: 824, streams: 412 });
  });
});
