// The rota's rules both apps apply, written once. No zod here: the web app's first chunk imports
// this module (`@lastman/api/staff/rules`), and the staff schemas read their limits from it.

/** The rota's limits: a shift is at most a day long (a pub's longest is an open-to-close Saturday). */
export const ROTA_LIMITS = {
  positionMax: 60,
  notesMax: 500,
  breakMinutesMax: 240,
  shiftHoursMax: 16,
} as const;

/** The first day of a person's first pay rate when none is given: that rate covers all their hours. */
export const PAY_RATE_FROM_THE_START = '1970-01-01';
