import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../src/db/schema/index.ts';
import { sqlRows } from '../../src/db/sql-rows.ts';
import { findMeBySession } from '../../src/domains/account/profile/queries.ts';
import { getMe } from '../../src/domains/account/profile/service.ts';
import { notifications } from '../../src/domains/notifications/read-model.ts';
import type { Person } from '../../src/http/guards.ts';
import { throughPool } from '../support/pool-queries.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aClub, aMember, type HttpClient, revokeSessions, setSessionExpiry } from '../support/world.ts';

/**
 * GET /api/me, which every app open asks: with a session this process knows, one statement checks
 * the session and reads the person, their clubs and their unread notifications; its answer is the
 * one the session reader's path gives.
 */
describe.each(backends())('GET /api/me on %s', (backend) => {
  let server: TestServer;
  let player: HttpClient;
  let userId: string;
  let home: { id: string };
  let away: { id: string };

  /** The answer the ordinary path gives: the session read as every route reads it, then getMe. */
  const throughTheReader = async (client: HttpClient) => {
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const person = await server.app.services.sessions({ headers: { cookie } } as unknown as FastifyRequest);
    if (!person) throw new Error('the session reader did not take the session');
    return getMe(server.app.services, person as Person);
  };

  const unread = (clubId: string, n: number) =>
    server.db.insert(notifications).values(
      Array.from({ length: n }, (_, i) => ({
        clubId,
        userId,
        kind: 'broadcast',
        title: `Note ${i}`,
        body: 'Hello',
      })),
    );

  beforeAll(async () => {
    server = await startTestServer(backend);
    home = await aClub(server, { slug: 'home-club', name: 'Home Club' });
    away = await aClub(server, { slug: 'away-club', name: 'Away Club' });
    ({ client: player, userId } = await aMember(server, { club: home as never, email: 'me@example.test' }));
    await server.db.insert(memberships).values({ clubId: away.id, userId, role: 'staff' });
    await unread(home.id, 2);
    await unread(away.id, 3);
  });
  afterAll(() => server?.close());

  it('answers as the session reader and getMe do, for the club the session acts in', async () => {
    const first = await player.get('/api/me');
    expect(first.status).toBe(200);
    const again = await player.get('/api/me');
    expect(again.json).toEqual(first.json);
    expect(again.json).toEqual(await throughTheReader(player));
    expect(again.json).toMatchObject({
      club: { slug: 'home-club' },
      role: 'player',
      unreadNotifications: 2,
      clubs: [
        { club: { slug: 'home-club' }, role: 'player', unreadNotifications: 2 },
        { club: { slug: 'away-club' }, role: 'staff', unreadNotifications: 3 },
      ],
    });

    expect((await player.put('/api/me/club', { clubId: away.id })).status).toBe(204);
    const switched = await player.get('/api/me');
    expect(switched.json).toMatchObject({
      club: { slug: 'away-club' },
      role: 'staff',
      unreadNotifications: 3,
    });
    expect(switched.json).toEqual(await throughTheReader(player));
    expect((await player.put('/api/me/club', { clubId: home.id })).status).toBe(204);
  });

  it('a session due for extension is extended and answered; a revoked one is refused at once', async () => {
    expect((await player.get('/api/me')).status).toBe(200);
    await setSessionExpiry(server, { userId, expiresAt: new Date(Date.now() + 28 * 86_400_000) });
    const extended = await player.get('/api/me');
    expect(extended.status).toBe(200);
    expect(extended.json.user.email).toBe('me@example.test');
    await revokeSessions(server, { userId });
    const revoked = await player.get('/api/me');
    expect(revoked.status).toBe(401);
    expect(revoked.json.error.message).toMatch(/sign in/i);
  });
});

describe.skipIf(!backends().includes('postgres'))('GET /api/me on PostgreSQL: round trips', () => {
  let server: TestServer;
  let players: HttpClient[];

  beforeAll(async () => {
    server = await startTestServer('postgres');
    const club = await aClub(server, { slug: 'trips', name: 'Trips' });
    players = [];
    for (const n of [1, 2, 3]) {
      players.push((await aMember(server, { club, email: `trip${n}@example.test` })).client);
    }
  });
  afterAll(() => server?.close());

  it('is one statement with a session this process knows, and sessions asked together share one', async () => {
    for (const p of players) expect((await p.get('/api/me')).status).toBe(200);
    let statements = 0;
    const restore = throughPool(server, (query, config, values) => {
      statements++;
      return query(config, values);
    });
    try {
      const one = await players[0]?.get('/api/me');
      expect(one?.status).toBe(200);
      expect(statements).toBe(1);
      const fresh = server.app.services.sessions.freshExpiry();
      const tokens = await sqlRows<{ token: string; email: string }>(
        server.db,
        sql`SELECT s.token, u.email FROM session s JOIN "user" u ON u.id = s.user_id
          WHERE u.email LIKE 'trip%' ORDER BY u.email`,
      );
      statements = 0;
      const together = await Promise.all([
        ...tokens.map(({ token }) => findMeBySession(server.db, { token, fresh })),
        findMeBySession(server.db, { token: 'no-such-session', fresh }),
      ]);
      expect(statements).toBe(1);
      expect(together.map((me) => me?.email)).toEqual([...tokens.map((t) => t.email), undefined]);
    } finally {
      restore();
    }
  });
});
