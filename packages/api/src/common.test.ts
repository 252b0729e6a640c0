import { describe, expect, it } from 'vitest';
import { IsoDate, PhoneNumber } from './common.ts';

describe('shared schemas', () => {
  it('IsoDate accepts real calendar dates only', () => {
    expect(IsoDate.safeParse('2024-02-29').success).toBe(true);
    expect(IsoDate.safeParse('2023-02-29').success).toBe(false);
    expect(IsoDate.safeParse('2024-13-01').success).toBe(false);
    expect(IsoDate.safeParse('1/2/2024').success).toBe(false);
  });

  it('PhoneNumber accepts UK and international numbers and refuses words', () => {
    expect(PhoneNumber.parse(' +44 7700 900123 ')).toBe('+44 7700 900123');
    expect(PhoneNumber.safeParse('07700900123').success).toBe(true);
    expect(PhoneNumber.safeParse('call me').success).toBe(false);
    expect(PhoneNumber.safeParse('12').success).toBe(false);
  });
});
