import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepOfflineCache, OFFLINE_CACHE_KEY, restoreOfflineCache } from './offline-cache.ts';
import type { KeyValueStore } from './storage/key-value-store.ts';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: async (key) => data.get(key) ?? '',
    set: async (key, value) => {
      data.set(key, value);
    },
    remove: async (key) => {
      data.delete(key);
    },
  } as KeyValueStore & { data: Map<string, string> };
}

async function savedFrom(fill: (client: QueryClient) => void) {
  const store = memoryStore();
  const client = new QueryClient();
  const stop = keepOfflineCache(client, store);
  fill(client);
  await new Promise((r) => setTimeout(r, 1100));
  stop();
  return store;
}

describe('the offline cache', () => {
  it('puts back the player’s last known game, but marks it for asking the server again', async () => {
    const store = await savedFrom((client) => {
      client.setQueryData(['me'], { user: { id: 'u1' } });
      client.setQueryData(['game', 'competitions'], { pot: 0 });
      client.setQueryData(['admin', 'orders'], { secret: true });
    });
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    expect(await restoreOfflineCache(client, store, 'u1')).toBe(true);
    const game = client.getQueryCache().find({ queryKey: ['game', 'competitions'] });
    expect(game?.state.data).toEqual({ pot: 0 });
    // A copy saved a second ago must not pass for fresh: the pot may have grown since.
    expect(game?.state.isInvalidated).toBe(true);
    expect(client.getQueryData(['admin', 'orders'])).toBeUndefined();
  });

  it('shows nothing of one person to another signed in on the same device', async () => {
    const store = await savedFrom((client) => {
      client.setQueryData(['me'], { user: { id: 'u1' } });
      client.setQueryData(['game', 'competitions'], { pot: 0 });
    });
    expect(await restoreOfflineCache(new QueryClient(), store, 'u2')).toBe(false);
    expect(store.data.has(OFFLINE_CACHE_KEY)).toBe(false);
  });
});

describe('saving the last known state', () => {
  it('is not put off by a stream of changes: it saves within a second of the first', async () => {
    const store = memoryStore();
    const client = new QueryClient();
    const stop = keepOfflineCache(client, store);
    client.setQueryData(['me'], { user: { id: 'u1' } });
    for (let i = 0; i < 6; i++) {
      client.setQueryData(['game', 'competitions'], { pot: i });
      await new Promise((r) => setTimeout(r, 300));
    }
    stop();
    expect(store.data.has(OFFLINE_CACHE_KEY)).toBe(true);
  });
});
