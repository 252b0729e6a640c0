import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { entries, notifications, user } from '../../src/db/schema/index.ts';
import { pickReminderId, runReminderPass } from '../../src/domains/game/index.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { createTestClock } from '../../src/lib/clock.ts';
import { ROUND1_DEADLINE, seasonId, teamIn } from '../support/game-helpers.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { type PushService, startPushService } from '../support/push-service.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { aCompetition, signedIn, someEntries } from '../support/world.ts';

const deadline = new Date(ROUND1_DEADLINE).getTime();
const at = (msBefore: number) => new Date(deadline - msBefore + 60_000).toISOString();
const HOUR = 3_600_000;

/**
 * Pick reminders from two app instances (each its own pool, clock and sending path) on one
 * PostgreSQL, running their passes at the same moment: each reminder leaves exactly once, never to an
 * entry that has picked, is out, or whose competition has ended; quiet hours hold back the 24-hour and
 * 2-hour reminders' push, not the last call's. Then the round's results, sent by the settlement pass.
 */
describe.each(backends().filter((b) => b === 'postgres'))(
  'pick reminders, two app instances on %s',
  (backend) => {
    let server: TestServer;
    let second: { app: FastifyInstance; database: Database; clock: ReturnType<typeof createTestClock> };
    let push: PushService;
    let admin: HttpClient;
    const players: HttpClient[] = [];
    const subs: string[] = [];
    const entryOf: string[] = [];
    let compId: string;
    let endedCompId: string;
    const both = () => [
      { ...server, notifier: server.app.services.notifier },
      {
        db: second.database.db,
        clock: second.clock,
        registries: second.app.services.registries,
        notifier: second.app.services.notifier,
      },
    ];
    const setTime = (iso: string) => {
      server.clock.set(iso);
      second.clock.set(iso);
    };
    /** Two passes in each instance, all four at once, then both sending paths. */
    async function passes() {
      const results = await Promise.all([...both(), ...both()].map((s) => runReminderPass(s)));
      await Promise.all(both().map((s) => s.notifier.drain()));
      return results.reduce((n, r) => n + r.sent, 0);
    }
    const pushesOf = (i: number) => push.for(subs[i] as string).map((r) => r.payload.title);

    beforeAll(async () => {
      push = await startPushService();
      server = await startTestServer(backend, {
        seed: true,
        now: '2024-08-10T12:00:00Z',
        env: { PUSH_SERVICE_HOSTS: push.host },
      });
      const clock = createTestClock('2024-08-10T12:00:00Z');
      const database = openDatabase({ databaseUrl: server.config.DATABASE_URL as string });
      second = {
        app: await buildApp({ config: server.config, database, clock, logger: false }),
        database,
        clock,
      };

      admin = await signedIn(server, 'admin@redlion.test');
      for (const n of [1, 2, 3]) players.push(await signedIn(server, `player${n}@redlion.test`));
      const created = await admin.post('/api/admin/competitions', {
        name: 'Reminder Cup',
        seasonId: await seasonId(server),
        startRound: 1,
        prizeModel: 'free',
        prizePence: 0,
      });
      compId = created.json.competition.id;
      expect((await admin.post(`/api/admin/competitions/${compId}/open`)).status).toBe(200);
      for (const [i, c] of players.entries()) {
        entryOf.push((await c.post(`/api/competitions/${compId}/entries`)).json.id);
        const sub = push.subscribe();
        const { id, ...json } = sub;
        subs.push(id);
        expect((await c.post('/api/push/subscriptions', { ...json, deviceId: `device-${i}` })).status).toBe(
          201,
        );
      }
      // The admin joins too, and goes out (as if by an earlier correction): never reminded.
      const adminEntry = (await admin.post(`/api/competitions/${compId}/entries`)).json.id;
      await server.db
        .update(entries)
        .set({ status: 'eliminated', eliminatedRound: 1 })
        .where(eq(entries.id, adminEntry));
      // A competition on the same round that has ended: never reminded.
      const ended = await aCompetition(server, {
        name: 'Ended Cup',
        status: 'finished',
        startRound: 1,
        entryFeePence: 0,
        prizeModel: 'free',
      });
      endedCompId = ended.id;
      const [p1] = await server.db.select().from(user).where(eq(user.email, 'player1@redlion.test'));
      await someEntries(server, { competition: ended, userId: p1?.id as string });

      // Player 3 keeps quiet hours 17:00-20:00 London time: the 24 h (19:01 BST) and 2 h (17:01 BST)
      // reminders fall inside them, and so does the last call (17:31 BST), which ignores them.
      const p = (await players[2]?.get('/api/me/notification-preferences'))?.json;
      const saved = await (players[2] as HttpClient).put('/api/me/notification-preferences', {
        ...p,
        quietHours: { enabled: true, start: '17:00', end: '20:00' },
      });
      expect(saved.status).toBe(200);
    }, 180_000);

    afterAll(async () => {
      await second?.app.close();
      await second?.database.close();
      await server?.close();
      await push?.close();
    });

    it('sends the 24-hour reminder once per entry, from whichever instance claims it, quiet hours honoured', async () => {
      setTime(at(24 * HOUR));
      expect(await passes()).toBe(3);
      // Each reminder's claim is its notification, under an id made of the entry, round and reminder.
      const claims = entryOf.map((e) => pickReminderId(e, 1, '24h'));
      const rows = await server.db.select().from(notifications).where(inArray(notifications.id, claims));
      expect(rows.map((r) => r.id).sort()).toEqual([...claims].sort());
      expect(pushesOf(0)).toEqual(['Pick for Reminder Cup by Fri 19:00']);
      expect(pushesOf(1)).toEqual(['Pick for Reminder Cup by Fri 19:00']);
      expect(pushesOf(2)).toEqual([]); // quiet hours: in the list, not pushed
      const list = (await players[2]?.get('/api/notifications'))?.json;
      expect(list.notifications.filter((n: Json) => n.kind === 'reminders')).toHaveLength(1);
      expect(list.notifications[0].link).toContain(`entry=${entryOf[2]}`);
      expect(push.errors).toEqual([]);
      // Again, later in the same window: nothing more.
      setTime(at(20 * HOUR));
      expect(await passes()).toBe(0);
    });

    it('skips an entry that picked in the meantime, at 2 hours', async () => {
      const fixtures = (await players[1]?.get(`/api/competitions/${compId}/rounds/1/fixtures`))?.json
        .fixtures;
      const picked = await (players[1] as HttpClient).put(`/api/entries/${entryOf[1]}/picks/1`, {
        teamId: teamIn(fixtures, 'Arsenal'),
      });
      expect(picked.status).toBe(200);
      setTime(at(2 * HOUR));
      expect(await passes()).toBe(2);
      expect(pushesOf(0)).toHaveLength(2);
      expect(pushesOf(1)).toHaveLength(1);
      expect(pushesOf(2)).toEqual([]);
    });

    it('sends the last call through quiet hours, once, and never to the ended competition or the entry that is out', async () => {
      setTime(at(30 * 60_000));
      expect(await passes()).toBe(2);
      expect(pushesOf(0).at(-1)).toBe('Last call: pick for Reminder Cup');
      expect(pushesOf(2)).toEqual(['Last call: pick for Reminder Cup']);
      expect(pushesOf(1)).toHaveLength(1);
      const urgent = push.for(subs[2] as string)[0];
      expect(urgent?.urgency).toBe('high');
      setTime(at(5 * 60_000));
      expect(await passes()).toBe(0);
      const all = await server.db.select().from(notifications).where(eq(notifications.kind, 'reminders'));
      expect(all).toHaveLength(3 + 2 + 2);
      const ended = await server.db
        .select()
        .from(entries)
        .where(and(eq(entries.competitionId, endedCompId)));
      const endedClaims = ended.flatMap((e) =>
        (['24h', '2h', 'last-call'] as const).map((k) => pickReminderId(e.id, 1, k)),
      );
      expect(all.some((r) => endedClaims.includes(r.id))).toBe(false);
      // Each subscription got each message once, though two instances sent.
      for (const sub of subs) {
        const ids = push.for(sub).map((r) => r.payload.id);
        expect(new Set(ids).size).toBe(ids.length);
      }
    });

    it("tells each entry its round's result once the round settles, by push within seconds", async () => {
      setTime('2024-08-21T12:00:00Z');
      const summary = await runSettlementPass(server);
      expect(summary.settledRounds).toBeGreaterThanOrEqual(1);
      await server.app.services.notifier.drain();
      const titles = (c: HttpClient | undefined) =>
        c
          ?.get('/api/notifications')
          .then((r) => r.json.notifications.map((n: Json) => `${n.title}: ${n.body}`));
      expect(await titles(players[1])).toContainEqual(
        expect.stringMatching(/round 1 results: Arsenal.* came through/),
      );
      expect(await titles(players[0])).toContainEqual(
        expect.stringMatching(/round 1 results: No pick: you are out/),
      );
      expect(await titles(players[1])).toContainEqual(
        expect.stringMatching(/Reminder Cup is decided: You won/),
      );
      await push.waitFor(() => pushesOf(1).includes('Reminder Cup: round 1 results'), 5000);
    });
  },
);
