import { HttpError } from './http.ts';

/**
 * Failures that say nothing about who is signed in: the server was busy (429), broken (5xx), or
 * not reached at all (no network, timeout). They are retried; they never sign anyone out. Only the
 * server saying so (a 401, or a session read that finds none) ends a session.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

export const isUnauthenticated = (error: unknown): boolean =>
  error instanceof HttpError && error.status === 401;

export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 30_000;

/**
 * Exponential backoff, 1 s doubling to at most 30 s, spread ±20% so that a pub's phones, refused
 * together, do not come back together; a server's `Retry-After` is honoured when it asks for longer.
 * `attempt` counts failures so far, from 0.
 */
export function retryDelayMs(attempt: number, error?: unknown, random: () => number = Math.random): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt));
  const spread = Math.round(base * (0.8 + 0.4 * random()));
  const asked = error instanceof HttpError ? error.retryAfterMs : undefined;
  return asked !== undefined ? Math.max(spread, Math.min(asked, 5 * 60_000)) : spread;
}

/** What happened, in plain words, for the toast shown while the app keeps trying. */
export function failureNotice(error: unknown, signedIn: boolean): string {
  const status = error instanceof HttpError ? error.status : 0;
  const what =
    status === 429
      ? 'The server is busy: too many requests from this network.'
      : status >= 500
        ? `The server had a problem (${status}${error instanceof HttpError && error.statusText ? ` ${error.statusText}` : ''}).`
        : error instanceof HttpError && error.code === 'TIMEOUT'
          ? 'The server did not answer in time.'
          : 'The server cannot be reached: check your connection.';
  return signedIn
    ? `${what} You are still signed in; Lastman keeps trying.`
    : `${what} Lastman keeps trying.`;
}
