// The events feature as other features see it (the admin's screens, the Club tab): they import from here.
import './events.css';

export * from './api/events-api.ts';
export { fromLondon, londonDay, RRULE_DAYS, toLondon, weekdayOf } from './london-time.ts';
export { eventLink } from './use-events-club.ts';
