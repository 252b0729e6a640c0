import { fetchFrom } from './from-address.ts';

/**
 * A small browser-like HTTP client: keeps cookies, sends the Origin header, and echoes the
 * XSRF-TOKEN cookie in X-XSRF-TOKEN on writes, as the web app does. `localAddress` sends from
 * that address (127.0.0.77: another client on loopback).
 */
export function httpClient(baseUrl: string, opts: { xsrf?: boolean; localAddress?: string } = {}) {
  const jar = new Map<string, string>();
  const origin = new URL(baseUrl).origin;
  const send = opts.localAddress ? fetchFrom(opts.localAddress) : fetch;

  async function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { origin, ...headers };
    if (jar.size > 0) h.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    // `__Host-XSRF-TOKEN` when the server is behind https (PUBLIC_URL), as the web app reads it.
    const xsrf = jar.get('__Host-XSRF-TOKEN') ?? jar.get('XSRF-TOKEN');
    if (method !== 'GET' && opts.xsrf !== false && xsrf !== undefined) {
      h['x-xsrf-token'] = decodeURIComponent(xsrf);
    }
    let payload: string | undefined;
    if (typeof body === 'string') {
      payload = body;
      h['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] = 'application/json';
    }
    const res = await send(new URL(path, baseUrl), {
      method,
      headers: h,
      body: payload,
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0$/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    // A stream (Server-Sent Events) never ends: its first chunk (the comment sent on connect) is the answer.
    let text: string;
    if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
      const reader = res.body?.getReader();
      const first = await reader?.read();
      await reader?.cancel();
      text = first?.value ? Buffer.from(first.value).toString() : '';
    } else {
      text = await res.text();
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, text, json: json as Json };
  }

  return {
    jar,
    /** Any method, with a body sent as given (a string keeps its own content-type header). */
    request,
    get: (path: string, headers?: Record<string, string>) => request('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request('POST', path, body ?? {}, headers),
    patch: (path: string, body?: unknown) => request('PATCH', path, body ?? {}),
    put: (path: string, body?: unknown) => request('PUT', path, body ?? {}),
    delete: (path: string, body?: unknown) => request('DELETE', path, body),
    /** Reads once so the server hands out the XSRF cookie, as the app's first call does. */
    async prime() {
      await request('GET', '/api/health');
    },
    async signIn(email: string, password: string) {
      await this.prime();
      const res = await request('POST', '/api/auth/sign-in/email', { email, password });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.text}`);
      return res;
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: response bodies are asserted field by field in tests
export type Json = any;
export type HttpClient = ReturnType<typeof httpClient>;
