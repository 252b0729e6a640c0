import { useSyncExternalStore } from 'react';

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
