import { http } from './api.ts';
import { refreshDelay } from './auth-timing.ts';
import { fetchMe, lastSessionExpiry, type Me, meQuery, meQueryKey } from './me.ts';
import { forgetOfflineCache, keepOfflineCache, restoreOfflineCache } from './offline-cache.ts';
import { queryClient } from './query-client.ts';
import { AUTH_TOKEN_KEY, CLUB_CODE_KEY, CLUB_SLUG_KEY, createSession, SessionKey } from './session.ts';
import { followSession, readRemembered } from './session-follower.ts';
import { storage } from './storage/storage.ts';
import { showToast } from './toast.ts';
import { setUiState } from './ui-state.ts';
import { followUserEvents, userEvents } from './user-events.ts';

export const session = createSession(storage, userEvents);

/** The menu's logged-in state follows the user events, 300 ms later (the original's behaviour). */
followUserEvents(userEvents, (loggedIn) => setUiState({ loggedIn }));

followSession({
  queryClient,
  session,
  store: storage,
  setRemembered: (remembered) => setUiState({ remembered }),
  toast: showToast,
  onConfirmed: () => scheduleRefresh(lastSessionExpiry()),
  onEnded: () => {
    clearTimeout(refreshTimer);
    void storage.remove(AUTH_TOKEN_KEY).catch(() => undefined);
    void forgetOfflineCache(storage);
  },
});

async function loadMe(): Promise<Me> {
  const me = await fetchMe();
  if (!me) throw new Error('Signed in, but the server did not return your account. Please try again.');
  return me;
}

export async function signIn(input: { email: string; password: string; rememberMe?: boolean }): Promise<Me> {
  await http.post('/api/auth/sign-in/email', input);
  return finishSignIn();
}

/** After any way of signing in has made the session (password, passkey, phone code): the account, remembered. */
export async function finishSignIn(): Promise<Me> {
  const me = await loadMe();
  await session.login({ username: me.user.name, userid: me.user.id });
  queryClient.setQueryData(meQueryKey, me);
  return me;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  dateOfBirth: string;
  phoneNumber?: string;
  joinCode?: string;
  /** No club yet: the newcomer is about to start their own (Run Last Man Standing at your club). */
  startClub?: boolean;
}

export async function signUp(input: SignUpInput): Promise<Me> {
  const clubSlug = input.startClub ? '' : await storage.get(CLUB_SLUG_KEY).catch(() => '');
  // The QR link's code (/c/<slug>?code=…), for a club that asks for it.
  const joinCode = input.startClub ? '' : await storage.get(CLUB_CODE_KEY).catch(() => '');
  await http.post('/api/auth/sign-up/email', {
    ...input,
    ...(clubSlug ? { clubSlug } : {}),
    ...(joinCode && !input.joinCode ? { joinCode } : {}),
  });
  const me = await loadMe();
  await session.signup({ username: me.user.name, userid: me.user.id, phone: input.phoneNumber ?? '' });
  queryClient.setQueryData(meQueryKey, me);
  return me;
}

/** Logout removes the user details, marks the game not started; the caller goes to login. */
export async function signOut(): Promise<void> {
  try {
    await http.post('/api/auth/sign-out', {});
  } finally {
    clearTimeout(refreshTimer);
    await storage.remove(AUTH_TOKEN_KEY).catch(() => undefined);
    await forgetOfflineCache(storage);
    await session.logout();
    setUiState({ remembered: null });
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' && q.queryKey[0] !== 'config' });
  }
}

/**
 * Called once at start: the stored session keys give the first screen (a signed-in person stays
 * in even if the server cannot be reached), and the server's answer, retried until it comes,
 * decides.
 */
export async function restoreSession(): Promise<void> {
  const remembered = await readRemembered(storage);
  setUiState({
    loggedIn: remembered !== null,
    hasSeenTutorial: await session.hasSeenTutorial().catch(() => false),
    remembered,
  });
  // The last known state first (a reload without a connection keeps the person's screens), then
  // the server's answers replace it.
  if (remembered) {
    const userId = await storage.get(SessionKey.userid).catch(() => '');
    if (userId) await restoreOfflineCache(queryClient, storage, userId);
  }
  keepOfflineCache(queryClient, storage);
  await queryClient.prefetchQuery(meQuery);
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Reads the session again shortly before it expires (reading it renews it), from the last read's expiry. */
function scheduleRefresh(expiresAt: string | undefined) {
  clearTimeout(refreshTimer);
  if (!expiresAt) return;
  // Timers beyond ~24.8 days overflow; re-check daily instead.
  const delay = Math.min(refreshDelay(expiresAt), 24 * 3600_000);
  refreshTimer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }), delay);
}
