import { type APIRequestContext, expect, request } from '@playwright/test';
import {
  type ApiAnswer,
  type ApiSession,
  DEMO_PASSWORD,
  signIn,
} from '../../apps/server/test/support/world-api.ts';

// Browser tests build state with the server tests' API builders (apps/server/test/support/world-api.ts):
// this module only turns a Playwright request context into the `ApiSession` those builders drive.

export { DEMO_PASSWORD };

/** A request context as the builders' session: the XSRF header (and Origin) on every write. */
export function requestSession(
  ctx: APIRequestContext,
  writeHeaders: () => Promise<Record<string, string>>,
): ApiSession {
  const answer = async (res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<ApiAnswer> => {
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status(), text, json };
  };
  const write = async (method: string, path: string, body: unknown = {}) =>
    answer(await ctx.fetch(path, { method, data: body, headers: await writeHeaders() }));
  return {
    get: async (path) => answer(await ctx.get(path)),
    post: (path, body) => write('POST', path, body),
    patch: (path, body) => write('PATCH', path, body),
    put: (path, body) => write('PUT', path, body),
  };
}

/** A signed-in API client (its own cookie jar) for setting up and driving browser tests. */
export interface ApiClient {
  ctx: APIRequestContext;
  /** The same client as the shared builders' session (world-api.ts). */
  session: ApiSession;
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  dispose(): Promise<void>;
}

export async function apiClient(baseURL: string, email: string): Promise<ApiClient> {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  await ctx.get('/api/club');
  const xsrf = async () => {
    const state = await ctx.storageState();
    return decodeURIComponent(state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  };
  const session = requestSession(ctx, async () => ({ 'X-XSRF-TOKEN': await xsrf() }));
  await signIn(session, email, DEMO_PASSWORD);
  return {
    ctx,
    session,
    async get<T>(path: string) {
      const res = await ctx.get(path);
      expect(res.ok(), `GET ${path}: ${await res.text()}`).toBe(true);
      return (await res.json()) as T;
    },
    async send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body: unknown = {}) {
      const res = await ctx.fetch(path, { method, data: body, headers: { 'X-XSRF-TOKEN': await xsrf() } });
      expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
      const text = await res.text();
      return (text ? JSON.parse(text) : null) as T;
    },
    dispose: () => ctx.dispose(),
  };
}
