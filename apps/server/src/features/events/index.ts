// The events feature as other features see it (notifications' reminders, the Club tab): they import from here.

export { EVENTS_KIND } from './kind.ts';
export {
  expandEvent,
  findOccurrence,
  type Occurrence,
  occurrenceKey,
  parseOccurrenceId,
} from './occurrences.ts';
export { listRegistrations } from './queries.ts';
export { runEventReminderPass } from './reminders.ts';
export { clubOccurrences } from './service.ts';
