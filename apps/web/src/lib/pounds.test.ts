import { describe, expect, it } from 'vitest';
import { poundsText, toPence } from './pounds.ts';

describe('pounds typed by an admin', () => {
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

  it('writes pence back as the field’s text', () => {
    expect(poundsText(1050)).toBe('10.50');
    expect(poundsText(7)).toBe('0.07');
  });
});
