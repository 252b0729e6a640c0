import { describe, expect, it } from 'vitest';
import { IsoDate, PhoneNumber, plainText, requiredName, requiredText } from './common.ts';

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

  it('a name is one line without control characters; free text may hold line breaks and tabs only', () => {
    const name = requiredName(100);
    for (const ok of ["O'Neill's Café & Bar 🍺", 'Fish, Chips; Ale \\ Co', '  Trimmed  ']) {
      expect(name.safeParse(ok).success, ok).toBe(true);
    }
    expect(name.parse('  Trimmed  ')).toBe('Trimmed');
    for (const bad of [
      'A\nB',
      'A\r\nB',
      'Tab\tbed',
      '\u0000',
      'Del\u007f',
      'C1\u0085',
      'LS\u2028',
      'PS\u2029',
      'Bell\u0007',
    ]) {
      expect(name.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const text of [plainText(100), requiredText(100)]) {
      expect(text.safeParse('Line one\r\nline two\tand a tab').success).toBe(true);
      for (const bad of ['Bell\u0007', 'Del\u007f', 'C1\u0085', 'LS\u2028', 'Esc\u001b[31m']) {
        expect(text.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      }
    }
  });
});
