/** The RRULE weekdays, Sunday first as `Date.getUTCDay` counts. */
export const RRULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
/** The RRULE weekday of a London date ('2026-11-26' -> 'TH'). */
export const weekdayOf = (date: string) => RRULE_DAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? 'MO';
