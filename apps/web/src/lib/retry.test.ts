import { describe, expect, it } from 'vitest';
import { HttpError } from './http.ts';
import { failureNotice, isTransientFailure, isUnauthenticated, MAX_RETRY_MS, retryDelayMs } from './retry.ts';

const failure = (status: number, statusText = '', code?: string, retryAfterMs?: number) =>
  new HttpError('failed', '/api/x', status, statusText, code, retryAfterMs);

describe('which failures are retried', () => {
  it('retries a busy, broken or unreachable server, never a refusal', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504])
      expect(isTransientFailure(failure(status))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(isTransientFailure(failure(status))).toBe(false);
    expect(isTransientFailure(new Error('a bug'))).toBe(false);
  });

  it('takes only a 401 as the end of a session', () => {
    expect(isUnauthenticated(failure(401))).toBe(true);
    for (const status of [0, 403, 429, 503]) expect(isUnauthenticated(failure(status))).toBe(false);
  });
});

describe('backoff', () => {
  const middle = () => 0.5;
  it('doubles from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => retryDelayMs(n, undefined, middle))).toEqual([
      1000,
      2000,
      4000,
      8000,
      16_000,
      MAX_RETRY_MS,
      MAX_RETRY_MS,
      MAX_RETRY_MS,
    ]);
  });

  it('spreads retries by ±20% so phones refused together do not return together', () => {
    expect(retryDelayMs(2, undefined, () => 0)).toBe(3200);
    expect(retryDelayMs(2, undefined, () => 0.999_999)).toBe(4800);
  });

  it("waits as long as the server's Retry-After asks, within five minutes", () => {
    expect(retryDelayMs(0, failure(429, '', undefined, 20_000), middle)).toBe(20_000);
    expect(retryDelayMs(5, failure(429, '', undefined, 2000), middle)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(0, failure(503, '', undefined, 3_600_000), middle)).toBe(300_000);
  });
});

describe('what the toast says', () => {
  it('says plainly what happened and that a signed-in person is still signed in', () => {
    expect(failureNotice(failure(429, 'Too Many Requests'), true)).toBe(
      'The server is busy: too many requests from this network. You are still signed in; Lastman keeps trying.',
    );
    expect(failureNotice(failure(503, 'Service Unavailable'), true)).toBe(
      'The server had a problem (503 Service Unavailable). You are still signed in; Lastman keeps trying.',
    );
    expect(failureNotice(failure(0, 'Unknown Error', 'NETWORK'), false)).toBe(
      'The server cannot be reached: check your connection. Lastman keeps trying.',
    );
    expect(failureNotice(failure(0, 'Timeout', 'TIMEOUT'), true)).toMatch(
      /^The server did not answer in time\./,
    );
  });
});
