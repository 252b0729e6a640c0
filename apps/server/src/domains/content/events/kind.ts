import type { NotificationKind } from '../../notifications/index.ts';

/** The notification kind of sign-up confirmations and reminders before an event. */
export const EVENTS_KIND = 'events';

/** That kind in the preference centre, as the content domain's plugin registers it. */
export const EVENTS_NOTIFICATION_KIND: NotificationKind = {
  kind: EVENTS_KIND,
  label: 'Events you signed up for',
  defaults: { push: true, email: false, inApp: true },
};

/** The event page of one date, in the app. */
export const occurrenceLink = (occurrenceId: string) => `/event-modal?id=${encodeURIComponent(occurrenceId)}`;
