import { type APIRequestContext, expect, request } from '@playwright/test';

export const DEMO_PASSWORD = 'lastman-demo';

/** A signed-in API client (its own cookie jar) for setting up and driving browser tests. */
export interface ApiClient {
  ctx: APIRequestContext;
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
  const signIn = await ctx.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'X-XSRF-TOKEN': await xsrf() },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return {
    ctx,
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
