import { useSyncExternalStore } from 'react';

/** The small amount of shell state that is not server data, in one typed module. */
export interface UiState {
  /** The menu's logged-in state; follows the user events after 300 ms. */
  loggedIn: boolean;
  /** Whether the menu is enabled (the original enables it on login; always on here). */
  menuEnabled: boolean;
  hasSeenTutorial: boolean;
  /**
   * Who the session keys say is signed in (the original's `username`, `UserRole`, `clubname`), so
   * that a signed-in person keeps their screens while the server cannot be asked; null when nobody.
   */
  remembered: RememberedUser | null;
}

export interface RememberedUser {
  username: string;
  role: string;
  clubName: string;
}

let state: UiState = { loggedIn: false, menuEnabled: true, hasSeenTutorial: false, remembered: null };
const listeners = new Set<() => void>();

export function getUiState(): UiState {
  return state;
}

export function setUiState(patch: Partial<UiState>): void {
  const next = { ...state, ...patch };
  if ((Object.keys(next) as Array<keyof UiState>).every((k) => next[k] === state[k])) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeUiState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUiState<T>(select: (s: UiState) => T): T {
  return useSyncExternalStore(
    subscribeUiState,
    () => select(state),
    () => select(state),
  );
}
