import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { eventReminderSends } from '../../src/db/schema/index.ts';
import { runEventReminderPass } from '../../src/domains/content/events/index.ts';
import { startNotificationJobs } from '../../src/domains/notifications/index.ts';
import { createTestClock } from '../../src/lib/clock.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { type PushService, startPushService } from '../support/push-service.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { otherClubAdmin, signedIn } from '../support/world.ts';

// A weekly quiz on Thursdays at 20:00 London time (GMT in winter), from 26 November 2026.
const QUIZ = {
  title: 'Pub Quiz',
  startsAt: '2026-11-26T20:00:00Z',
  endsAt: '2026-11-26T22:30:00Z',
  place: 'The back bar',
  recurrence: 'RRULE:FREQ=WEEKLY;BYDAY=TH',
  capacity: 30,
};

type Instance = Parameters<typeof runEventReminderPass>[0] & {
  notifier: { drain(): Promise<unknown> };
  clock: ReturnType<typeof createTestClock>;
};

/**
 * Reminders 24 hours and 2 hours before each date a member signed up for, from every instance's
 * minute tick: exactly once per sign-up and reminder (on PostgreSQL from two app instances at once),
 * none for a cancelled date, a moved date at its new time, quiet hours honoured; and the sign-up
 * confirmation in the list.
 */
describe.each(backends())('event reminders on %s', (backend) => {
  let server: TestServer;
  let admin: HttpClient;
  const players: HttpClient[] = [];
  let seriesId: string;
  let push: PushService;
  let sub: string;
  const pushed = () => push.for(sub).map((r) => r.payload.title);
  const instances: Instance[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  const date = (key: string) => `${seriesId}_${key}`;

  const setTime = (iso: string) => {
    for (const i of instances) i.clock.set(iso);
  };
  /** Two passes in each instance, all at once, then each sending path. */
  async function passes() {
    const results = await Promise.all([...instances, ...instances].map((s) => runEventReminderPass(s)));
    await Promise.all(instances.map((s) => s.notifier.drain()));
    return results.reduce((n, r) => n + r.sent, 0);
  }
  const eventNotes = async (c: HttpClient | undefined) =>
    ((await (c as HttpClient).get('/api/notifications')).json.notifications as Json[]).filter(
      (n) => n.kind === 'events',
    );

  beforeAll(async () => {
    push = await startPushService();
    server = await startTestServer(backend, {
      seed: true,
      now: '2026-11-20T12:00:00Z',
      env: { PUSH_SERVICE_HOSTS: push.host },
    });
    instances.push({
      db: server.db,
      clock: server.clock,
      registries: server.registries,
      notifier: server.app.services.notifier,
    });
    if (backend === 'postgres') {
      const clock = createTestClock('2026-11-20T12:00:00Z');
      const database = openDatabase({ databaseUrl: server.config.DATABASE_URL as string });
      const app = await buildApp({ config: server.config, database, clock, logger: false });
      instances.push({
        db: database.db,
        clock,
        registries: app.services.registries,
        notifier: app.services.notifier,
      });
      closers.push(
        () => app.close(),
        () => database.close(),
      );
    }
    admin = await signedIn(server, 'admin@redlion.test');
    for (const n of [1, 2]) players.push(await signedIn(server, `player${n}@redlion.test`));
    const created = await admin.post('/api/admin/events', QUIZ);
    expect(created.status).toBe(201);
    seriesId = created.json.event.id;
    // Both sign up for 26 Nov; player 1 also for 3 Dec (to be cancelled) and 10 Dec (to be moved).
    for (const p of players) {
      expect((await p.post(`/api/events/${date('20261126T200000Z')}/registrations`, {})).status).toBe(201);
    }
    for (const key of ['20261203T200000Z', '20261210T200000Z']) {
      expect((await players[0]?.post(`/api/events/${date(key)}/registrations`, {}))?.status).toBe(201);
    }
    // Player 2 takes pushes and keeps quiet hours 18:00-19:00 London time: the 2-hour reminder of
    // 26 Nov (18:30) is listed but not pushed; the 24-hour one (20:30 the day before) is pushed.
    const { id, ...json } = push.subscribe();
    sub = id;
    expect(
      (await players[1]?.post('/api/push/subscriptions', { ...json, deviceId: 'device-2' }))?.status,
    ).toBe(201);
    const prefs = (await players[1]?.get('/api/me/notification-preferences'))?.json;
    const saved = await players[1]?.put('/api/me/notification-preferences', {
      ...prefs,
      quietHours: { enabled: true, start: '18:00', end: '19:00' },
    });
    expect(saved?.status).toBe(200);
    expect(
      (
        await admin.put(`/api/admin/events/${seriesId}/exceptions`, {
          originalStartsAt: '2026-12-03T20:00:00Z',
          cancelled: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.put(`/api/admin/events/${seriesId}/exceptions`, {
          originalStartsAt: '2026-12-10T20:00:00Z',
          cancelled: false,
          startsAt: '2026-12-11T19:30:00Z',
          endsAt: '2026-12-11T22:00:00Z',
        })
      ).status,
    ).toBe(200);
  }, 180_000);

  afterAll(async () => {
    for (const close of closers) await close();
    await server?.close();
    await push?.close();
  });

  it('confirms each sign-up in the notifications list, and offers the kind in the preference centre', async () => {
    const notes = await eventNotes(players[0]);
    expect(notes).toHaveLength(3);
    expect(notes.map((n) => n.title)).toEqual(Array(3).fill('You are signed up: Pub Quiz'));
    expect(notes.map((n) => n.body)).toContainEqual(expect.stringContaining('Thu 26 Nov, 20:00 (UK time)'));
    expect(notes.map((n) => n.link)).toContain(
      `/event-modal?id=${encodeURIComponent(date('20261126T200000Z'))}`,
    );
    expect(await eventNotes(players[1])).toHaveLength(1);
    const kinds = (await players[0]?.get('/api/me/notification-preferences'))?.json.kinds as Json[];
    expect(kinds.find((k) => k.kind === 'events')).toMatchObject({ push: true, email: false, inApp: true });
    // Another club's admin sees none of it.
    const other = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
    expect(await eventNotes(other)).toEqual([]);
  });

  it('sends the 24-hour reminder once per sign-up, whichever instance claims it', async () => {
    setTime('2026-11-25T20:30:00Z');
    expect(await passes()).toBe(2);
    setTime('2026-11-26T10:00:00Z');
    expect(await passes()).toBe(0);
    for (const p of players) {
      const titles = (await eventNotes(p)).map((n) => n.title);
      expect(titles.filter((t) => t === 'Coming up: Pub Quiz')).toHaveLength(1);
    }
    await push.waitFor(() => pushed().length === 1);
    expect(pushed()).toEqual(['Coming up: Pub Quiz']);
  });

  it('sends the 2-hour reminder once, then nothing after the start', async () => {
    setTime('2026-11-26T18:30:00Z');
    expect(await passes()).toBe(2);
    expect(await passes()).toBe(0);
    setTime('2026-11-26T20:30:00Z');
    expect(await passes()).toBe(0);
    const rows = await server.db.select().from(eventReminderSends);
    expect(rows.map((r) => r.reminder).sort()).toEqual(['24h', '24h', '2h', '2h']);
    // Quiet hours: player 2's 2-hour reminder is in the list, not pushed.
    expect((await eventNotes(players[1])).map((n) => n.title)).toContain('Starting soon: Pub Quiz');
    expect(pushed()).toEqual(['Coming up: Pub Quiz']);
    expect(push.errors).toEqual([]);
  });

  it('reminds nobody of a cancelled date', async () => {
    for (const t of ['2026-12-02T20:30:00Z', '2026-12-03T18:30:00Z']) {
      setTime(t);
      expect(await passes()).toBe(0);
    }
  });

  it('reminds of a moved date at its new time, not the old one', async () => {
    setTime('2026-12-09T20:30:00Z'); // 23.5 h before the old time, 47 h before the new one
    expect(await passes()).toBe(0);
    setTime('2026-12-10T20:00:00Z'); // 23.5 h before 11 Dec 19:30
    expect(await passes()).toBe(1);
    // The 2-hour one through the notification jobs' minute tick, as in a running server.
    setTime('2026-12-11T18:00:00Z');
    const errors: unknown[] = [];
    const jobs = startNotificationJobs(server.app.services, { error: (obj) => errors.push(obj) });
    await jobs.stop();
    expect(errors).toEqual([]);
    expect(await passes()).toBe(0);
    const notes = await eventNotes(players[0]);
    const moved = notes.filter(
      (n) => n.link?.includes('20261210T200000Z') && n.title !== 'You are signed up: Pub Quiz',
    );
    expect(moved.map((n) => n.title).sort()).toEqual(['Coming up: Pub Quiz', 'Starting soon: Pub Quiz']);
    expect(moved[0]?.body).toContain('Fri 11 Dec, 19:30 (UK time)');
    expect(moved[0]?.body).toContain('new time');
    const mine = await server.db
      .select()
      .from(eventReminderSends)
      .where(eq(eventReminderSends.startsAt, new Date('2026-12-11T19:30:00Z')));
    expect(mine).toHaveLength(2);
    expect(await eventNotes(players[1])).toHaveLength(3);
  });
});
