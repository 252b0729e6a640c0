import type { HttpClient, Json } from './http-client.ts';
import type { TestServer } from './test-server.ts';
import { demoSeason } from './world.ts';

/** PUT through the same cookie jar and XSRF echo as the shared client's other verbs. */
export async function put(c: HttpClient, baseUrl: string, path: string, body: unknown) {
  const h: Record<string, string> = { origin: new URL(baseUrl).origin, 'content-type': 'application/json' };
  if (c.jar.size > 0) h.cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = c.jar.get('XSRF-TOKEN');
  if (xsrf) h['x-xsrf-token'] = decodeURIComponent(xsrf);
  const res = await fetch(new URL(path, baseUrl), { method: 'PUT', headers: h, body: JSON.stringify(body) });
  const text = await res.text();
  let json: Json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}

/** The id of a season the demo seed imported (2024-25 unless named otherwise). */
export async function seasonId(server: TestServer, key = 'premier-league-2024-25'): Promise<string> {
  return (await demoSeason(server, key)).id;
}

export { teamIn } from './world-api.ts';

/** 2024-25 round 1: Man Utd v Fulham on Fri 16 Aug 2024 at 20:00 BST, so the default deadline is 18:00 UTC. */
export const ROUND1_DEADLINE = '2024-08-16T18:00:00.000Z';
