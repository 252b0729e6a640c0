import { registerNotificationKind } from '../../notifications/index.ts';

/** The notification kind of sign-up confirmations and reminders before an event. */
export const EVENTS_KIND = 'events';

registerNotificationKind({
  kind: EVENTS_KIND,
  label: 'Events you signed up for',
  defaults: { push: true, email: false, inApp: true },
});

/** The event page of one date, in the app. */
export const occurrenceLink = (occurrenceId: string) => `/event-modal?id=${encodeURIComponent(occurrenceId)}`;
