import type { KeyValueStore } from './storage/key-value-store.ts';
import type { UserEvents } from './user-events.ts';

/** The original's session keys, kept in device storage. */
export const SessionKey = {
  hasLoggedIn: 'hasLoggedIn',
  hasSeenTutorial: 'hasSeenTutorial',
  username: 'username',
  userid: 'userid',
  userphoneno: 'userphoneno',
  phonenumber: 'phonenumber',
  UserRole: 'UserRole',
  clubname: 'clubname',
  gamestarted: 'gamestarted',
  stripetoken: 'stripetoken',
} as const;
export type SessionKey = (typeof SessionKey)[keyof typeof SessionKey];

/** Not an original key: the bearer token used on native devices, and the club of a `/c/<slug>` link. */
export const AUTH_TOKEN_KEY = 'authToken';
/** The device tokens of the accounts signed in on this native device (kept on signing out). */
export const DEVICE_TOKEN_KEY = 'deviceToken';
export const CLUB_SLUG_KEY = 'clubSlug';
/** The join code of the QR link the visitor came by, sent with their sign-up. */
export const CLUB_CODE_KEY = 'clubJoinCode';

export interface SessionUser {
  username: string;
  userid: string;
}

export interface Session {
  login(user: SessionUser): Promise<void>;
  signup(user: SessionUser & { phone: string }): Promise<void>;
  logout(): Promise<void>;
  isLoggedIn(): Promise<boolean>;
  getUsername(): Promise<string>;
  setGameStarted(started: boolean): Promise<void>;
  isGameStarted(): Promise<boolean>;
  setRole(role: string): Promise<void>;
  getRole(): Promise<string>;
  setClubName(name: string): Promise<void>;
  setPhoneNumber(phone: string): Promise<void>;
  setHasSeenTutorial(seen: boolean): Promise<void>;
  hasSeenTutorial(): Promise<boolean>;
}

export function createSession(store: KeyValueStore, events: UserEvents): Session {
  const saveUser = async ({ username, userid }: SessionUser) => {
    await store.set(SessionKey.hasLoggedIn, 'true');
    await store.set(SessionKey.username, username);
    await store.set(SessionKey.userid, userid);
  };
  return {
    async login(user) {
      await saveUser(user);
      events.emit('user:login');
    },
    async signup(user) {
      await saveUser(user);
      await store.set(SessionKey.userphoneno, user.phone);
      events.emit('user:signup');
    },
    async logout() {
      // As the original: only the flag and the name go; user id, role, phone and club stay.
      await store.remove(SessionKey.hasLoggedIn);
      await store.remove(SessionKey.username);
      await store.set(SessionKey.gamestarted, 'false');
      events.emit('user:logout');
    },
    isLoggedIn: async () => (await store.get(SessionKey.hasLoggedIn)) === 'true',
    getUsername: () => store.get(SessionKey.username),
    setGameStarted: (started) => store.set(SessionKey.gamestarted, String(started)),
    // Read as true only when exactly true.
    isGameStarted: async () => (await store.get(SessionKey.gamestarted)) === 'true',
    setRole: (role) => store.set(SessionKey.UserRole, role),
    getRole: () => store.get(SessionKey.UserRole),
    setClubName: (name) => store.set(SessionKey.clubname, name),
    setPhoneNumber: (phone) => store.set(SessionKey.phonenumber, phone),
    setHasSeenTutorial: (seen) => store.set(SessionKey.hasSeenTutorial, String(seen)),
    hasSeenTutorial: async () => (await store.get(SessionKey.hasSeenTutorial)) === 'true',
  };
}
