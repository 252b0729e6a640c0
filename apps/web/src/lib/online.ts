import { useSyncExternalStore } from 'react';
import { HttpError } from './http.ts';

/** Said wherever something cannot happen because this device has no connection. */
export const OFFLINE_MESSAGE = 'You are offline.';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser believes it has a connection; it can be wrong only in the hopeful direction. */
export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);

/** A request that never reached the server (no network, or no answer in time), in plain words. */
export function unsentReason(error: unknown): string | null {
  if (!isOnline()) return `${OFFLINE_MESSAGE} Nothing was sent.`;
  if (!(error instanceof HttpError) || error.status !== 0) return null;
  return error.code === 'TIMEOUT'
    ? 'The server did not answer in time, so we cannot say it was saved.'
    : 'The server cannot be reached: check your connection.';
}
