import { describe, expect, it } from 'vitest';
import { dayNumber, daysBetween, londonOffsetMinutes, ukLocalToUtc, utcToUkLocal } from '../src/index.ts';

/** Independent rule: BST from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
function lastSundayUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

function isBst(utcMs: number): boolean {
  const year = new Date(utcMs).getUTCFullYear();
  return utcMs >= lastSundayUtc(year, 2) && utcMs < lastSundayUtc(year, 9);
}

describe('Europe/London conversion', () => {
  it('matches the EU summer-time rule at every half hour from 2015 to 2030', () => {
    let checked = 0;
    for (let day = Date.UTC(2015, 0, 1); day < Date.UTC(2031, 0, 1); day += 86_400_000) {
      const date = new Date(day).toISOString().slice(0, 10);
      for (const time of ['00:30', '01:30', '12:30', '23:59']) {
        const [h, m] = time.split(':').map(Number) as [number, number];
        const wall = day + (h * 60 + m) * 60_000;
        const expected = isBst(wall - 3_600_000) ? wall - 3_600_000 : wall;
        expect(ukLocalToUtc(date, time)).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20_000);
  }, 60_000);

  it('gives the offset in minutes, changing exactly at 01:00 UTC', () => {
    expect(londonOffsetMinutes(Date.UTC(2024, 0, 15, 12))).toBe(0);
    expect(londonOffsetMinutes(Date.UTC(2024, 6, 15, 12))).toBe(60);
    for (let year = 2015; year <= 2030; year++) {
      for (const change of [lastSundayUtc(year, 2), lastSundayUtc(year, 9)]) {
        const before = isBst(change - 1) ? 60 : 0;
        expect(londonOffsetMinutes(change - 1)).toBe(before);
        expect(londonOffsetMinutes(change)).toBe(60 - before);
      }
    }
  });

  it('moves a time in the skipped spring hour forward and takes the earlier of a repeated autumn hour', () => {
    // 2024-03-31: clocks went 01:00 GMT -> 02:00 BST. 01:30 does not exist.
    expect(new Date(ukLocalToUtc('2024-03-31', '01:30')).toISOString()).toBe('2024-03-31T01:30:00.000Z');
    expect(new Date(ukLocalToUtc('2024-03-31', '00:59')).toISOString()).toBe('2024-03-31T00:59:00.000Z');
    expect(new Date(ukLocalToUtc('2024-03-31', '02:00')).toISOString()).toBe('2024-03-31T01:00:00.000Z');
    // 2024-10-27: clocks went 02:00 BST -> 01:00 GMT. 01:30 happens twice.
    expect(new Date(ukLocalToUtc('2024-10-27', '01:30')).toISOString()).toBe('2024-10-27T00:30:00.000Z');
    expect(new Date(ukLocalToUtc('2024-10-27', '02:00')).toISOString()).toBe('2024-10-27T02:00:00.000Z');
  });

  it('round-trips UTC instants to UK wall-clock times', () => {
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2027, 0, 1); t += 3_600_000 * 7 + 60_000 * 13) {
      const { date, time } = utcToUkLocal(t);
      const back = ukLocalToUtc(date, time);
      // The repeated autumn hour maps back to its first occurrence.
      expect(back === t || back === t - 3_600_000).toBe(true);
    }
    expect(utcToUkLocal(Date.UTC(2025, 7, 15, 19))).toEqual({ date: '2025-08-15', time: '20:00' });
  });

  it('rejects impossible dates and times', () => {
    expect(dayNumber('2023-02-29')).toBeNull();
    expect(dayNumber('2024-02-29')).not.toBeNull();
    expect(() => ukLocalToUtc('2024-13-01', '15:00')).toThrow(/invalid date/);
    expect(() => ukLocalToUtc('2024-01-01', '24:00')).toThrow(/invalid time/);
    expect(daysBetween('2024-02-27', '2024-03-01')).toBe(3);
  });
});
