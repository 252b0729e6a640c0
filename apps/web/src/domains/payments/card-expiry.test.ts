import { describe, expect, it } from 'vitest';
import { expiryProblem, formatExpiry } from './card-expiry.ts';

const now = new Date(2026, 10, 23);

describe('card expiry', () => {
  it.each(['12/28', '12 / 28', '1228', '12/2028', '11/26'])('accepts %s', (typed) => {
    expect(expiryProblem(typed, now)).toBeNull();
  });

  it('refuses a month that has ended, a month out of range and other shapes, saying which', () => {
    expect(expiryProblem('10/26', now)).toBe('This card has expired.');
    expect(expiryProblem('13/28', now)).toBe('The month must be 01 to 12.');
    expect(expiryProblem('1/28', now)).toMatch(/^Use MM \/ YY/);
    expect(expiryProblem('', now)).toMatch(/^Use MM \/ YY/);
  });

  it('puts the slash in as the digits arrive', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12 / 2');
    expect(formatExpiry('12/28')).toBe('12 / 28');
    expect(formatExpiry('122899')).toBe('12 / 28');
  });
});
