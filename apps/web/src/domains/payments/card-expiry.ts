/**
 * A card's expiry as people type it: "12/28", "12 / 28", "1228", "12/2028". Returns the problem in
 * plain words, or null when it is a month that has not ended yet.
 */
export function expiryProblem(typed: string, now = new Date()): string | null {
  const m = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(typed.trim());
  if (!m) return 'Use MM / YY, for example 12 / 28.';
  const month = Number(m[1]);
  if (month < 1 || month > 12) return 'The month must be 01 to 12.';
  const year = m[2]?.length === 4 ? Number(m[2]) : 2000 + Number(m[2]);
  // A card is valid until the end of its expiry month.
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  if (year * 12 + (month - 1) < thisMonth) return 'This card has expired.';
  return null;
}

/** Shows the slash as the digits arrive ("122" -> "12 / 2"), as card forms do. */
export function formatExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
