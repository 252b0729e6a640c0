import { describe, expect, it } from 'vitest';
import { dateOfBirthError, emailError, newPasswordError, phoneError } from './validation.ts';

describe('sign-up validation', () => {
  it('requires at least 8 characters (product departure from the original 6)', () => {
    expect(newPasswordError('')).toBeDefined();
    expect(newPasswordError('1234567')).toBe('Use at least 8 characters.');
    expect(newPasswordError('12345678')).toBeUndefined();
    expect(newPasswordError('x'.repeat(128))).toBeUndefined();
    expect(newPasswordError('x'.repeat(129))).toBe('Use at most 128 characters.');
  });

  it('checks email, phone and date of birth', () => {
    const today = new Date('2026-06-01T12:00:00Z');
    expect(emailError('')).toBeDefined();
    expect(emailError('a@b')).toBeDefined();
    expect(emailError('a@b.co')).toBeUndefined();
    expect(phoneError('')).toBeUndefined();
    expect(phoneError('07700 900123')).toBeUndefined();
    expect(phoneError('call me')).toBeDefined();
    expect(dateOfBirthError('2030-01-01', today)).toMatch(/future/);
    expect(dateOfBirthError('1990-13-45', today)).toBeDefined();
    expect(dateOfBirthError('1990-04-23', today)).toBeUndefined();
    expect(dateOfBirthError('2013-06-02', today)).toBe('You must be at least 13 to join.');
    expect(dateOfBirthError('2013-06-01', today)).toBeUndefined();
  });
});
