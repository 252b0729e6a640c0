/**
 * Finds a team's index by name. Picks arrive as millions of distinct string objects (one per
 * JSON value), and hashing each whole string in a Map costs more than the settlement itself;
 * a few characters pick a slot and one string comparison confirms it.
 */
export function teamLookup(teams: readonly string[]): (name: string) => number {
  let size = 16;
  while (size < teams.length * 4) size *= 2;
  const mask = size - 1;
  const slots = new Int32Array(size).fill(-1);
  const slotOf = (name: string): number => {
    const n = name.length;
    if (n === 0) return 0;
    return (
      (Math.imul(n, 0x9e3779b1) ^
        Math.imul(name.charCodeAt(0), 0x85ebca6b) ^
        Math.imul(name.charCodeAt(n >> 1), 0xc2b2ae35) ^
        Math.imul(name.charCodeAt(n - 1), 0x27d4eb2f)) >>>
      7
    );
  };
  teams.forEach((team, index) => {
    let slot = slotOf(team) & mask;
    while ((slots[slot] as number) >= 0) slot = (slot + 1) & mask;
    slots[slot] = index;
  });
  return (name: string): number => {
    if (typeof name !== 'string') return -1;
    let slot = slotOf(name) & mask;
    for (;;) {
      const index = slots[slot] as number;
      if (index < 0) return -1;
      if (teams[index] === name) return index;
      slot = (slot + 1) & mask;
    }
  };
}
