import type { NotificationKind } from '../../lib/registries.ts';

export type { NotificationKind };

/** The kinds the notifications domain sends itself or on behalf of the club's admins: club news, admin alerts, messages to staff. */
export const NOTIFICATIONS_KINDS: readonly NotificationKind[] = [
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
