/**
 * mulberry32: a small deterministic pseudo-random generator, so that what is drawn from a seed (the
 * demo's picks and sped-up matches, generated competitions in tests and benchmarks) comes out the
 * same on every run. Returns numbers in [0, 1). Not for anything that must be unpredictable.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
