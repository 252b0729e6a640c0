import { describe, expect, it } from 'vitest';
import { REFRESH_MARGIN_MS, refreshDelay } from './auth-timing.ts';
import { ionicColorVariables } from './club-theme.ts';
import { TOAST_DURATION_MS, toastColor } from './toast.ts';

describe('toasts', () => {
  it('last 4500 ms; success is secondary, error is danger', () => {
    expect(TOAST_DURATION_MS).toBe(4500);
    expect(toastColor('success')).toBe('success');
    expect(toastColor('error')).toBe('danger');
  });
});

describe('session refresh', () => {
  it('refreshes 5 minutes before the session expires, never in the past', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(REFRESH_MARGIN_MS).toBe(300_000);
    expect(refreshDelay('2026-01-01T13:00:00Z', now)).toBe(55 * 60_000);
    expect(refreshDelay('2026-01-01T12:03:00Z', now)).toBe(0);
  });
});

describe('club colours', () => {
  it("derives Ionic's colour variables with a readable contrast colour", () => {
    const red = ionicColorVariables('primary', '#b3142b');
    expect(red['--ion-color-primary']).toBe('#b3142b');
    expect(red['--ion-color-primary-rgb']).toBe('179,20,43');
    expect(red['--ion-color-primary-contrast']).toBe('#ffffff');
    expect(ionicColorVariables('secondary', '#f5c518')['--ion-color-secondary-contrast']).toBe('#000000');
    expect(ionicColorVariables('primary', 'not a colour')).toEqual({});
  });
});
