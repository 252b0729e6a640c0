import { addDays, fromLondon } from '@lastman/api/time';

// The rota is planned in London wall-clock time; the API takes and gives UTC instants.

/**
 * The UTC instants of a shift entered as a London date, start and end time: an end at or before the
 * start is the next morning (a bar shift closing at 01:00).
 */
export function shiftInstants(
  date: string,
  start: string,
  end: string,
): { startsAt: string; endsAt: string } {
  const endDate = end <= start ? addDays(date, 1) : date;
  return {
    startsAt: fromLondon(date, start).toISOString(),
    endsAt: fromLondon(endDate, end).toISOString(),
  };
}
