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
 * Adds a kind to the preference centre and the sending path, in the order kinds are registered. A
 * domain's plugin registers its kinds (each app built in a process does it again: the same kind is
 * then a no-op, while another kind under a name already taken is refused).
 */
export function registerNotificationKind(kind: NotificationKind): void {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(kind.kind)) throw new Error(`bad notification kind ${kind.kind}`);
  const known = registry.get(kind.kind);
  if (known && JSON.stringify(known) !== JSON.stringify(kind)) {
    throw new Error(`notification kind ${kind.kind} is registered twice, differently`);
  }
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

/** The kinds the notifications domain sends itself or on behalf of the game and the club's admins. */
export const NOTIFICATIONS_KINDS: readonly NotificationKind[] = [
  {
    kind: 'reminders',
    label: 'Pick reminders',
    defaults: { push: true, email: true, inApp: true },
  },
  {
    kind: 'results',
    label: 'Results and winners',
    defaults: { push: true, email: false, inApp: true },
  },
  // A goal that changes whether a player is through, as the scores stand: off until the member wants it.
  {
    kind: 'match-alerts',
    label: 'Match alerts: a goal that changes whether you are through',
    defaults: { push: false, email: false, inApp: false },
  },
  {
    kind: 'news',
    label: 'Club news',
    defaults: { push: true, email: false, inApp: true },
    emailNeedsConsent: true,
  },
  {
    kind: 'admin',
    label: 'Admin alerts (messages, payments, reviews)',
    defaults: { push: true, email: true, inApp: true },
    staffOnly: true,
  },
  // Messages from the club's admins to its staff: work, not marketing, so email needs no consent; each
  // staff member still chooses the channels. Club news to all members is the `news` kind above.
  {
    kind: 'staff',
    label: 'Messages to staff',
    defaults: { push: true, email: true, inApp: true },
    staffOnly: true,
  },
];
