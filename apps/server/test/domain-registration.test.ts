import { afterAll, describe, expect, it } from 'vitest';
import { registerClubParts } from '../src/domains/club/index.ts';
import { registerContentParts } from '../src/domains/content/index.ts';
import { registerGameParts } from '../src/domains/game/index.ts';
import { notificationKinds, registerNotificationKind } from '../src/domains/notifications/kinds.ts';
import { registerNotificationsParts } from '../src/domains/notifications/plugin.ts';
import { reminderPassNames } from '../src/domains/notifications/worker.ts';
import { registerPaymentsParts } from '../src/domains/payments/index.ts';
import { registerStaffParts } from '../src/domains/staff/index.ts';
import { accountDeletionParts, clubExportParts, registerClubExportPart } from '../src/lib/domain-parts.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

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
    expect(clubExportParts()).toHaveLength(5);
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
    expect(clubExportParts()).toHaveLength(5);
    expect(accountDeletionParts()).toHaveLength(1);
  });

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
