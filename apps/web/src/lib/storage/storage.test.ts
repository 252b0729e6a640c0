import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStore } from './key-value-store.ts';
import { createLazyStore, DEVICE_READY_WARNING_MS, warnIfSlow } from './storage.ts';

afterEach(() => vi.useRealTimers());

describe('device-ready warning', () => {
  it('warns when the platform is not ready within 5000 ms', async () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    let resolve: (v: string) => void = () => {};
    const ready = warnIfSlow(new Promise<string>((r) => (resolve = r)), warn);
    vi.advanceTimersByTime(DEVICE_READY_WARNING_MS - 1);
    expect(warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(warn).toHaveBeenCalledOnce();
    resolve('ok');
    await expect(ready).resolves.toBe('ok');
  });

  it('stays silent when ready in time', async () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    await warnIfSlow(Promise.resolve(1), warn);
    vi.advanceTimersByTime(DEVICE_READY_WARNING_MS * 2);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('lazy store', () => {
  it('opens the back-end once and retries after a failed open', async () => {
    const map = new Map<string, string>();
    const backend: KeyValueStore = {
      get: async (k) => map.get(k) ?? '',
      set: async (k, v) => void map.set(k, v),
      remove: async (k) => void map.delete(k),
    };
    const open = vi.fn().mockRejectedValueOnce(new Error('not yet')).mockResolvedValue(backend);
    const store = createLazyStore(open);
    await expect(store.get('a')).rejects.toThrow('not yet');
    await store.set('a', '1');
    expect(await store.get('a')).toBe('1');
    expect(open).toHaveBeenCalledTimes(2);
  });
});
