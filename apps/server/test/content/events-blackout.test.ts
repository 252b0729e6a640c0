import { describe, expect, it } from 'vitest';
import { isBlackoutKickoff } from '../../src/domains/content/events/blackout.ts';

// The 3 pm blackout in UK time, summer (BST, UTC+1) and winter (GMT), both ends of the window.
describe('the Saturday 3 pm blackout', () => {
  it.each([
    ['2024-08-17T13:45:00Z', true, 'Saturday 14:45 BST, the window opens'],
    ['2024-08-17T14:00:00Z', true, 'Saturday 15:00 BST'],
    ['2024-08-17T16:15:00Z', true, 'Saturday 17:15 BST, the window closes'],
    ['2024-08-17T13:44:00Z', false, 'Saturday 14:44 BST'],
    ['2024-08-17T16:16:00Z', false, 'Saturday 17:16 BST'],
    ['2024-08-17T11:30:00Z', false, 'Saturday 12:30 BST'],
    ['2024-08-17T16:30:00Z', false, 'Saturday 17:30 BST'],
    ['2026-11-28T15:00:00Z', true, 'Saturday 15:00 GMT'],
    ['2026-11-28T14:00:00Z', false, 'Saturday 14:00 GMT'],
    ['2026-11-29T15:00:00Z', false, 'Sunday 15:00 GMT'],
    ['2026-12-26T15:00:00Z', true, 'Boxing Day on a Saturday, 15:00 GMT'],
  ])('%s: %s (%s)', (at, expected) => {
    expect(isBlackoutKickoff(new Date(at))).toBe(expected);
  });
});
