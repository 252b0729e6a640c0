import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { fileUrl, isStorageKey, type Storage, storageKey } from '../../src/lib/storage.ts';
import { createStorage } from '../../src/lib/storage-config.ts';
import { createS3Storage } from '../../src/lib/storage-s3.ts';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let dataDir: string;
let s3: S3StandIn;
const stores: Record<'disk' | 's3', Storage> = {} as Record<'disk' | 's3', Storage>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lastman-storage-'));
  s3 = await startS3StandIn();
  stores.disk = await createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  stores.s3 = await createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env }));
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('storage keys', () => {
  it('takes paths of safe segments and refuses anything that could leave its folder', () => {
    expect(isStorageKey('gallery/club-1/photo_2.display.webp')).toBe(true);
    for (const bad of [
      '',
      '/a',
      'a/',
      'a//b',
      '../../a',
      'a/../b',
      'a/./b',
      'a b',
      'a~type',
      'a\\b',
      '.hidden',
      'x'.repeat(513),
    ]) {
      expect(isStorageKey(bad), bad).toBe(false);
    }
    expect(storageKey('gallery', 'c1', 'p.webp')).toBe('gallery/c1/p.webp');
    expect(() => storageKey('gallery', '..', 'p.webp')).toThrow(/storage key/);
    expect(fileUrl('https://pub.example', 'gallery/c1/p.webp')).toBe(
      'https://pub.example/api/files/gallery/c1/p.webp',
    );
  });
});

describe.each(['disk', 's3'] as const)('%s storage', (kind) => {
  const store = () => stores[kind];

  it('is the kind the settings choose', () => {
    expect(store().kind).toBe(kind);
  });

  it('puts, gets and streams the same bytes with their content type', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    await store().put('tests/round-trip.bin', bytes, { contentType: 'image/webp' });
    const got = await store().get('tests/round-trip.bin');
    expect(got?.contentType).toBe('image/webp');
    expect(Buffer.compare(got?.bytes ?? Buffer.alloc(0), bytes)).toBe(0);
    const streamed = await store().stream('tests/round-trip.bin');
    expect(streamed?.contentType).toBe('image/webp');
    expect(streamed?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of streamed?.body ?? []) chunks.push(c as Buffer);
    expect(Buffer.compare(Buffer.concat(chunks), bytes)).toBe(0);
  });

  it('replaces an object put again under its key', async () => {
    await store().put('tests/replaced.txt', Buffer.from('first'), { contentType: 'text/plain' });
    await store().put('tests/replaced.txt', Buffer.from('second'), { contentType: 'application/pdf' });
    const got = await store().get('tests/replaced.txt');
    expect(got?.bytes.toString()).toBe('second');
    expect(got?.contentType).toBe('application/pdf');
  });

  it('answers null for a missing object, and deleting one twice is not an error', async () => {
    expect(await store().get('tests/never-there.png')).toBeNull();
    expect(await store().stream('tests/never-there.png')).toBeNull();
    await store().put('tests/gone.txt', Buffer.from('bye'), { contentType: 'text/plain' });
    await store().delete('tests/gone.txt');
    await store().delete('tests/gone.txt');
    expect(await store().get('tests/gone.txt')).toBeNull();
    const streamed = await store().stream('tests/gone.txt');
    expect(streamed && (await text(streamed.body))).toBeNull();
  });

  it('refuses a key that is not valid before touching anything', async () => {
    await expect(
      store().put('../escape.txt', Buffer.from('x'), { contentType: 'text/plain' }),
    ).rejects.toThrow(/storage key/);
    await expect(store().get('a//b')).rejects.toThrow(/storage key/);
    await expect(store().delete('/abs')).rejects.toThrow(/storage key/);
  });
});

describe('disk storage', () => {
  it('keeps files under DATA_DIR/uploads, with no temporary files left behind', async () => {
    await stores.disk.put('tests/where/is.bin', Buffer.from('here'), { contentType: 'text/plain' });
    const files = await readdir(path.join(dataDir, 'uploads', 'tests', 'where'));
    expect(files.sort()).toEqual(['is.bin', 'is.bin~type']);
  });
});

describe('S3 storage', () => {
  it('sends signed requests that the service checks, and stores the object under its key', async () => {
    await stores.s3.put('gallery/c1/signed.webp', Buffer.from('signed'), { contentType: 'image/webp' });
    expect(s3.objects.get('gallery/c1/signed.webp')?.bytes.toString()).toBe('signed');
    expect(s3.log).toContainEqual(
      expect.stringMatching(new RegExp(`^PUT /${s3.bucket}/gallery/c1/signed.webp(\\?\\S*)? 200$`)),
    );
    expect(s3.signedBodies).toBeGreaterThan(0);
  });

  it('fails loudly with a wrong secret: the service checks every signature', async () => {
    const wrong = createS3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    await expect(
      wrong.put('tests/forged.txt', Buffer.from('x'), { contentType: 'text/plain' }),
    ).rejects.toThrow(/signature/i);
    expect(s3.objects.has('tests/forged.txt')).toBe(false);
  });
});

describe('storage settings', () => {
  it('asks for both S3 keys or neither, and for a bucket when S3 is half set up', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'pub-photos', S3_ACCESS_KEY_ID: 'AKIA1' }),
    ).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'test', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    const c = loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'pub-photos', S3_FORCE_PATH_STYLE: 'true' });
    expect(c.S3_REGION).toBe('us-east-1');
    expect(c.S3_FORCE_PATH_STYLE).toBe(true);
  });
});

describe.each(['disk', 's3'] as const)('files served from %s storage over HTTP', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { env: kind === 's3' ? s3.env : {} });
  });
  afterAll(() => server?.close());

  it('serves a stored file with its type and a year of caching, and 404 for anything else', async () => {
    expect(server.app.services.storage.kind).toBe(kind);
    const bytes = Buffer.from('%PDF-1.7 a menu');
    await server.app.services.storage.put('menus/c1/menu-2026.pdf', bytes, {
      contentType: 'application/pdf',
    });
    const res = await fetch(`${server.baseUrl}/api/files/menus/c1/menu-2026.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('%PDF-1.7 a menu');
    const again = await fetch(`${server.baseUrl}/api/files/menus/c1/menu-2026.pdf`, {
      headers: { 'if-none-match': res.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    for (const path of ['menus/c1/nothing.pdf', 'menus/..%2F..%2Fetc/passwd', 'menus/c1/%7Etype']) {
      const miss = await fetch(`${server.baseUrl}/api/files/${path}`);
      expect(miss.status, path).toBe(404);
      expect(((await miss.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });
});
