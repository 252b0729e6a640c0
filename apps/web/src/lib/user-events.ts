export type UserEvent = 'user:login' | 'user:signup' | 'user:logout';
type Listener = (event: UserEvent) => void;

/** The original's pub/sub for the three user events. */
export interface UserEvents {
  emit(event: UserEvent): void;
  on(event: UserEvent, listener: Listener): () => void;
}

export function createUserEvents(): UserEvents {
  const listeners = new Map<UserEvent, Set<Listener>>();
  return {
    emit(event) {
      for (const listener of listeners.get(event) ?? []) listener(event);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}

export const MENU_STATE_DELAY_MS = 300;

/**
 * The menu's logged-in state follows the user events after 300 ms, as in the original: login and
 * signup set it true, logout false. Returns a function that stops listening.
 */
export function followUserEvents(
  events: UserEvents,
  setLoggedIn: (loggedIn: boolean) => void,
  delayMs = MENU_STATE_DELAY_MS,
): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (value: boolean) => () => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      setLoggedIn(value);
    }, delayMs);
    timers.add(timer);
  };
  const offs = [
    events.on('user:login', later(true)),
    events.on('user:signup', later(true)),
    events.on('user:logout', later(false)),
  ];
  return () => {
    for (const off of offs) off();
    for (const timer of timers) clearTimeout(timer);
  };
}

export const userEvents = createUserEvents();
