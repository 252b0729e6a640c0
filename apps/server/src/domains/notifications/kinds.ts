import type { ChannelChoice } from './schema.ts';

/** What a kind of notification is: its name in the preference centre and its default channels. */
export interface NotificationKind {
  kind: string;
  label: string;
  defaults: ChannelChoice;
  /** Email only after the member agreed to it (UK PECR: club news is marketing). */
  emailNeedsConsent?: boolean;
  /** Only staff and admins see it in their preferences. */
  staffOnly?: boolean;
}

const registry = new Map<string, NotificationKind>();

/**
 * Adds a kind to the preference centre and the sending path. Later features (events, rota) call this
 * once at module load, from their own index.ts, before they call notify() with that kind.
 */
export function registerNotificationKind(kind: NotificationKind): void {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(kind.kind)) throw new Error(`bad notification kind ${kind.kind}`);
  registry.set(kind.kind, kind);
}

export function notificationKind(kind: string): NotificationKind {
  const k = registry.get(kind);
  if (!k) throw new Error(`notification kind ${kind} is not registered`);
  return k;
}

export function notificationKinds(): NotificationKind[] {
  return [...registry.values()];
}

registerNotificationKind({
  kind: 'reminders',
  label: 'Pick reminders',
  defaults: { push: true, email: true, inApp: true },
});
registerNotificationKind({
  kind: 'results',
  label: 'Results and winners',
  defaults: { push: true, email: false, inApp: true },
});
registerNotificationKind({
  kind: 'news',
  label: 'Club news',
  defaults: { push: true, email: false, inApp: true },
  emailNeedsConsent: true,
});
registerNotificationKind({
  kind: 'admin',
  label: 'Admin alerts (messages, payments, reviews)',
  defaults: { push: true, email: true, inApp: true },
  staffOnly: true,
});
// Messages from the club's admins to its staff: work, not marketing, so email needs no consent; each
// staff member still chooses the channels. Club news to all members is the `news` kind above.
registerNotificationKind({
  kind: 'staff',
  label: 'Messages to staff',
  defaults: { push: true, email: true, inApp: true },
  staffOnly: true,
});
