import { afterAll, describe, expect, it, vi } from 'vitest';
import { registerClubParts } from '../../src/domains/club/index.ts';
import { registerContentParts } from '../../src/domains/content/index.ts';
import { seasons } from '../../src/domains/game/football/schema.ts';
import { registerGameParts } from '../../src/domains/game/index.ts';
import { notificationKinds, registerNotificationKind } from '../../src/domains/notifications/kinds.ts';
import { registerNotificationsParts } from '../../src/domains/notifications/plugin.ts';
import { reminderPassNames } from '../../src/domains/notifications/worker.ts';
import { registerPaymentsParts } from '../../src/domains/payments/index.ts';
import { registerStaffParts } from '../../src/domains/staff/index.ts';
import { accountDeletionParts, clubExportParts, registerClubExportPart } from '../../src/lib/domain-parts.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * A domain registers its notification kinds, reminder passes and export and deletion parts from its
 * plugin, not on import; and again for each app built in the process, to no effect.
 */
describe('the domains register themselves', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('nothing is registered by importing the domains', () => {
    expect(notificationKinds()).toEqual([]);
    expect(reminderPassNames()).toEqual([]);
    expect(clubExportParts()).toEqual([]);
    expect(accountDeletionParts()).toEqual([]);
  });

  it('building an app registers every kind, pass and part, once however many apps are built', async () => {
    servers.push(await startTestServer('pglite'));
    const kinds = notificationKinds().map((k) => k.kind);
    // The preference centre's order.
    expect(kinds).toEqual([
      'reminders',
      'results',
      'match-alerts',
      'news',
      'admin',
      'staff',
      'events',
      'leave',
      'rota',
    ]);
    expect(reminderPassNames()).toEqual(['picks', 'events', 'shifts']);
    expect(clubExportParts()).toHaveLength(6);
    expect(accountDeletionParts()).toHaveLength(1);

    servers.push(await startTestServer('pglite'));
    for (const register of [
      registerNotificationsParts,
      registerGameParts,
      registerPaymentsParts,
      registerClubParts,
      registerContentParts,
      registerStaffParts,
    ]) {
      register();
    }
    expect(notificationKinds().map((k) => k.kind)).toEqual(kinds);
    expect(reminderPassNames()).toEqual(['picks', 'events', 'shifts']);
    expect(clubExportParts()).toHaveLength(6);
    expect(accountDeletionParts()).toHaveLength(1);
  }, 120_000);

  it('another kind or part under a name already taken is refused', () => {
    expect(() =>
      registerNotificationKind({
        kind: 'news',
        label: 'Other news',
        defaults: { push: false, email: false, inApp: true },
      }),
    ).toThrow(/registered twice/);
    expect(() => registerClubExportPart('game', async () => ({}))).toThrow(/registered twice/);
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
