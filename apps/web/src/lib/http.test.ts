import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createHttpClient,
  DESKTOP_TIMEOUT_MS,
  type HttpClientOptions,
  HttpError,
  MOBILE_TIMEOUT_MS,
  needsXsrfHeader,
  parseRetryAfter,
  readCookie,
  readXsrfTokens,
  timeoutFor,
} from './http.ts';

type Call = { url: string; init: RequestInit };

function fakeFetch(response: () => Response, calls: Call[] = []): typeof fetch {
  return async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return response();
  };
}

function client(overrides: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    baseUrl: '',
    timeoutMs: DESKTOP_TIMEOUT_MS,
    getCookie: () => null,
    ...overrides,
  });
}

afterEach(() => vi.useRealTimers());

describe('HTTP error format', () => {
  it('uses the original text when the server sends no message', async () => {
    const http = client({
      fetch: fakeFetch(() => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    });
    const error = await http.get('/api/club').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Http failure response for /api/club: 502 Bad Gateway');
    expect((error as HttpError).status).toBe(502);
  });

  it("shows the server's error.message and code when present", async () => {
    const body = JSON.stringify({
      error: { code: 'WEAK_PASSWORD', message: 'Choose a less common password.' },
    });
    const http = client({
      fetch: fakeFetch(() => new Response(body, { status: 400, statusText: 'Bad Request' })),
    });
    await expect(http.post('/api/auth/sign-up/email', {})).rejects.toMatchObject({
      message: 'Choose a less common password.',
      code: 'WEAK_PASSWORD',
      status: 400,
    });
  });

  it("reads better-auth's top-level message too", async () => {
    const body = JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    const http = client({
      fetch: fakeFetch(() => new Response(body, { status: 401, statusText: 'Unauthorized' })),
    });
    await expect(http.post('/api/auth/sign-in/email', {})).rejects.toThrow('Invalid email or password');
  });

  it('reports a network failure in the original format with status 0', async () => {
    const http = client({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(http.get('/api/me')).rejects.toThrow('Http failure response for /api/me: 0 Unknown Error');
  });

  it('says plainly that the device is offline when it is, not the status 0 failure', async () => {
    const http = client({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      isOnline: () => false,
    });
    await expect(http.get('/api/game')).rejects.toThrow(
      'You are offline. This needs a connection: try again when you are back online.',
    );
  });
});

describe('XSRF header rule', () => {
  it('is added to non-GET requests on relative URLs only', () => {
    expect(needsXsrfHeader('POST', '/api/contact')).toBe(true);
    expect(needsXsrfHeader('DELETE', 'api/me')).toBe(true);
    expect(needsXsrfHeader('GET', '/api/me')).toBe(false);
    expect(needsXsrfHeader('HEAD', '/api/me')).toBe(false);
    expect(needsXsrfHeader('POST', 'https://api.example.com/api/contact')).toBe(false);
    expect(needsXsrfHeader('POST', '//api.example.com/api/contact')).toBe(false);
  });

  it('sends the cookie value read right before each request', async () => {
    const calls: Call[] = [];
    let cookie = 'first';
    const http = client({ fetch: fakeFetch(() => new Response('{}'), calls), getCookie: () => cookie });
    await http.post('/api/contact', { a: 1 });
    cookie = 'second';
    await http.patch('/api/me', { name: 'x' });
    await http.get('/api/me');
    const header = (c: Call | undefined) => new Headers(c?.init.headers).get('X-XSRF-TOKEN');
    expect(header(calls[0])).toBe('first');
    expect(header(calls[1])).toBe('second');
    expect(header(calls[2])).toBeNull();
  });

  it('uses the bearer token, not the XSRF header, with absolute URLs', async () => {
    const calls: Call[] = [];
    const http = client({
      baseUrl: 'https://lastman.example',
      fetch: fakeFetch(() => new Response('{}'), calls),
      getCookie: () => 'token',
      getBearerToken: async () => 'bearer-1',
    });
    await http.post('/api/contact', {});
    const headers = new Headers(calls[0]?.init.headers);
    expect(calls[0]?.url).toBe('https://lastman.example/api/contact');
    expect(headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(headers.get('Authorization')).toBe('Bearer bearer-1');
  });

  it('sends a Blob as its own bytes and type, with the XSRF header', async () => {
    const calls: Call[] = [];
    const http = client({ fetch: fakeFetch(() => new Response('{}'), calls), getCookie: () => 'tok' });
    const file = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    await http.request('PUT', '/api/me/photo', { body: file });
    const headers = new Headers(calls[0]?.init.headers);
    expect(headers.get('Content-Type')).toBe('image/png');
    expect(headers.get('X-XSRF-TOKEN')).toBe('tok');
    expect(calls[0]?.init.body).toBe(file);
  });

  it('reads cookies by name', () => {
    expect(readCookie('a=1; XSRF-TOKEN=abc%3D.sig; b=2', 'XSRF-TOKEN')).toBe('abc=.sig');
    expect(readCookie('a=1', 'XSRF-TOKEN')).toBeNull();
  });

  it('sends every XSRF token it can read, the __Host- one first, so a planted one never blocks a write', () => {
    expect(readXsrfTokens('XSRF-TOKEN=planted; a=1; XSRF-TOKEN=ours%3D.sig')).toBe('planted,ours=.sig');
    expect(readXsrfTokens('XSRF-TOKEN=planted; __Host-XSRF-TOKEN=ours.sig')).toBe('ours.sig,planted');
    expect(readXsrfTokens('XSRF-TOKEN=%; XSRF-TOKEN=a,b; XSRF-TOKEN=ok')).toBe('ok');
    expect(readXsrfTokens('a=1')).toBeNull();
  });

  it('hands the set-auth-token header to the token store', async () => {
    const onAuthToken = vi.fn();
    const http = client({
      onAuthToken,
      fetch: fakeFetch(() => new Response('{}', { headers: { 'set-auth-token': 'tok' } })),
    });
    await http.post('/api/auth/sign-in/email', {});
    expect(onAuthToken).toHaveBeenCalledWith('tok');
  });

  it('on a device, sends its device token to the sign-in endpoints and keeps the one returned', async () => {
    const calls: Call[] = [];
    const onDeviceToken = vi.fn();
    const http = client({
      baseUrl: 'https://lastman.example',
      getDeviceToken: async () => '',
      onDeviceToken,
      fetch: fakeFetch(() => new Response('{}', { headers: { 'set-device-token': 'dev-1' } }), calls),
    });
    await http.post('/api/auth/sign-in/email', {});
    await http.get('/api/me');
    expect(new Headers(calls[0]?.init.headers).get('Device-Token')).toBe('');
    expect(new Headers(calls[1]?.init.headers).has('Device-Token')).toBe(false);
    expect(onDeviceToken).toHaveBeenCalledWith('dev-1');
  });
});

describe('timeouts per platform', () => {
  it('is 30 s on desktop and 60 s on mobile', () => {
    expect(timeoutFor('desktop')).toBe(30_000);
    expect(timeoutFor('mobile')).toBe(60_000);
    expect(MOBILE_TIMEOUT_MS).toBe(60_000);
  });

  it('aborts a request that outlives its timeout', async () => {
    vi.useFakeTimers();
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const http = client({ fetch: hanging, timeoutMs: timeoutFor('mobile') });
    const pending = http.get('/api/me').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe('TIMEOUT');
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });

  it('travels on the error of a refused request', async () => {
    const http = client({
      fetch: fakeFetch(
        () =>
          new Response(
            JSON.stringify({ error: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests.' } }),
            {
              status: 429,
              headers: { 'retry-after': '7' },
            },
          ),
      ),
    });
    const error = await http.get('/api/game').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfterMs: 7000 });
  });
});
