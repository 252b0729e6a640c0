import { afterEach, describe, expect, it, vi } from 'vitest';
import { Favorites } from './favorites.ts';
import { createSession, SessionKey } from './session.ts';
import type { KeyValueStore } from './storage/key-value-store.ts';
import { createUserEvents, followUserEvents, MENU_STATE_DELAY_MS } from './user-events.ts';

function memoryStore(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get: async (k) => map.get(k) ?? '',
    set: async (k, v) => void map.set(k, v),
    remove: async (k) => void map.delete(k),
  };
}

afterEach(() => vi.useRealTimers());

describe('user events and the menu state', () => {
  it('sets the logged-in state 300 ms after login, signup and logout', () => {
    vi.useFakeTimers();
    const events = createUserEvents();
    const states: boolean[] = [];
    followUserEvents(events, (v) => states.push(v));

    events.emit('user:login');
    vi.advanceTimersByTime(MENU_STATE_DELAY_MS - 1);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true]);

    events.emit('user:logout');
    vi.advanceTimersByTime(299);
    expect(states).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(states).toEqual([true, false]);

    events.emit('user:signup');
    vi.advanceTimersByTime(300);
    expect(states).toEqual([true, false, true]);
  });

  it('stops following after unsubscribe, cancelling pending updates', () => {
    vi.useFakeTimers();
    const events = createUserEvents();
    const set = vi.fn();
    const stop = followUserEvents(events, set);
    events.emit('user:login');
    stop();
    vi.advanceTimersByTime(1000);
    events.emit('user:logout');
    vi.advanceTimersByTime(1000);
    expect(set).not.toHaveBeenCalled();
  });
});

describe('session', () => {
  it('login stores the flag, name and id, then emits user:login', async () => {
    const store = memoryStore();
    const events = createUserEvents();
    const seen: string[] = [];
    events.on('user:login', (e) => seen.push(e));
    const session = createSession(store, events);
    await session.login({ username: 'Ada', userid: 'u1' });
    expect(Object.fromEntries(store.map)).toEqual({ hasLoggedIn: 'true', username: 'Ada', userid: 'u1' });
    expect(seen).toEqual(['user:login']);
    expect(await session.isLoggedIn()).toBe(true);
  });

  it('signup also stores the phone number and emits user:signup', async () => {
    const store = memoryStore();
    const events = createUserEvents();
    const seen: string[] = [];
    events.on('user:signup', (e) => seen.push(e));
    await createSession(store, events).signup({ username: 'Ada', userid: 'u1', phone: '+447700900123' });
    expect(store.map.get(SessionKey.userphoneno)).toBe('+447700900123');
    expect(seen).toEqual(['user:signup']);
  });

  it('logout removes only the flag and name, marks the game not started and emits user:logout', async () => {
    const store = memoryStore();
    const events = createUserEvents();
    const seen: string[] = [];
    events.on('user:logout', (e) => seen.push(e));
    const session = createSession(store, events);
    await session.signup({ username: 'Ada', userid: 'u1', phone: '07700' });
    await session.setRole('staff');
    await session.setClubName('The Red Lion');
    await session.setPhoneNumber('07700');
    await session.setGameStarted(true);
    await session.logout();
    expect(Object.fromEntries(store.map)).toEqual({
      userid: 'u1',
      userphoneno: '07700',
      UserRole: 'staff',
      clubname: 'The Red Lion',
      phonenumber: '07700',
      gamestarted: 'false',
    });
    expect(seen).toEqual(['user:logout']);
    expect(await session.isLoggedIn()).toBe(false);
  });

  it('reads gamestarted as true only when exactly true', async () => {
    const store = memoryStore();
    const session = createSession(store, createUserEvents());
    expect(await session.isGameStarted()).toBe(false);
    for (const value of ['1', 'yes', 'TRUE', '"true"', ' true']) {
      store.map.set('gamestarted', value);
      expect(await session.isGameStarted()).toBe(false);
    }
    await session.setGameStarted(true);
    expect(await session.isGameStarted()).toBe(true);
  });
});

describe('favorites', () => {
  it('adds, removes and checks membership without duplicates', () => {
    const favorites = new Favorites<string>();
    expect(favorites.has('Arsenal')).toBe(false);
    favorites.add('Arsenal');
    favorites.add('Arsenal');
    favorites.add('Everton');
    expect(favorites.has('Arsenal')).toBe(true);
    expect(favorites.list()).toEqual(['Arsenal', 'Everton']);
    favorites.remove('Arsenal');
    expect(favorites.has('Arsenal')).toBe(false);
    expect(favorites.list()).toEqual(['Everton']);
  });
});
