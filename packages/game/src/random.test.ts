import { describe, expect, it } from 'vitest';
import { mulberry32 } from './random.ts';

describe('mulberry32', () => {
  it('draws the same sequence from a seed as the copies it replaced', () => {
    const random = mulberry32(2024);
    const drawn = Array.from({ length: 5 }, () => random());
    // The sequence the demo's seed, the benchmarks and the tests were built on.
    expect(drawn.map((x) => Math.floor(x * 2 ** 32))).toEqual(EXPECTED_2024);
    expect(drawn.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('starts over for the same seed and differs for another', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const c = mulberry32(8);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect([c(), c(), c()]).not.toEqual(first);
  });
});

const EXPECTED_2024 = [3486492848, 3052955074, 2793987405, 2943453892, 2228833736];
