import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import type { KeyValueStore } from './storage/key-value-store.ts';

/** The device storage key of the last known server state (not one of the original's keys). */
export const OFFLINE_CACHE_KEY = 'offlineCache';
/** Older than this, what was saved is not shown as "the last known state" any more. */
export const OFFLINE_CACHE_MAX_AGE_MS = 14 * 24 * 3600_000;
const SAVE_AFTER_MS = 1000;

/**
 * What a player reads in the pub when the Wi-Fi drops: who they are, the game, the matches, the
 * club, their notifications and orders. Admin and staff screens are not kept on the device.
 */
const KEPT = new Set([
  'me',
  'config',
  'game',
  'club',
  'club-home',
  'events',
  'menu',
  'notifications',
  'orders',
]);

interface Saved {
  v: 1;
  userId: string;
  savedAt: number;
  state: DehydratedState;
}

const userIdOf = (client: QueryClient): string | null => {
  const me = client.getQueryData<{ user?: { id?: string } } | null>(['me']);
  return me?.user?.id ?? null;
};

/**
 * Puts back the last known server state of the person this device remembers, so that a reload
 * without a connection shows their screens (and keeps them signed in) rather than a spinner or the
 * signed-out screen. The server's answers replace it as soon as they come.
 */
export async function restoreOfflineCache(
  client: QueryClient,
  store: KeyValueStore,
  userId: string,
  now = Date.now(),
) {
  const raw = await store.get(OFFLINE_CACHE_KEY).catch(() => '');
  if (!raw) return false;
  let saved: Saved;
  try {
    saved = JSON.parse(raw) as Saved;
  } catch {
    return false;
  }
  if (saved.v !== 1 || saved.userId !== userId || now - saved.savedAt > OFFLINE_CACHE_MAX_AGE_MS) {
    await store.remove(OFFLINE_CACHE_KEY).catch(() => undefined);
    return false;
  }
  hydrate(client, saved.state);
  // What was kept is only the last known state: every screen asks the server again when it opens,
  // however fresh its query's own staleTime would call a copy saved seconds ago.
  const restored = new Set(saved.state.queries.map((q) => q.queryHash));
  await client.invalidateQueries({ predicate: (q) => restored.has(q.queryHash), refetchType: 'none' });
  return true;
}

/**
 * Keeps the player's last known server state on the device: at most a second after a change (a
 * stream of changes does not put it off), and at once when the page is hidden or left.
 */
export function keepOfflineCache(client: QueryClient, store: KeyValueStore): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    const userId = userIdOf(client);
    if (!userId) return;
    const state = dehydrate(client, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && KEPT.has(String(q.queryKey[0])),
    });
    const saved: Saved = { v: 1, userId, savedAt: Date.now(), state };
    void store.set(OFFLINE_CACHE_KEY, JSON.stringify(saved)).catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!KEPT.has(String(event.query.queryKey[0]))) return;
    timer ??= setTimeout(save, SAVE_AFTER_MS);
  });
  const saveIfPending = () => {
    if (timer !== undefined) save();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') saveIfPending();
  };
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow) {
    window.addEventListener('pagehide', saveIfPending);
    document.addEventListener('visibilitychange', onVisibility);
  }
  return () => {
    clearTimeout(timer);
    unsubscribe();
    if (hasWindow) {
      window.removeEventListener('pagehide', saveIfPending);
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

/** On signing out, nothing of the person stays on the device. */
export const forgetOfflineCache = (store: KeyValueStore) =>
  store.remove(OFFLINE_CACHE_KEY).catch(() => undefined);
