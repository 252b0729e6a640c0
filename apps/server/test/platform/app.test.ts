import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { backends, startTestServer, type TestServer } from '../support/test-server.ts';

function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lastman-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Lastman</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  // The build writes compressed copies beside its text files; these stand in for them.
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app")'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync('console.log("app")'));
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  return dir;
}

describe.each(backends())('the HTTP surface on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { env: { WEB_DIST: fakeWebBuild() } });
  });
  afterAll(() => server?.close());

  it('GET /api/health reports the database', async () => {
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', database: { kind: backend, ok: true } });
  });

  it('serves the OpenAPI document built from the schemas, and a docs page', async () => {
    const doc = await server.client().get('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.json.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining(['/api/me', '/api/health', '/api/admin/members/{userId}']),
    );
    expect(doc.json.components.schemas).toHaveProperty('Me');
    // better-auth's endpoints, described from the schemas in packages/api.
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-up/email',
        '/api/auth/sign-in/email',
        '/api/auth/sign-out',
        '/api/auth/get-session',
        '/api/auth/request-password-reset',
        '/api/auth/reset-password',
        '/api/auth/change-password',
        '/api/auth/verify-email',
      ]),
    );
    expect(Object.keys(doc.json.paths).filter((p) => p.includes('*'))).toEqual([]);
    const signUp = doc.json.paths['/api/auth/sign-up/email'].post;
    expect(signUp.tags).toEqual(['auth']);
    const ref: string = signUp.requestBody.content['application/json'].schema.$ref;
    const body = doc.json.components.schemas[ref.replace('#/components/schemas/', '')];
    expect(body.required).toEqual(expect.arrayContaining(['name', 'email', 'password', 'dateOfBirth']));
    expect(
      doc.json.paths['/api/auth/verify-email'].get.parameters.map((p: { name: string }) => p.name),
    ).toContain('token');
    expect(doc.json.paths['/api/me/photo'].put.requestBody.content).toHaveProperty('image/png');
    const page = await fetch(`${server.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/swagger/i);
  });

  it('sends security headers, with the card provider allowed in the CSP', async () => {
    const res = await fetch(`${server.baseUrl}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src[^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Taken from the first answer and set as they are on every later one, on any route.
    const names = [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'referrer-policy',
    ];
    const later = await fetch(`${server.baseUrl}/api/me`);
    expect(names.map((n) => later.headers.get(n))).toEqual(names.map((n) => res.headers.get(n)));
    expect(later.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('admits the native app and configured origins in CORS, and no others', async () => {
    for (const origin of ['capacitor://localhost', 'https://localhost']) {
      const res = await fetch(`${server.baseUrl}/api/me`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PATCH' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    }
    const evil = await fetch(`${server.baseUrl}/api/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the web build: hashed assets for a year, the HTML never cached, client routes get the app', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The club's own page is the server's (public-pages.test.ts); with ?open= it opens the app.
    for (const route of ['/', '/app/tabs/game', '/login', '/c/red-lion?open=/app/tabs/game']) {
      const page = await fetch(`${server.baseUrl}${route}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<div id="root">');
    }
    expect((await fetch(`${server.baseUrl}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${server.baseUrl}/assets/missing.js`)).status).toBe(404);
  });

  it('sends the Brotli or gzip copy of an asset to a browser that accepts it, the plain file otherwise', async () => {
    const url = `${server.baseUrl}/assets/index-abc123.js`;
    for (const [accepts, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(url, { headers: { 'accept-encoding': accepts } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toBe('console.log("app")');
    }
  });
});

describe.each(backends())('the database going away on %s', (backend) => {
  it('GET /api/health answers 503', async () => {
    const server = await startTestServer(backend);
    await server.database.close();
    const res = await server.client().get('/api/health');
    expect(res.status).toBe(503);
    expect(res.json.status).toBe('unavailable');
    await server.app.close();
    await server.smtp.close();
  });
});

describe('configuration', () => {
  it('a bad value stops start-up with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toThrow(
      /AUTH_SECRET/,
    );
  });

  it('has working defaults', () => {
    const c = loadConfig({ NODE_ENV: 'test' });
    expect(c.PORT).toBe(3000);
    expect(c.PUBLIC_URL).toBe('http://localhost:3000');
    expect(c.EXPECTED_APP_VERSION_CODE).toBe(5);
    expect(c.trustedOrigins).toEqual(expect.arrayContaining(['capacitor://localhost', 'https://localhost']));
  });
});
