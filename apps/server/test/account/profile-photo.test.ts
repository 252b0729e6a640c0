import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPhotos } from '../../src/db/schema/index.ts';
import type { HttpClient, Json } from '../support/http-client.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { myUserId, signedUp } from '../support/world.ts';

/** A landscape PNG and a portrait JPEG, as a phone's camera or gallery would give them. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 179, g: 20, b: 43 } } });
const PNG = await picture(800, 600).png().toBuffer();
const JPEG = await picture(900, 1600).jpeg().toBuffer();
/** A JPEG's signature and nothing a decoder can read. */
const DAMAGED_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);

async function sendPhoto(
  server: TestServer,
  c: HttpClient | null,
  body: Buffer | string,
  contentType: string,
  opts: { xsrf?: boolean; method?: string } = {},
) {
  const headers: Record<string, string> = { origin: server.baseUrl, 'content-type': contentType };
  if (c && c.jar.size > 0) headers.cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const token = c?.jar.get('XSRF-TOKEN');
  if (token && opts.xsrf !== false) headers['x-xsrf-token'] = decodeURIComponent(token);
  const res = await fetch(`${server.baseUrl}/api/me/photo`, {
    method: opts.method ?? 'PUT',
    headers,
    body: new Uint8Array(typeof body === 'string' ? Buffer.from(body) : body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

describe.each(backends())('profile photo on %s', (backend) => {
  let server: TestServer;
  let c: HttpClient;
  let userId: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    c = await signedUp(server, {
      name: 'Photo Phil',
      email: 'phil@example.com',
      password: 'say-cheese-please',
      dateOfBirth: '1980-02-02',
    });
    userId = await myUserId(c);
  });
  afterAll(() => server?.close());

  it('uploads a photo, sets user.image to its URL and serves it, cacheable by version', async () => {
    const res = await sendPhoto(server, c, PNG, 'image/png');
    expect(res.status).toBe(200);
    const image: string = res.json.user.image;
    expect(image).toMatch(new RegExp(`^${server.baseUrl}/api/users/${userId}/photo\\?v=\\d+$`));
    expect((await c.get('/api/me')).json.user.image).toBe(image);

    // Served without credentials (the native app's <img> sends none).
    const served = await fetch(image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // Stored as a 512 px square WebP, whatever its size and type were.
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 512, 512]);
    const unversioned = await fetch(`${server.baseUrl}/api/users/${userId}/photo`);
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');

    // A new photo gets a new URL; its type comes from the bytes, not the header.
    server.clock.advance(1000);
    const replaced = await sendPhoto(server, c, JPEG, 'application/octet-stream');
    expect(replaced.status).toBe(200);
    expect(replaced.json.user.image).not.toBe(image);
    const second = await fetch(replaced.json.user.image);
    expect(second.headers.get('content-type')).toBe('image/webp');
    const portrait = await sharp(Buffer.from(await second.arrayBuffer())).metadata();
    expect([portrait.width, portrait.height]).toEqual([512, 512]);
    expect((await fetch(image)).headers.get('cache-control')).toBe('no-cache');
  });

  it('refuses what is not a JPEG, PNG or WebP image, or too large, and changes nothing', async () => {
    const before = (await c.get('/api/me')).json.user.image;
    const text = await sendPhoto(server, c, 'hello, not a picture', 'text/plain');
    expect(text.status).toBe(400);
    expect(text.json.error.message).toBe('The photo must be a JPEG, PNG or WebP image.');
    const gif = await sendPhoto(server, c, 'GIF89a\x01\x00\x01\x00', 'image/gif');
    expect(gif.status).toBe(400);
    const json = await sendPhoto(server, c, '{"image":"x"}', 'application/json');
    expect(json.status).toBe(400);
    expect(json.json.error.message).toMatch(/JPEG, PNG or WebP/);
    const damaged = await sendPhoto(server, c, DAMAGED_JPEG, 'image/jpeg');
    expect(damaged.status).toBe(400);
    expect(damaged.json.error.message).toMatch(/could not be read/);

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await sendPhoto(server, c, big, 'image/png');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The photo is too large: at most 5 MB.',
    });
    expect((await c.get('/api/me')).json.user.image).toBe(before);
  });

  it('needs a signed-in user and the XSRF header', async () => {
    expect((await sendPhoto(server, null, PNG, 'image/png')).status).toBe(401);
    const noHeader = await sendPhoto(server, c, PNG, 'image/png', { xsrf: false });
    expect(noHeader.status).toBe(403);
    expect(noHeader.json.error.code).toBe('XSRF_TOKEN_INVALID');
  });

  it('removes the photo', async () => {
    const image = (await c.get('/api/me')).json.user.image;
    const removed = await c.delete('/api/me/photo');
    expect(removed.status).toBe(200);
    expect(removed.json.user.image).toBeNull();
    const gone = await fetch(image);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as Json).error.code).toBe('NOT_FOUND');
    expect(await server.db.select().from(userPhotos).where(eq(userPhotos.userId, userId))).toHaveLength(0);
  });

  it('deleting the account deletes the photo', async () => {
    expect((await sendPhoto(server, c, PNG, 'image/png')).status).toBe(200);
    expect(await server.db.select().from(userPhotos).where(eq(userPhotos.userId, userId))).toHaveLength(1);
    expect((await c.delete('/api/me', { password: 'say-cheese-please' })).status).toBe(204);
    expect(await server.db.select().from(userPhotos).where(eq(userPhotos.userId, userId))).toHaveLength(0);
    expect((await fetch(`${server.baseUrl}/api/users/${userId}/photo`)).status).toBe(404);
  });
});
