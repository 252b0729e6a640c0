import type { Me } from '@lastman/api';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpClient, DESKTOP_TIMEOUT_MS } from './http.ts';
import { isTransientFailure } from './retry.ts';
import { createSession, SessionKey } from './session.ts';
import { followSession, meQueryKey, readRemembered, readSession } from './session-follower.ts';
import type { KeyValueStore } from './storage/key-value-store.ts';
import type { ToastKind } from './toast.ts';
import type { RememberedUser } from './ui-state.ts';
import { createUserEvents } from './user-events.ts';

const me: Me = {
  user: {
    id: 'u1',
    name: 'Pat Player',
    email: 'pat@example.test',
    emailVerified: true,
    image: null,
    phoneNumber: '+44 7700 900001',
    dateOfBirth: '1990-01-01',
    isAnonymous: false,
  },
  club: {
    id: 'c1',
    slug: 'red-lion',
    name: 'The Red Lion',
    primaryColor: '#b71c1c',
    secondaryColor: '#ffc107',
    logoUrl: null,
  },
  role: 'staff',
} as Me;

type Answer = Response | 'offline';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const signedInSession = () => json(200, { session: { expiresAt: '2026-12-01T00:00:00.000Z' } });

/** A device: its storage, the session keys on it, and the session query followed as in the app. */
function device() {
  const map = new Map<string, string>();
  const store: KeyValueStore = {
    get: async (k) => map.get(k) ?? '',
    set: async (k, v) => void map.set(k, v),
    remove: async (k) => void map.delete(k),
  };
  const session = createSession(store, createUserEvents());
  const answers: Array<{ path: string; answer: Answer }> = [];
  const asked: string[] = [];
  const http = createHttpClient({
    baseUrl: '',
    timeoutMs: DESKTOP_TIMEOUT_MS,
    getCookie: () => null,
    fetch: async (input) => {
      const path = String(input);
      asked.push(path);
      const next = answers.findIndex((a) => a.path === path);
      if (next < 0) throw new Error(`nothing scripted for ${path}`);
      const answer = answers.splice(next, 1)[0]?.answer;
      if (answer === undefined) throw new Error(`nothing scripted for ${path}`);
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return answer;
    },
  });
  const queryClient = new QueryClient();
  const toasts: Array<{ message: string; kind: ToastKind }> = [];
  let remembered: RememberedUser | null = null;
  let ended = 0;
  const stop = followSession({
    queryClient,
    session,
    store,
    setRemembered: (r) => {
      remembered = r;
    },
    toast: (message, kind) => toasts.push({ message, kind }),
    onEnded: () => {
      ended++;
    },
  });
  const meQuery = {
    queryKey: meQueryKey,
    queryFn: async () => (await readSession(http)).me,
    retry: (_n: number, error: unknown) => isTransientFailure(error),
    retryDelay: 1,
  };
  devices.push({ stop, queryClient });
  return {
    http,
    meQuery,
    map,
    store,
    asked,
    toasts,
    queryClient,
    remembered: () => remembered,
    ended: () => ended,
    stop,
    answer: (path: string, ...list: Answer[]) => {
      for (const answer of list) answers.push({ path, answer });
    },
    loadMe: () => queryClient.fetchQuery(meQuery),
    // The follower writes storage without being awaited; its writes end within one task here.
    settle: () => new Promise((r) => setTimeout(r, 0)),
  };
}

const devices: Array<{ stop: () => void; queryClient: QueryClient }> = [];
afterEach(() => {
  for (const d of devices.splice(0)) {
    d.stop();
    d.queryClient.clear();
  }
});

describe('the session follower', () => {
  it('remembers whoever the server says is signed in, in the original keys', async () => {
    const d = device();
    d.answer('/api/auth/get-session', signedInSession());
    d.answer('/api/me', json(200, me));
    expect(await d.loadMe()).toEqual(me);
    await d.settle();
    expect(Object.fromEntries(d.map)).toMatchObject({
      [SessionKey.hasLoggedIn]: 'true',
      [SessionKey.username]: 'Pat Player',
      [SessionKey.userid]: 'u1',
      [SessionKey.UserRole]: 'staff',
      [SessionKey.clubname]: 'The Red Lion',
      [SessionKey.phonenumber]: '+44 7700 900001',
    });
    expect(d.remembered()).toEqual({ username: 'Pat Player', role: 'staff', clubName: 'The Red Lion' });
    expect(await readRemembered(d.store)).toEqual(d.remembered());
    expect(d.toasts).toEqual([]);
  });

  it('keeps a signed-in person through 429, 503 and no network, says so once, and recovers', async () => {
    const d = device();
    d.answer('/api/auth/get-session', signedInSession());
    d.answer('/api/me', json(200, me));
    await d.loadMe();
    await d.settle();

    d.answer(
      '/api/auth/get-session',
      json(
        429,
        { error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests.' } },
        { 'retry-after': '0' },
      ),
      json(503, { error: { code: 'UNAVAILABLE', message: 'Down for a moment.' } }),
      'offline',
      signedInSession(),
    );
    d.answer('/api/me', json(200, me));
    d.asked.length = 0;
    await d.queryClient.fetchQuery({ ...d.meQuery, staleTime: 0 });
    await d.settle();
    expect(d.asked).toEqual([
      '/api/auth/get-session',
      '/api/auth/get-session',
      '/api/auth/get-session',
      '/api/auth/get-session',
      '/api/me',
    ]);
    expect(d.map.get(SessionKey.hasLoggedIn)).toBe('true');
    expect(d.remembered()).not.toBeNull();
    expect(d.ended()).toBe(0);
    expect(d.toasts).toEqual([
      {
        message:
          'The server is busy: too many requests from this network. You are still signed in; Lastman keeps trying.',
        kind: 'error',
      },
      { message: 'Connected again.', kind: 'success' },
    ]);
  });

  it('ends the session only when the server says nobody is signed in', async () => {
    const d = device();
    d.answer('/api/auth/get-session', signedInSession());
    d.answer('/api/me', json(200, me));
    await d.loadMe();
    await d.settle();
    d.queryClient.setQueryData(['game', 'screen'], { competitions: [] });

    d.answer('/api/auth/get-session', signedInSession());
    d.answer('/api/me', json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } }));
    await d.queryClient.fetchQuery({ ...d.meQuery, staleTime: 0 });
    await d.settle();
    expect(d.map.get(SessionKey.hasLoggedIn)).toBeUndefined();
    expect(d.map.get(SessionKey.username)).toBeUndefined();
    expect(d.remembered()).toBeNull();
    expect(d.ended()).toBe(1);
    // What the person saw goes with them.
    expect(d.queryClient.getQueryData(['game', 'screen'])).toBeUndefined();
  });

  it('asks the server again who is signed in when any other call gets a 401', async () => {
    const d = device();
    d.answer('/api/auth/get-session', signedInSession());
    d.answer('/api/me', json(200, me));
    await d.loadMe();
    await d.settle();
    // The shell always watches the session query.
    const watching = new QueryObserver(d.queryClient, { ...d.meQuery, staleTime: Number.POSITIVE_INFINITY });
    const unsubscribe = watching.subscribe(() => undefined);

    d.answer('/api/game', json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } }));
    d.answer('/api/auth/get-session', json(200, null));
    await d.queryClient
      .fetchQuery({ queryKey: ['game', 'screen'], queryFn: () => d.http.get('/api/game') })
      .catch(() => undefined);
    await d.settle();
    expect(d.asked.slice(-2)).toEqual(['/api/game', '/api/auth/get-session']);
    expect(d.map.get(SessionKey.hasLoggedIn)).toBeUndefined();
    expect(d.ended()).toBe(1);
    unsubscribe();
  });

  it('asks again after a 401 on a change too (an expired session while picking)', async () => {
    const d = device();
    d.answer('/api/auth/get-session', signedInSession());
    d.answer('/api/me', json(200, me));
    await d.loadMe();
    await d.settle();
    const watching = new QueryObserver(d.queryClient, { ...d.meQuery, staleTime: Number.POSITIVE_INFINITY });
    const unsubscribe = watching.subscribe(() => undefined);

    d.answer(
      '/api/entries/e1/picks/6',
      json(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } }),
    );
    d.answer('/api/auth/get-session', json(200, null));
    await d.queryClient
      .getMutationCache()
      .build(d.queryClient, { mutationFn: () => d.http.post('/api/entries/e1/picks/6', { teamId: 't' }) })
      .execute(undefined)
      .catch(() => undefined);
    await d.settle();
    expect(d.asked.slice(-2)).toEqual(['/api/entries/e1/picks/6', '/api/auth/get-session']);
    expect(d.map.get(SessionKey.hasLoggedIn)).toBeUndefined();
    unsubscribe();
  });

  it('does not end a session for a refusal that is not a 401', async () => {
    const d = device();
    d.answer('/api/auth/get-session', signedInSession());
    d.answer('/api/me', json(200, me));
    await d.loadMe();
    await d.settle();
    d.answer('/api/game', json(429, { error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests.' } }));
    await d.queryClient
      .fetchQuery({ queryKey: ['game', 'screen'], queryFn: () => d.http.get('/api/game') })
      .catch(() => undefined);
    await d.settle();
    expect(d.asked.at(-1)).toBe('/api/game');
    expect(d.map.get(SessionKey.hasLoggedIn)).toBe('true');
  });
});
