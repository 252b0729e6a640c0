import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, Json } from '../support/http-client.ts';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';
import { otherClubAdmin, signedIn } from '../support/world.ts';

/** A phone's photo: landscape sensor pixels (left red, right blue), EXIF orientation 6, camera, time and GPS. */
async function phonePhoto(width = 300, height = 200) {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) px[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 220;
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SecretPhoneMaker', Model: 'SecretPhone 15', DateTime: '2026:11:20 21:14:03' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .toBuffer();
}
const HEIC = await readFile(new URL('../fixtures/phone-photo.heic', import.meta.url));

/** Sends a file as multipart/form-data in the field `file`, as the web app does. */
async function upload(
  server: TestServer,
  c: HttpClient | null,
  bytes: Buffer,
  opts: { name?: string; type?: string; field?: string; query?: string } = {},
) {
  const form = new FormData();
  form.append(
    opts.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'image/jpeg' }),
    opts.name ?? 'IMG_0001.jpg',
  );
  const headers: Record<string, string> = { origin: server.baseUrl };
  if (c && c.jar.size > 0) headers.cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const token = c?.jar.get('XSRF-TOKEN');
  if (token) headers['x-xsrf-token'] = decodeURIComponent(token);
  const res = await fetch(`${server.baseUrl}/api/admin/gallery/photos${opts.query ? `?${opts.query}` : ''}`, {
    method: 'POST',
    headers,
    body: form,
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
}

const keyOf = (server: TestServer, url: string) => url.slice(`${server.config.PUBLIC_URL}/api/files/`.length);

const combos = backends().flatMap((backend) =>
  (['disk', 's3'] as const).map((storage) => [backend, storage] as const),
);

describe.each(combos)('the gallery on %s with %s storage', (backend, storageKind) => {
  let server: TestServer;
  let s3: S3StandIn | undefined;
  let admin: HttpClient;
  let staff: HttpClient;
  let player: HttpClient;
  let other: HttpClient;
  beforeAll(async () => {
    if (storageKind === 's3') s3 = await startS3StandIn();
    server = await startTestServer(backend, { seed: true, env: s3?.env ?? {} });
    admin = await signedIn(server, 'admin@redlion.test');
    staff = await signedIn(server, 'staff@redlion.test');
    player = await signedIn(server, 'player1@redlion.test');
    other = await otherClubAdmin(server, 'Kings Admin', 'admin@kingsarms.test');
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('stores an upright photo with no metadata at all, read back from the storage, served with long caching', async () => {
    expect(server.app.services.storage.kind).toBe(storageKind);
    const res = await upload(server, admin, await phonePhoto());
    expect(res.status).toBe(201);
    const { photo } = res.json;
    expect(photo).toMatchObject({
      id: expect.any(String),
      width: 200,
      height: 300,
      caption: null,
      albumId: null,
    });
    expect(photo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/files\/gallery\/.+-display\.webp$/);
    expect(photo.thumbnailUrl).toMatch(/-thumb\.webp$/);
    for (const url of [photo.url, photo.thumbnailUrl]) {
      const stored = await server.app.services.storage.get(keyOf(server, url));
      if (!stored) throw new Error(`nothing stored for ${url}`);
      if (s3) expect(s3.objects.has(keyOf(server, url))).toBe(true);
      expect(stored.contentType).toBe('image/webp');
      const meta = await sharp(stored.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const raw = stored.bytes.toString('latin1');
      for (const mark of ['Exif', 'GPS', 'SecretPhone', '2026:11:20'])
        expect(raw.includes(mark), mark).toBe(false);
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toContain('immutable');
      expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), stored.bytes)).toBe(0);
    }
    // Upright: the sensor's left (red) half is at the top.
    const stored = await server.app.services.storage.get(keyOf(server, photo.url));
    const { data, info } = await sharp(stored?.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[(20 * info.width + 100) * info.channels]).toBeGreaterThan(150);
    expect(data[(280 * info.width + 100) * info.channels + 2]).toBeGreaterThan(150);
  });

  it("accepts an iPhone's HEIC", async () => {
    const res = await upload(server, admin, HEIC, { name: 'IMG_4242.HEIC', type: 'image/heic' });
    expect(res.status).toBe(201);
    expect(res.json.photo).toMatchObject({ width: 240, height: 160 });
  });

  it('refuses a renamed text file, a missing file field and a JSON body, storing nothing', async () => {
    const before = s3?.objects.size;
    const text = await upload(server, admin, Buffer.from('Quiz answers: 1. Paris 2. 1966'), {
      name: 'holiday.jpg',
      type: 'image/jpeg',
    });
    expect(text.status).toBe(400);
    expect(text.json.error.message).toMatch(/not a photo/);
    const wrongField = await upload(server, admin, await phonePhoto(), { field: 'picture' });
    expect(wrongField.status).toBe(400);
    const json = await admin.post('/api/admin/gallery/photos', { file: 'x' });
    expect(json.status).toBe(415);
    if (s3) expect(s3.objects.size).toBe(before);
  });

  it('keeps albums and captions, and lists photos newest first, by album, publicly by ?club=', async () => {
    const created = await admin.post('/api/admin/gallery/albums', {
      title: 'Friday quiz',
      description: 'Quiz night, 20 Nov',
    });
    expect(created.status).toBe(201);
    const albumId = created.json.album.id;
    const first = await upload(server, admin, await phonePhoto(), {
      query: `albumId=${albumId}&caption=Round+one`,
    });
    const second = await upload(server, admin, await phonePhoto(400, 300), { query: `albumId=${albumId}` });
    expect(first.json.photo).toMatchObject({ albumId, caption: 'Round one' });
    const edited = await admin.patch(`/api/admin/gallery/photos/${second.json.photo.id}`, {
      caption: 'The winners',
    });
    expect(edited.status).toBe(200);
    expect(edited.json.photo.caption).toBe('The winners');

    const anon = server.client();
    const inAlbum = await anon.get(`/api/gallery/photos?album=${albumId}&club=red-lion&limit=10`);
    expect(inAlbum.status).toBe(200);
    expect(inAlbum.json.photos.map((p: Json) => p.caption)).toEqual(['The winners', 'Round one']);
    expect(Object.keys(inAlbum.json.photos[0]).sort()).toEqual(
      ['albumId', 'caption', 'createdAt', 'height', 'id', 'thumbnailUrl', 'url', 'width'].sort(),
    );
    const limited = await player.get('/api/gallery/photos?limit=1');
    expect(limited.json.photos).toHaveLength(1);
    const albums = await anon.get('/api/gallery/albums?club=red-lion');
    expect(albums.json.albums).toEqual([
      expect.objectContaining({
        id: albumId,
        title: 'Friday quiz',
        photoCount: 2,
        coverThumbnailUrl: second.json.photo.thumbnailUrl,
      }),
    ]);
    expect((await anon.get(`/api/gallery/albums/${albumId}?club=red-lion`)).json.album.photoCount).toBe(2);
    expect((await anon.get('/api/gallery/photos?club=no-such-pub')).status).toBe(404);
    expect((await anon.get('/api/gallery/photos?limit=0')).status).toBe(400);
  });

  it("shows another club's admin nothing, and lets them change nothing", async () => {
    const mine = (await admin.get('/api/gallery/photos')).json.photos as Json[];
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await other.get('/api/gallery/photos');
    expect(theirs.json.photos).toEqual([]);
    expect((await other.get('/api/gallery/albums')).json.albums).toEqual([]);
    const albumId = (await admin.get('/api/gallery/albums')).json.albums[0].id;
    expect((await other.get(`/api/gallery/photos?album=${albumId}`)).status).toBe(404);
    expect((await other.get(`/api/gallery/albums/${albumId}`)).status).toBe(404);
    const target = mine[0] as Json;
    expect((await other.patch(`/api/admin/gallery/photos/${target.id}`, { caption: 'hacked' })).status).toBe(
      404,
    );
    expect((await other.delete(`/api/admin/gallery/photos/${target.id}`)).status).toBe(404);
    expect((await other.delete(`/api/admin/gallery/albums/${albumId}`)).status).toBe(404);
    const intoTheirAlbum = await upload(server, other, await phonePhoto(), { query: `albumId=${albumId}` });
    expect(intoTheirAlbum.status).toBe(404);
    expect((await admin.get('/api/gallery/photos')).json.photos[0].caption).not.toBe('hacked');
  });

  it('lets staff upload only when an admin allows it; players never', async () => {
    expect((await staff.get('/api/gallery/abilities')).json).toEqual({
      canUpload: false,
      settings: { staffCanUpload: false },
    });
    const refused = await upload(server, staff, await phonePhoto());
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toMatch(/admin can let staff/);
    expect((await staff.put('/api/admin/gallery/settings', { staffCanUpload: true })).status).toBe(403);
    expect((await admin.put('/api/admin/gallery/settings', { staffCanUpload: true })).json).toEqual({
      staffCanUpload: true,
    });
    expect((await staff.get('/api/gallery/abilities')).json.canUpload).toBe(true);
    expect((await upload(server, staff, await phonePhoto())).status).toBe(201);
    expect((await upload(server, player, await phonePhoto())).status).toBe(403);
    expect((await upload(server, null, await phonePhoto())).status).toBe(401);
  });

  it('deletes a photo and its files; deleting an album keeps its photos', async () => {
    const { photo } = (await upload(server, admin, await phonePhoto())).json;
    expect((await admin.delete(`/api/admin/gallery/photos/${photo.id}`)).status).toBe(204);
    expect(await server.app.services.storage.get(keyOf(server, photo.url))).toBeNull();
    expect(await server.app.services.storage.get(keyOf(server, photo.thumbnailUrl))).toBeNull();
    expect((await fetch(photo.url)).status).toBe(404);
    expect((await admin.get('/api/gallery/photos')).json.photos.map((p: Json) => p.id)).not.toContain(
      photo.id,
    );
    expect((await admin.delete(`/api/admin/gallery/photos/${photo.id}`)).status).toBe(404);

    const albumId = (await admin.get('/api/gallery/albums')).json.albums[0].id;
    expect((await admin.delete(`/api/admin/gallery/albums/${albumId}`)).status).toBe(204);
    const left = (await admin.get('/api/gallery/photos')).json.photos as Json[];
    expect(left.filter((p) => p.caption === 'The winners')).toEqual([
      expect.objectContaining({ albumId: null }),
    ]);
  });
});
