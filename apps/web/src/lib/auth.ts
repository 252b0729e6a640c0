import { http } from './api.ts';
import { refreshDelay } from './auth-timing.ts';
import { fetchMe, type Me, meQueryKey } from './me.ts';
import { queryClient } from './query-client.ts';
import { AUTH_TOKEN_KEY, CLUB_SLUG_KEY, createSession } from './session.ts';
import { storage } from './storage/storage.ts';
import { setUiState } from './ui-state.ts';
import { followUserEvents, userEvents } from './user-events.ts';

export const session = createSession(storage, userEvents);

/** The menu's logged-in state follows the user events, 300 ms later (the original's behaviour). */
followUserEvents(userEvents, (loggedIn) => setUiState({ loggedIn }));

async function mirror(me: Me) {
  await session.setRole(me.role);
  await session.setClubName(me.club.name);
  if (me.user.phoneNumber) await session.setPhoneNumber(me.user.phoneNumber);
}

async function loadMe(): Promise<Me> {
  const me = await fetchMe();
  if (!me) throw new Error('Signed in, but the server did not return your account. Please try again.');
  queryClient.setQueryData(meQueryKey, me);
  await mirror(me);
  return me;
}

export async function signIn(input: { email: string; password: string; rememberMe?: boolean }): Promise<Me> {
  await http.post('/api/auth/sign-in/email', input);
  const me = await loadMe();
  await session.login({ username: me.user.name, userid: me.user.id });
  scheduleRefresh();
  return me;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  dateOfBirth: string;
  phoneNumber?: string;
  joinCode?: string;
}

export async function signUp(input: SignUpInput): Promise<Me> {
  const clubSlug = await storage.get(CLUB_SLUG_KEY).catch(() => '');
  await http.post('/api/auth/sign-up/email', { ...input, ...(clubSlug ? { clubSlug } : {}) });
  const me = await loadMe();
  await session.signup({ username: me.user.name, userid: me.user.id, phone: input.phoneNumber ?? '' });
  scheduleRefresh();
  return me;
}

/** Logout removes the user details, marks the game not started; the caller goes to login. */
export async function signOut(): Promise<void> {
  try {
    await http.post('/api/auth/sign-out', {});
  } finally {
    await storage.remove(AUTH_TOKEN_KEY).catch(() => undefined);
    await session.logout();
    queryClient.setQueryData(meQueryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' && q.queryKey[0] !== 'config' });
  }
}

/** Called once at start: the stored flag gives the first menu, the server session decides. */
export async function restoreSession(): Promise<void> {
  const stored = await session.isLoggedIn().catch(() => false);
  setUiState({ loggedIn: stored, hasSeenTutorial: await session.hasSeenTutorial().catch(() => false) });
  const me = await queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe }).catch(() => undefined);
  if (me === undefined) return; // offline: keep the stored state
  if (me && !stored) await session.login({ username: me.user.name, userid: me.user.id });
  if (!me && stored) await session.logout();
  if (me) {
    await mirror(me);
    scheduleRefresh();
  }
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRefresh() {
  void http
    .get<{ session?: { expiresAt?: string } } | null>('/api/auth/get-session')
    .then((result) => {
      clearTimeout(refreshTimer);
      const expiresAt = result?.session?.expiresAt;
      if (!expiresAt) return;
      // Timers beyond ~24.8 days overflow; re-check daily instead.
      const delay = Math.min(refreshDelay(expiresAt), 24 * 3600_000);
      refreshTimer = setTimeout(scheduleRefresh, delay);
    })
    .catch(() => undefined);
}
