import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInPeriod,
  fromLondon,
  hoursBetween,
  isDate,
  isTimeZone,
  laterByLondonDays,
  londonDay,
  londonDayStart,
  londonMondayOf,
  londonWeekBounds,
  minutesBetween,
  minutesIntoDay,
  mondayOf,
  todayInLondon,
  toLondon,
  weekDates,
  weekdayIndex,
} from './time.ts';

const HOUR = 3_600_000;
const iso = (d: Date) => d.toISOString();

// The clocks change on the last Sunday of March (01:00 GMT → 02:00 BST) and of October
// (02:00 BST → 01:00 GMT): 29 March and 25 October in 2026.

describe('London date of an instant', () => {
  it('is the UTC date in winter and the next day an hour before UTC midnight in summer', () => {
    expect(londonDay('2026-01-15T23:30:00Z')).toBe('2026-01-15');
    expect(londonDay('2026-07-15T23:30:00Z')).toBe('2026-07-16');
    expect(londonDay(Date.UTC(2026, 6, 15, 22, 59))).toBe('2026-07-15');
    expect(londonDay(new Date('2026-07-15T23:00:00Z'))).toBe('2026-07-16');
  });

  it('reads the wall clock on both sides of each clock change', () => {
    expect(toLondon('2026-03-29T00:59:00Z')).toEqual({ date: '2026-03-29', time: '00:59' });
    expect(toLondon('2026-03-29T01:00:00Z')).toEqual({ date: '2026-03-29', time: '02:00' });
    expect(toLondon('2026-10-25T00:30:00Z')).toEqual({ date: '2026-10-25', time: '01:30' });
    expect(toLondon('2026-10-25T01:30:00Z')).toEqual({ date: '2026-10-25', time: '01:30' });
    expect(toLondon('2026-10-24T23:00:00Z')).toEqual({ date: '2026-10-25', time: '00:00' });
  });

  it('gives today in London', () => {
    expect(todayInLondon(Date.UTC(2026, 5, 30, 23, 15))).toBe('2026-07-01');
    expect(todayInLondon('2026-12-31T23:15:00Z')).toBe('2026-12-31');
  });
});

describe('London wall clock to an instant', () => {
  it('takes an hour off in summer and nothing in winter', () => {
    expect(iso(fromLondon('2026-07-01', '00:30'))).toBe('2026-06-30T23:30:00.000Z');
    expect(iso(fromLondon('2026-12-01', '00:30'))).toBe('2026-12-01T00:30:00.000Z');
  });

  it('moves a time in the skipped spring hour an hour on, and takes the first of the repeated autumn hour', () => {
    expect(iso(fromLondon('2026-03-29', '01:30'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(fromLondon('2026-03-29', '02:00'))).toBe('2026-03-29T01:00:00.000Z');
    expect(iso(fromLondon('2026-10-25', '01:30'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(fromLondon('2026-10-25', '02:00'))).toBe('2026-10-25T02:00:00.000Z');
  });

  it('refuses what is not a date or a time', () => {
    expect(() => fromLondon('2026-02-30', '10:00')).toThrow(RangeError);
    expect(() => fromLondon('2026-02-01', '24:00')).toThrow(RangeError);
  });

  it('makes the clock-change days 23 and 25 hours long', () => {
    const length = (d: string) => londonDayStart(d, 1).getTime() - londonDayStart(d).getTime();
    expect(length('2026-03-29')).toBe(23 * HOUR);
    expect(length('2026-10-25')).toBe(25 * HOUR);
    expect(length('2026-06-01')).toBe(24 * HOUR);
    expect(iso(londonDayStart('2026-03-28', 1))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(londonDayStart('2026-03-30'))).toBe('2026-03-29T23:00:00.000Z');
  });

  it('keeps the wall-clock time when moved by whole days across a change', () => {
    expect(iso(laterByLondonDays('2026-03-28T18:00:00Z', 1))).toBe('2026-03-29T17:00:00.000Z');
    expect(iso(laterByLondonDays('2026-10-24T17:00:00Z', 1))).toBe('2026-10-25T18:00:00.000Z');
    expect(iso(laterByLondonDays(new Date('2026-10-25T18:00:00Z'), -1))).toBe('2026-10-24T17:00:00.000Z');
  });
});

describe('dates and weeks', () => {
  it('adds days across months, years and 29 February', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
  });

  it('knows a real date', () => {
    expect(isDate('2024-02-29')).toBe(true);
    expect(isDate('2023-02-29')).toBe(false);
    expect(isDate('2026-1-5')).toBe(false);
    expect(isDate(null)).toBe(false);
    expect(isDate('')).toBe(false);
  });

  it('finds the Monday of a week, Monday to Sunday', () => {
    expect(weekdayIndex('1970-01-01')).toBe(3);
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-28')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
    expect(weekDates('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('puts Sunday night after 23:00 UTC in summer into the next London week', () => {
    expect(londonMondayOf('2026-07-05T22:30:00Z')).toBe('2026-06-29');
    expect(londonMondayOf('2026-07-05T23:30:00Z')).toBe('2026-07-06');
    expect(londonMondayOf('2026-12-06T23:30:00Z')).toBe('2026-11-30');
  });

  it('spans a London week from Monday midnight to Monday midnight, an hour short or long at a change', () => {
    const spring = londonWeekBounds('2026-03-23');
    expect(iso(spring.from)).toBe('2026-03-23T00:00:00.000Z');
    expect(iso(spring.to)).toBe('2026-03-29T23:00:00.000Z');
    const autumn = londonWeekBounds('2026-10-19');
    expect(iso(autumn.from)).toBe('2026-10-18T23:00:00.000Z');
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe((7 * 24 + 1) * HOUR);
  });

  it('counts the days of a period, both ends included', () => {
    expect(daysInPeriod('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysInPeriod('2026-02-01', '2026-03-01')).toBe(29);
  });
});

describe('durations', () => {
  it('counts minutes and hours between instants, whatever the clocks did', () => {
    expect(minutesBetween('2026-03-29T00:30:00Z', '2026-03-29T01:30:00Z')).toBe(60);
    expect(minutesBetween(new Date('2026-01-01T10:00:00Z'), Date.UTC(2026, 0, 1, 9, 30))).toBe(-30);
    expect(hoursBetween('2026-10-24T23:00:00Z', '2026-10-25T23:00:00Z')).toBe(24);
    expect(hoursBetween('2026-11-28T18:00:00Z', '2026-11-29T01:00:00Z', 30)).toBe(6.5);
  });
});

describe('other time zones', () => {
  it('knows a zone from a name that is not one', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });

  it('gives the minutes after local midnight', () => {
    expect(minutesIntoDay('2026-07-01T21:30:00Z', 'Europe/London')).toBe(22 * 60 + 30);
    expect(minutesIntoDay('2026-07-01T23:15:00Z', 'Europe/London')).toBe(15);
    expect(minutesIntoDay('2026-01-01T03:00:00Z', 'America/New_York')).toBe(22 * 60);
  });
});
