import { describe, expect, it } from 'vitest';
import { batched } from '../../src/db/batched.ts';

describe('calls that share a statement (db/batched.ts)', () => {
  it('answers the calls of one turn in one batch, in order, and no more than `max` at a time', async () => {
    const batches: number[][] = [];
    const double = batched(
      async (items: number[]) => {
        batches.push(items);
        return items.map((n) => n * 2);
      },
      { max: 3 },
    );
    expect(await Promise.all([1, 2, 3, 4].map(double))).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('keeps at most `inFlight` batches out; what arrives meanwhile goes in the next', async () => {
    const batches: number[][] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const echo = batched(
      async (items: number[]) => {
        batches.push(items);
        await gate;
        return items;
      },
      { inFlight: 1 },
    );
    const first = echo(1);
    await new Promise((r) => setImmediate(r));
    const later = [echo(2), echo(3)];
    await new Promise((r) => setImmediate(r));
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("tries a failed batch again item by item, so an error is only its own item's", async () => {
    const batches: string[][] = [];
    const check = batched(async (items: string[]) => {
      batches.push(items);
      if (items.includes('bad')) throw new Error('bad item');
      return items.map((s) => s.toUpperCase());
    });
    const results = await Promise.allSettled(['a', 'bad', 'c'].map(check));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'A',
      'bad item',
      'C',
    ]);
    expect(batches).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });
});
