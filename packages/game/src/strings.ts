/** Plain string order (UTF-16 code units), the order every id list and auto-pick uses. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
