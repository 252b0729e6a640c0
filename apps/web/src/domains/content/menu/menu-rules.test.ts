import type { Allergen, DietaryFlag } from '@lastman/api/content/rules';
import { describe, expect, it } from 'vitest';
import { moved, suits } from './menu-rules.ts';

const burger = { allergens: ['gluten', 'milk'], mayContain: ['sesame'], dietary: [] } as const;
const salad = { allergens: [], mayContain: ['nuts'], dietary: ['vegan', 'vegetarian'] } as const;
const dish = (d: {
  allergens: readonly Allergen[];
  mayContain: readonly Allergen[];
  dietary: readonly DietaryFlag[];
}) => ({
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
  it("keeps a diet only where the dish's allergens bear it out, traces included", () => {
    // Saved before such labels were refused: gluten-free, yet it may contain gluten.
    const crumble = dish({
      allergens: ['milk'],
      mayContain: ['gluten'],
      dietary: ['gluten-free', 'vegetarian'],
    });
    const toast = dish({ allergens: [], mayContain: ['milk'], dietary: ['vegan'] });
    for (const mayContainToo of [true, false]) {
      expect(suits(crumble, { avoid: [], mayContainToo, dietary: ['gluten-free'] })).toBe(false);
      expect(suits(crumble, { avoid: [], mayContainToo, dietary: ['vegetarian'] })).toBe(true);
      expect(suits(toast, { avoid: [], mayContainToo, dietary: ['vegan'] })).toBe(false);
    }
  });
});

describe('reordering', () => {
  it('moves one entry up or down', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a'], 3, 0)).toEqual(['a']);
  });
});
