import { createHttpClient, readCookie, readXsrfTokens, timeoutFor, XSRF_COOKIE } from './http.ts';
import { isOnline } from './online.ts';
import { isMobile, isNative } from './platform.ts';
import { AUTH_TOKEN_KEY, DEVICE_TOKEN_KEY } from './session.ts';
import { storage } from './storage/storage.ts';

/** In a browser the API is same-origin (relative URLs); the native app calls the server by origin. */
export const nativeApiOrigin: string = import.meta.env.VITE_API_ORIGIN ?? 'https://lastman.uk';

export const http = createHttpClient({
  baseUrl: isNative() ? nativeApiOrigin : '',
  timeoutMs: timeoutFor(isMobile() ? 'mobile' : 'desktop'),
  getCookie: (name) =>
    typeof document === 'undefined'
      ? null
      : name === XSRF_COOKIE
        ? readXsrfTokens(document.cookie)
        : readCookie(document.cookie, name),
  getBearerToken: () => storage.get(AUTH_TOKEN_KEY),
  onAuthToken: async (token) => {
    if (isNative()) await storage.set(AUTH_TOKEN_KEY, token);
  },
  isOnline,
  // Kept through signing out: the device stays known to the accounts signed in on it.
  getDeviceToken: () => storage.get(DEVICE_TOKEN_KEY),
  onDeviceToken: async (token) => {
    if (isNative()) await storage.set(DEVICE_TOKEN_KEY, token);
  },
});
