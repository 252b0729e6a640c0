import type { Me } from '@lastman/api';
import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { type HttpClient, HttpError } from './http.ts';
import { failureNotice, isTransientFailure, isUnauthenticated } from './retry.ts';
import { type Session, SessionKey } from './session.ts';
import type { KeyValueStore } from './storage/key-value-store.ts';
import type { ToastKind } from './toast.ts';
import type { RememberedUser } from './ui-state.ts';

export const meQueryKey = ['me'] as const;

export interface SessionRead {
  me: Me | null;
  /** When the session read expires (better-auth renews it on a read): for the refresh timer. */
  expiresAt?: string;
}

/**
 * Who is signed in, or `me: null` when the server says nobody is. The session is checked first
 * (null, not 401, when signed out) so a visitor's browser logs no failed request. A busy, broken
 * or unreachable server throws: that is no answer about the session.
 */
export async function readSession(http: HttpClient): Promise<SessionRead> {
  try {
    const current = await http.get<{ session?: { expiresAt?: string } } | null>('/api/auth/get-session');
    if (!current?.session) return { me: null };
    const expiresAt = current.session.expiresAt;
    return { me: await http.get<Me>('/api/me'), ...(expiresAt ? { expiresAt } : {}) };
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return { me: null };
    throw error;
  }
}

/** Reads the person the session keys remember, or null when they say nobody is signed in. */
export async function readRemembered(store: KeyValueStore): Promise<RememberedUser | null> {
  const read = (key: string) => store.get(key).catch(() => '');
  if ((await read(SessionKey.hasLoggedIn)) !== 'true') return null;
  const [username, role, clubName] = await Promise.all([
    read(SessionKey.username),
    read(SessionKey.UserRole),
    read(SessionKey.clubname),
  ]);
  return { username, role, clubName };
}

export interface SessionFollowerDeps {
  queryClient: QueryClient;
  session: Session;
  store: KeyValueStore;
  /** Keeps the shell's copy of the remembered person in step with the session keys. */
  setRemembered(user: RememberedUser | null): void;
  toast(message: string, kind: ToastKind): void;
  /** After the server confirmed a session (for the refresh timer). */
  onConfirmed?(me: Me): void;
  /** After the server said nobody is signed in and the device forgot the person. */
  onEnded?(): void;
}

/**
 * Follows the session query, so that the device's record of who is signed in changes only on the
 * server's word, however the person signed in (login, sign-up, an emailed link, a reload):
 * - an answer with a person writes the original's session keys;
 * - an answer of nobody (no session, or a 401) removes them: the only way a session ends here;
 * - a busy, broken or unreachable server changes nothing, says so plainly once per outage while the
 *   query keeps retrying, and says so again when the server answers;
 * - a 401 from any other call (a query or a mutation) asks the server again who is signed in.
 */
export function followSession(deps: SessionFollowerDeps): () => void {
  const { queryClient, session, store } = deps;
  let failing = false;

  async function remember(me: Me) {
    const [stored, username, userid] = await Promise.all([
      session.isLoggedIn(),
      session.getUsername(),
      store.get(SessionKey.userid),
    ]);
    if (!stored || username !== me.user.name || userid !== me.user.id) {
      await session.login({ username: me.user.name, userid: me.user.id });
    }
    await session.setRole(me.role ?? '');
    await session.setClubName(me.club?.name ?? '');
    if (me.user.phoneNumber) await session.setPhoneNumber(me.user.phoneNumber);
    deps.setRemembered({ username: me.user.name, role: me.role ?? '', clubName: me.club?.name ?? '' });
  }

  async function forget() {
    if (!(await session.isLoggedIn().catch(() => false))) return;
    await session.logout();
    deps.setRemembered(null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' && q.queryKey[0] !== 'config' });
    deps.onEnded?.();
  }

  function onEvent(event: QueryCacheNotifyEvent) {
    if (event.type !== 'updated') return;
    const { action } = event;
    if (event.query.queryKey[0] !== meQueryKey[0]) {
      if (action.type === 'error' && isUnauthenticated(action.error)) {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
      return;
    }
    if (action.type === 'failed' || action.type === 'error') {
      if (failing || !isTransientFailure(action.error)) return;
      failing = true;
      const error = action.error;
      // Read from the keys themselves: at start the query may fail before the shell has read them.
      void readRemembered(store).then((user) => {
        if (failing) deps.toast(failureNotice(error, user !== null), 'error');
      });
      return;
    }
    if (action.type !== 'success') return;
    if (failing) {
      failing = false;
      deps.toast('Connected again.', 'success');
    }
    const me = action.data as Me | null | undefined;
    if (me) {
      deps.onConfirmed?.(me);
      void remember(me).catch(() => undefined);
    } else if (me === null) {
      void forget().catch(() => undefined);
    }
  }

  const stopQueries = queryClient.getQueryCache().subscribe(onEvent);
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isUnauthenticated(event.action.error)) {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    }
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}
