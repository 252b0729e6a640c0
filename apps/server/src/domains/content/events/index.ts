// The events feature as other features see it (notifications' reminders, the Club tab): they import from here.

// The club's public pages (server-rendered) read a club's dates and one date as a visitor does.
export { clubOccurrences, getOccurrence } from './event-views.ts';
// The rota's calendar of shifts and its week view (what is coming) reuse these.
export { newCalendar } from './ics.ts';
export { EVENTS_KIND } from './kind.ts';
export {
  expandEvent,
  findOccurrence,
  type Occurrence,
  occurrenceKey,
  parseOccurrenceId,
} from './occurrences.ts';
// The quiz checks that a quiz night's event is the club's own.
export { findEvent, listMatchesInRange, listRegistrations } from './queries.ts';
export { runEventReminderPass } from './reminders.ts';
