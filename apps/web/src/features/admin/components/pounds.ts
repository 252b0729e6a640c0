/** Amounts an admin types in pounds, as the API's integer pence. */

/** 1050 → "10.50", for an amount field's starting text. */
export const poundsText = (pence: number) => (pence / 100).toFixed(2);

/** "10", "10.5", "£10.50" → 1050; null when not a sum of money. */
export function toPence(text: string): number | null {
  const m = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
