import { afterAll, describe, expect, it, vi } from 'vitest';
import { seasons } from '../../src/domains/game/football/schema.ts';
import { createRegistries } from '../../src/lib/registries.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * A domain registers its notification kinds, reminder passes and export and deletion parts from its
 * plugin, into the registries of the app being built: each app has its own, and a module registers
 * nothing on import.
 */
describe('the domains register themselves, in each app apart', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  const KINDS = ['reminders', 'results', 'match-alerts', 'news', 'admin', 'staff', 'events', 'leave', 'rota'];

  it('building an app registers every kind, pass and part, in its own registries', async () => {
    servers.push(await startTestServer('pglite'));
    const { registries } = servers[0] as TestServer;
    // The preference centre's order.
    expect(registries.notificationKinds.names()).toEqual(KINDS);
    expect(registries.reminderPasses.names()).toEqual(['picks', 'events', 'shifts']);
    expect(registries.clubExport.names()).toEqual(['game', 'payments', 'club', 'content', 'staff', 'quiz']);
    expect(registries.personalExport.names()).toEqual(['game', 'payments', 'club', 'staff']);
    expect(registries.accountDeletion.names()).toEqual(['club']);
  }, 120_000);

  it('two apps built in one process keep separate registries', async () => {
    servers.push(await startTestServer('pglite'));
    const [first, second] = servers as [TestServer, TestServer];
    expect(second.registries).not.toBe(first.registries);
    expect(second.app.services.registries).toBe(second.registries);
    for (const name of [
      'notificationKinds',
      'reminderPasses',
      'clubExport',
      'personalExport',
      'accountDeletion',
    ] as const) {
      expect(second.registries[name]).not.toBe(first.registries[name]);
      expect(second.registries[name].names()).toEqual(first.registries[name].names());
    }
    // What one app gains, the other does not see.
    second.registries.notificationKinds.register('only-second', {
      kind: 'only-second',
      label: 'Only the second app',
      defaults: { push: false, email: false, inApp: true },
    });
    expect(second.registries.notificationKinds.names()).toContain('only-second');
    expect(first.registries.notificationKinds.names()).toEqual(KINDS);
    expect(first.registries.notificationKinds.find('only-second')).toBeUndefined();
  }, 120_000);

  it('another kind or part under a name already taken is refused, and a bad kind name too', () => {
    const registries = createRegistries();
    const news = { kind: 'news', label: 'Club news', defaults: { push: true, email: false, inApp: true } };
    registries.notificationKinds.register('news', news);
    expect(() => registries.notificationKinds.register('news', { ...news, label: 'Other news' })).toThrow(
      /registered twice/,
    );
    expect(() => registries.notificationKinds.register('Bad Kind', { ...news, kind: 'Bad Kind' })).toThrow(
      /bad notification kind/,
    );
    registries.clubExport.register('game', async () => ({}));
    expect(() => registries.clubExport.register('game', async () => ({}))).toThrow(/registered twice/);
  });
});

describe('each domain starts and stops its own jobs', () => {
  it('an app built with its jobs starts them when ready, and closing it stops every one', async () => {
    // Every repeating timer made while the app runs, and every one cleared.
    const made = new Set<unknown>();
    const cleared = new Set<unknown>();
    const setSpy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((fn: () => void, ms?: number) => {
      const handle = realSetInterval(fn, ms);
      made.add(handle);
      return handle;
    }) as typeof setInterval);
    const clearSpy = vi.spyOn(globalThis, 'clearInterval').mockImplementation(((handle: unknown) => {
      cleared.add(handle);
      realClearInterval(handle as ReturnType<typeof setInterval>);
    }) as typeof clearInterval);
    try {
      const server = await startTestServer('pglite', {
        jobs: true,
        env: { OPENFOOTBALL_URL: 'off', BACKUP_EVERY_HOURS: '0' },
      });
      try {
        // The game's start-up job imported the bundled seasons (Premier League and Championship).
        const imported = await server.db.select({ key: seasons.key }).from(seasons);
        expect(imported.length).toBeGreaterThanOrEqual(2);
        // The workers' timers: settlement, payments, clock-outs, notification delivery and reminders.
        expect(made.size).toBeGreaterThanOrEqual(5);
      } finally {
        await server.close();
      }
      expect([...made].filter((h) => !cleared.has(h))).toEqual([]);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
  }, 120_000);
});

const realSetInterval = globalThis.setInterval;
const realClearInterval = globalThis.clearInterval;
