import { describe, expect, it } from 'vitest';
import { moved, suits } from './menu-rules.ts';

const burger = { allergens: ['gluten', 'milk'], mayContain: ['sesame'], dietary: [] } as const;
const salad = { allergens: [], mayContain: ['nuts'], dietary: ['vegan', 'vegetarian'] } as const;
const dish = (d: typeof burger | typeof salad) => ({
  allergens: [...d.allergens],
  mayContain: [...d.mayContain],
  dietary: [...d.dietary],
});

describe('the menu filter', () => {
  it('leaves out a dish that contains an allergen to avoid', () => {
    expect(suits(dish(burger), { avoid: ['milk'], mayContainToo: false, dietary: [] })).toBe(false);
    expect(suits(dish(burger), { avoid: ['eggs'], mayContainToo: true, dietary: [] })).toBe(true);
  });
  it('leaves out "may contain" only when asked to', () => {
    expect(suits(dish(salad), { avoid: ['nuts'], mayContainToo: false, dietary: [] })).toBe(true);
    expect(suits(dish(salad), { avoid: ['nuts'], mayContainToo: true, dietary: [] })).toBe(false);
  });
  it('keeps to every diet chosen', () => {
    expect(suits(dish(salad), { avoid: [], mayContainToo: true, dietary: ['vegan'] })).toBe(true);
    expect(suits(dish(salad), { avoid: [], mayContainToo: true, dietary: ['vegan', 'halal'] })).toBe(false);
    expect(suits(dish(burger), { avoid: [], mayContainToo: true, dietary: ['vegetarian'] })).toBe(false);
  });
});

describe('reordering', () => {
  it('moves one entry up or down', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a'], 3, 0)).toEqual(['a']);
  });
});
