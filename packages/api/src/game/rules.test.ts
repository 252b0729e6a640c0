import { describe, expect, it } from 'vitest';
import {
  ageOn,
  isPhotoType,
  MIN_AGE_FOR_PAID_ENTRY,
  MIN_SIGN_UP_AGE,
  PHOTO_TYPES,
} from '../account/rules.ts';
import { ContactMessageInput } from '../club/contact.ts';
import { CONTACT_LIMITS } from '../club/rules.ts';
import { formatPence, formatPoundsTick, moneyTicks, penceAsPounds } from '../format.ts';

describe('shared rules', () => {
  it('formats pence as pounds the British way, with thousands separated', () => {
    expect(formatPence(105_000)).toBe('£1,050.00');
    expect(formatPence(1050)).toBe('£10.50');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(100_000_000)).toBe('£1,000,000.00');
    expect(formatPence(-250)).toBe('-£2.50');
  });

  it('counts age in whole years by the calendar, a birthday counting from its morning', () => {
    const now = new Date('2026-06-01T00:30:00Z');
    expect(ageOn('2013-06-01', now)).toBe(MIN_SIGN_UP_AGE);
    expect(ageOn('2013-06-02', now)).toBe(MIN_SIGN_UP_AGE - 1);
    expect(ageOn('2008-06-01', now)).toBe(MIN_AGE_FOR_PAID_ENTRY);
    expect(ageOn('2008-06-02', now)).toBe(MIN_AGE_FOR_PAID_ENTRY - 1);
    // Born on 29 February: a year older on 1 March in a common year.
    expect(ageOn('2008-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(17);
    expect(ageOn('2008-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(18);
  });

  it('takes JPEG, PNG and WebP photos only', () => {
    for (const type of PHOTO_TYPES) expect(isPhotoType(type)).toBe(true);
    expect(isPhotoType('image/gif')).toBe(false);
    expect(isPhotoType('image/svg+xml')).toBe(false);
  });

  it('gives the contact schema the same limits the form checks', () => {
    const base = { name: 'A', email: 'a@example.com', subject: 'S' };
    expect(ContactMessageInput.safeParse({ ...base, message: 'When?' }).success).toBe(true);
    expect(ContactMessageInput.safeParse({ ...base, message: '   ' }).success).toBe(false);
    const longest = 'x'.repeat(CONTACT_LIMITS.messageMax);
    expect(ContactMessageInput.safeParse({ ...base, message: longest }).success).toBe(true);
    expect(ContactMessageInput.safeParse({ ...base, message: `${longest}x` }).success).toBe(false);
  });
});

describe('money for spreadsheets and chart axes', () => {
  it('writes pence as pounds with two decimals', () => {
    expect([0, 5, 1250, 100000, -250].map(penceAsPounds)).toEqual([
      '0.00',
      '0.05',
      '12.50',
      '1000.00',
      '-2.50',
    ]);
  });

  it('ticks a money axis in whole pounds, never two alike', () => {
    expect(moneyTicks(0)).toEqual([0, 100]);
    expect(moneyTicks(1)).toEqual([0, 100]);
    expect(moneyTicks(125_000)).toEqual([0, 50_000, 100_000, 150_000]);
    expect(moneyTicks(1_350)).toEqual([0, 500, 1_000, 1_500]);
    for (const max of [1, 99, 101, 999, 4_321, 77_777, 1_000_000]) {
      const ticks = moneyTicks(max);
      expect(new Set(ticks.map(formatPoundsTick)).size).toBe(ticks.length);
      expect(ticks.every((t) => t % 100 === 0)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
    expect(moneyTicks(125_000).map(formatPoundsTick)).toEqual(['£0', '£500', '£1,000', '£1,500']);
  });
});
