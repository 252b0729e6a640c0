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

/** "Thu 26 Nov, 20:00" in London time. */
export function londonWhen(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
}
