import { type ClientErrorCode, ErrorCode } from '@lastman/api/errors';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const DESKTOP_TIMEOUT_MS = 30_000;
export const MOBILE_TIMEOUT_MS = 60_000;

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    message: string,
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    /** One of the contract's codes, a client code (no answer came), or better-auth's own on sign-in. */
    readonly code?: ErrorCode | ClientErrorCode | (string & {}),
    /** From a `Retry-After` header (429, 503): how long the server asked us to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The server's "allowed, but are you sure?" answer (409 CONFIRMATION_REQUIRED): its message is the
 * question to ask; the same request with its confirm flag then goes ahead.
 */
export const isConfirmationRequired = (e: unknown): e is HttpError =>
  e instanceof HttpError && e.code === ErrorCode.CONFIRMATION_REQUIRED;

/** `Retry-After` as milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The original's generic failure text, used when the server gave no message of its own. */
export function httpFailureMessage(url: string, status: number, statusText: string): string {
  return `Http failure response for ${url}: ${status} ${statusText}`;
}

/** Reads `{ error: { code, message } }` (our API) or `{ code, message }` (better-auth's own). */
export function serverError(body: unknown): { code?: string; message?: string } {
  if (typeof body !== 'object' || body === null) return {};
  const inner = 'error' in body && typeof body.error === 'object' && body.error !== null ? body.error : body;
  const code = 'code' in inner && typeof inner.code === 'string' ? inner.code : undefined;
  const message =
    'message' in inner && typeof inner.message === 'string' && inner.message ? inner.message : undefined;
  return { ...(code ? { code } : {}), ...(message ? { message } : {}) };
}

export function isAbsoluteUrl(url: string): boolean {
  return /^[a-z][a-z\d+\-.]*:/i.test(url) || url.startsWith('//');
}

/** As the original: the XSRF header goes on non-GET requests to relative URLs only. */
export function needsXsrfHeader(method: HttpMethod, url: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && !isAbsoluteUrl(url);
}

export function timeoutFor(platform: 'desktop' | 'mobile'): number {
  return platform === 'mobile' ? MOBILE_TIMEOUT_MS : DESKTOP_TIMEOUT_MS;
}

export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * Every XSRF token the page can see, comma-separated: the server's own (`__Host-XSRF-TOKEN` when
 * served over https) first. A sibling site can plant another `XSRF-TOKEN`; the server takes the one
 * it minted for this session, so a planted one beside it never blocks a write.
 */
export function readXsrfTokens(cookies: string): string | null {
  const tokens: string[] = [];
  for (const name of [`__Host-${XSRF_COOKIE}`, XSRF_COOKIE]) {
    for (const part of cookies.split(';')) {
      const [rawKey, ...rest] = part.trim().split('=');
      if (rawKey !== name) continue;
      try {
        const value = decodeURIComponent(rest.join('='));
        if (value && !value.includes(',') && !tokens.includes(value)) tokens.push(value);
      } catch {
        // A value that does not decode is not ours.
      }
    }
  }
  return tokens.length > 0 ? tokens.join(',') : null;
}

export interface HttpClientOptions {
  /** Prefix for API paths: `""` in a browser (relative URLs), the server's origin on a device. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Read right before each request, so a re-issued token is picked up. */
  getCookie: (name: string) => string | null;
  /** Bearer token for absolute URLs (native devices). */
  getBearerToken?: () => Promise<string>;
  /** Called with the `set-auth-token` response header, when present. */
  onAuthToken?: (token: string) => void | Promise<void>;
  /** Whether the device has a connection: a request that fails without one says so plainly. */
  isOnline?: () => boolean;
  /**
   * The device tokens kept on a native device (a browser keeps them in an HttpOnly cookie): sent
   * to the sign-in endpoints with absolute URLs, so that the account knows this device.
   */
  getDeviceToken?: () => Promise<string>;
  /** Called with the `set-device-token` response header, when present. */
  onDeviceToken?: (token: string) => void | Promise<void>;
}

export const DEVICE_TOKEN_HEADER = 'Device-Token';

/** A request that could not be sent because the device has no connection. */
export const OFFLINE_REQUEST_MESSAGE =
  'You are offline. This needs a connection: try again when you are back online.';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers (a till device's key). */
  headers?: Record<string, string>;
}

export interface HttpResult<T> {
  data: T;
  headers: Headers;
}

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(
    method: HttpMethod,
    path: string,
    req: RequestOptions = {},
  ): Promise<HttpResult<T>> {
    const url = isAbsoluteUrl(path) ? path : `${options.baseUrl}${path}`;
    const headers = new Headers({ ...req.headers, Accept: 'application/json' });
    // A Blob (a file the user picked) goes as its own bytes; anything else as JSON.
    const blob = typeof Blob !== 'undefined' && req.body instanceof Blob ? req.body : null;
    if (blob) headers.set('Content-Type', blob.type || 'application/octet-stream');
    else if (req.body !== undefined) headers.set('Content-Type', 'application/json');
    if (needsXsrfHeader(method, url)) {
      const token = options.getCookie(XSRF_COOKIE);
      if (token) headers.set(XSRF_HEADER, token);
    }
    if (isAbsoluteUrl(url) && options.getBearerToken) {
      const bearer = await options.getBearerToken();
      if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
    }
    if (isAbsoluteUrl(url) && options.getDeviceToken && new URL(url).pathname.startsWith('/api/auth/')) {
      // Sent even when empty: it asks the server for the device's token in `set-device-token`.
      headers.set(DEVICE_TOKEN_HEADER, await options.getDeviceToken().catch(() => ''));
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    const onAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });

    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        credentials: isAbsoluteUrl(url) ? 'omit' : 'same-origin',
        signal: controller.signal,
        ...(blob ? { body: blob } : req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
      });
    } catch (error) {
      if (timedOut) {
        throw new HttpError(
          `The server did not answer within ${options.timeoutMs / 1000} s (${url}).`,
          url,
          0,
          'Timeout',
          'TIMEOUT',
        );
      }
      if (req.signal?.aborted) throw error;
      const offline = options.isOnline?.() === false;
      throw new HttpError(
        offline ? OFFLINE_REQUEST_MESSAGE : httpFailureMessage(url, 0, 'Unknown Error'),
        url,
        0,
        'Unknown Error',
        'NETWORK',
      );
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }

    const token = response.headers.get('set-auth-token');
    if (token && options.onAuthToken) await options.onAuthToken(token);
    const deviceToken = response.headers.get('set-device-token');
    if (deviceToken && options.onDeviceToken) await options.onDeviceToken(deviceToken);

    // Kept whole, byte order mark included: a CSV file for Excel starts with one, and text() drops it.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (!response.ok) {
      const { code, message } = serverError(body);
      throw new HttpError(
        message ?? httpFailureMessage(url, response.status, response.statusText),
        url,
        response.status,
        response.statusText,
        code,
        parseRetryAfter(response.headers.get('retry-after')),
      );
    }
    return { data: body as T, headers: response.headers };
  }

  return {
    request,
    get: async <T>(path: string, o?: RequestOptions) => (await request<T>('GET', path, o)).data,
    post: async <T>(path: string, body?: unknown, o?: RequestOptions) =>
      (await request<T>('POST', path, { ...o, body: body ?? {} })).data,
    patch: async <T>(path: string, body?: unknown, o?: RequestOptions) =>
      (await request<T>('PATCH', path, { ...o, body: body ?? {} })).data,
    delete: async <T>(path: string, body?: unknown, o?: RequestOptions) =>
      (await request<T>('DELETE', path, { ...o, ...(body ? { body } : {}) })).data,
  };
}
