import type { MenuItem } from '@lastman/api';
import { type Allergen, type DietaryFlag, dietsThatHold } from '@lastman/api/content/rules';

export interface MenuFilter {
  avoid: Allergen[];
  /** Also leave out dishes that may contain an allergen avoided (traces). */
  mayContainToo: boolean;
  dietary: DietaryFlag[];
}

/**
 * Whether a guest avoiding these allergens and keeping to these diets may have the dish. A diet
 * counts only where the dish's allergens bear it out, traces included: a dish that may contain
 * gluten is not gluten-free, whatever its label says (a row saved before such labels were refused).
 */
export function suits(item: Pick<MenuItem, 'allergens' | 'mayContain' | 'dietary'>, filter: MenuFilter) {
  if (filter.avoid.some((a) => item.allergens.includes(a))) return false;
  if (filter.mayContainToo && filter.avoid.some((a) => item.mayContain.includes(a))) return false;
  const diets = dietsThatHold(item);
  return filter.dietary.every((d) => diets.includes(d));
}

/** The list with one entry moved from one place to another (a drag, or an up or down button). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  if (entry === undefined) return [...list];
  next.splice(to, 0, entry);
  return next;
}
