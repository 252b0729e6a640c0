import { describe, expect, it } from 'vitest';
import {
  clockText,
  countdownText,
  csvHours,
  formatDate,
  formatDay,
  formatEventPrice,
  formatHours,
  formatLongDate,
  formatMinutes,
  formatNumber,
  formatPence,
  formatPoundsTick,
  formatShortDay,
  hoursWords,
  londonDate,
  londonDateTime,
  londonDayKey,
  londonDayWords,
  londonLongDay,
  londonNumeric,
  londonStamp,
  londonTime,
  londonWeekday,
  londonWeekdayTime,
  londonWhenLong,
  londonWhenWords,
  londonZone,
  moneyTicks,
  orderItems,
  orderLine,
  ordinal,
  penceAsPounds,
  quarterHours,
  toPence,
} from './format.ts';

describe('instants in London time', () => {
  it('writes the same instant in every form the screens, emails and files use', () => {
    const at = '2026-12-05T18:00:05Z';
    expect(londonDateTime(at)).toBe('Sat 5 Dec, 18:00');
    expect(londonDate(at)).toBe('Sat, 5 Dec 2026');
    expect(londonTime(at)).toBe('18:00');
    expect(londonDayKey(at)).toBe('05/12/2026');
    expect(londonZone(at)).toBe('GMT');
    expect(londonWeekdayTime(at)).toBe('Sat 18:00');
    expect(londonWhenLong(at)).toBe('Saturday 5 December at 18:00');
    expect(londonLongDay(at)).toBe('Saturday, 5 December 2026');
    expect(londonWeekday(at)).toBe('Saturday');
    expect(londonNumeric(at)).toBe('05/12/2026, 18:00:05');
    expect(londonStamp(at)).toBe('2026-12-05 18:00');
    expect(londonDayWords(at)).toBe('Saturday 5 December');
    expect(londonWhenWords(at)).toBe('Saturday 5 December, 18:00');
  });

  it('takes a Date, epoch milliseconds or an ISO string alike', () => {
    const ms = Date.UTC(2026, 6, 4, 14);
    expect(londonDateTime(ms)).toBe('Sat 4 Jul, 15:00');
    expect(londonDateTime(new Date(ms))).toBe('Sat 4 Jul, 15:00');
    expect(londonDateTime(new Date(ms).toISOString())).toBe('Sat 4 Jul, 15:00');
  });

  it('moves to the next London day an hour before UTC midnight in summer', () => {
    const at = '2026-07-04T23:30:00Z';
    expect(londonTime(at)).toBe('00:30');
    expect(londonDate(at)).toBe('Sun, 5 Jul 2026');
    expect(londonDayWords(at)).toBe('Sunday 5 July');
    expect(londonWhenWords(at)).toBe('Sunday 5 July, 00:30');
    expect(londonStamp(at)).toBe('2026-07-05 00:30');
    expect(londonDayKey(at)).toBe('05/07/2026');
    expect(londonWeekday(at)).toBe('Sunday');
    expect(londonDate('2026-12-31T23:30:00Z')).toBe('Thu, 31 Dec 2026');
  });

  it('names the zone on each side of both clock changes', () => {
    expect(londonZone('2026-03-29T00:59:00Z')).toBe('GMT');
    expect(londonZone('2026-03-29T01:00:00Z')).toBe('BST');
    expect(londonTime('2026-03-29T01:00:00Z')).toBe('02:00');
    expect(londonZone('2026-10-25T00:59:00Z')).toBe('BST');
    expect(londonTime('2026-10-25T00:59:00Z')).toBe('01:59');
    expect(londonZone('2026-10-25T01:00:00Z')).toBe('GMT');
    expect(londonTime('2026-10-25T01:00:00Z')).toBe('01:00');
  });
});

describe('calendar dates', () => {
  it('writes a date as itself, whatever the zone', () => {
    expect(formatDay('2026-11-09')).toBe('Monday 9 November');
    expect(formatShortDay('2026-10-24')).toBe('Sat 24 Oct');
    expect(formatDate('2026-03-03')).toBe('3 Mar 2026');
    expect(formatLongDate('2026-11-23')).toBe('23 November 2026');
    expect(formatDay('2026-03-29')).toBe('Sunday 29 March');
    expect(formatDay('2026-10-25')).toBe('Sunday 25 October');
  });
});

describe('money', () => {
  it('writes pence as pounds', () => {
    expect(formatPence(150)).toBe('£1.50');
    expect(formatPence(105000)).toBe('£1,050.00');
    expect(formatPence(-250)).toBe('-£2.50');
    expect(formatPence(0)).toBe('£0.00');
  });

  it('writes pence for a CSV file and an amount field', () => {
    expect(penceAsPounds(1250)).toBe('12.50');
    expect(penceAsPounds(1050)).toBe('10.50');
    expect(penceAsPounds(7)).toBe('0.07');
    expect(penceAsPounds(-250)).toBe('-2.50');
  });

  it('says what a place at an event costs, or that it is free', () => {
    expect(formatEventPrice(600)).toBe('£6.00 a person');
    expect(formatEventPrice(50_000)).toBe('£500.00 a person');
    expect(formatEventPrice(0)).toBe('Free');
  });

  it('reads pounds and pence, with or without the pound sign and spaces', () => {
    expect(toPence('12.95')).toBe(1295);
    expect(toPence('£8')).toBe(800);
    expect(toPence(' 4.5 ')).toBe(450);
    expect(toPence('£ 10.05')).toBe(1005);
  });

  it('refuses what is not a sum of money', () => {
    expect(toPence('12.955')).toBeNull();
    expect(toPence('twelve')).toBeNull();
    expect(toPence('-1')).toBeNull();
    expect(toPence('')).toBeNull();
  });

  it('marks a money axis in whole pounds', () => {
    expect(moneyTicks(1)).toEqual([0, 100]);
    expect(moneyTicks(125_000)).toEqual([0, 50_000, 100_000, 150_000]);
    expect(formatPoundsTick(150_000)).toBe('£1,500');
    expect(formatPoundsTick(0)).toBe('£0');
  });

  it('writes numbers the British way', () => {
    expect(formatNumber(5000)).toBe('5,000');
    expect(formatNumber(1234567.891)).toBe('1,234,567.891');
    expect(ordinal(1)).toBe('1st');
    expect(ordinal(2)).toBe('2nd');
    expect(ordinal(3)).toBe('3rd');
    expect(ordinal(11)).toBe('11th');
    expect(ordinal(22)).toBe('22nd');
  });
});

describe('hours and durations', () => {
  it('writes hours to two places, grouped, and never "-0"', () => {
    expect(formatHours(7.5)).toBe('7.5 h');
    expect(formatHours(8)).toBe('8 h');
    expect(formatHours(-14.514)).toBe('-14.51 h');
    expect(formatHours(1234.567)).toBe('1,234.57 h');
    expect(formatHours(-0.001)).toBe('0 h');
    expect(formatHours(395 / 60)).toBe('6.58 h');
  });

  it('writes a shift to the quarter hour', () => {
    expect(quarterHours(7.4)).toBe('7.5 h');
    expect(quarterHours(6.5)).toBe('6.5 h');
    expect(quarterHours(0)).toBe('0 h');
  });

  it('writes hours in words, whole or to a tenth', () => {
    expect(hoursWords(8)).toBe('8 hours');
    expect(hoursWords(11.5)).toBe('11.5 hours');
    expect(hoursWords(10.25)).toBe('10.3 hours');
  });

  it('writes minutes as hours for a CSV file', () => {
    expect(csvHours(450)).toBe('7.50');
    expect(csvHours(0)).toBe('0.00');
    expect(csvHours(395)).toBe('6.58');
  });

  it('writes minutes as hours and minutes', () => {
    expect(formatMinutes(395)).toBe('6 h 35 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(0)).toBe('0 h');
    expect(formatMinutes(75)).toBe('1 h 15 min');
    expect(formatMinutes(120)).toBe('2 h');
  });

  it('writes a time of day from minutes after midnight', () => {
    expect(clockText(22 * 60)).toBe('22:00');
    expect(clockText(7 * 60 + 5)).toBe('07:05');
    expect(clockText(0)).toBe('00:00');
  });

  it('counts down to a deadline', () => {
    expect(countdownText(0)).toBeNull();
    expect(countdownText(45_000)).toBe('45s');
    expect(countdownText(65_000)).toBe('1m 05s');
    expect(countdownText((3 * 3600 + 5 * 60 + 9) * 1000)).toBe('3h 05m 09s');
    expect(countdownText(((2 * 24 + 4) * 3600 + 10 * 60) * 1000)).toBe('2d 4h 10m');
  });
});

describe('what an order bought', () => {
  it('counts entries, and names a buy-back by its round', () => {
    expect(orderItems({ entryCount: 1 })).toBe('1 entry');
    expect(orderLine({ entryCount: 3, unitPricePence: 500, buyBack: null })).toBe('3 entries × £5.00');
    expect(orderLine({ entryCount: 1, unitPricePence: 250, buyBack: { round: 3 } })).toBe(
      'a buy-back after round 3, £2.50',
    );
  });
});
