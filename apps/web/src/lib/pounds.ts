/** Amounts an admin types in pounds, as the API's integer pence (the API sets each field's limits). */

/** 1050 → "10.50", for an amount field's starting text. */
export const poundsText = (pence: number) => (pence / 100).toFixed(2);

/** "10", "10.5", "£10.50", " 4.5 " → pence; null when not a sum of pounds and pence. */
export function toPence(text: string): number | null {
  const m = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
