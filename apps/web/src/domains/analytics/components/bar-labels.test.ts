import { describe, expect, it } from 'vitest';
import { barLabels } from './bar-labels.ts';

// 60 px under each bar at 12 px: 8 characters.
const room = 60;
const font = 12;

describe('the names under the bars', () => {
  it('are whole when they fit', () => {
    expect(barLabels(['Cup', 'Plate'], room, font)).toEqual(['Cup', 'Plate']);
  });

  it('leave off the words a name shares with others, when the cut names would be the same', () => {
    const names = [
      'Friday Five-a-side Cup',
      'Friday Five-a-side Plate',
      'Friday Darts Pot',
      'Sunday Quiz Pot',
      'Sunday Quiz Winter Pot',
      'Refund test',
    ];
    const shown = barLabels(names, room, font);
    expect(shown).toEqual(['Cup', 'Plate', 'Darts P…', 'Pot', 'Winter …', 'Refund …']);
    expect(new Set(shown).size).toBe(names.length);
  });

  it('show the ends when the starts are the same', () => {
    // 40 px: 5 characters.
    expect(barLabels(['Christmas Pot Autumnal', 'Christmas Pot Autumn Cup'], 40, font)).toEqual([
      '…mnal',
      '… Cup',
    ]);
  });

  it('are always told apart', () => {
    const shown = barLabels(['Aaaaaaaa x', 'Aaaaaaaa y', 'Aaaaaaaaa x'], 30, font);
    expect(new Set(shown).size).toBe(3);
  });
});
