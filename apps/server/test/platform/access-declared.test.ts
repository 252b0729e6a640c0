import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { registerAccessRules } from '../../src/http/access.ts';

// A feature that adds a route and forgets to say who may call it.
vi.mock('../../src/http/health-routes.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/http/health-routes.ts')>();
  return {
    healthRoutes: async (app: FastifyInstance) => {
      await app.register(original.healthRoutes);
      app.get('/api/forgotten', async () => ({ secret: true }));
    },
  };
});

describe('declaring access', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('the server does not start with a /api route that declares no access rule', async () => {
    database = openDatabase({ inMemory: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
    });
    await expect(buildApp({ config, database, logger: false })).rejects.toThrow(
      'GET /api/forgotten declares no access rule: add config.access (public | user | member | staff | admin | platform).',
    );
  });

  it('refuses an access level it does not know, and lists a route outside /api only when it declares one', async () => {
    const app = Fastify({ logger: false });
    registerAccessRules(app);
    app.get('/not-api', async () => ({}));
    app.get('/api/declared', { config: { access: 'member' } }, async () => ({}));
    app.get('/c/:slug', { config: { access: 'public' } }, async () => ({}));
    // @ts-expect-error: the type allows only the known levels; plain JavaScript could pass another.
    expect(() => app.get('/api/x', { config: { access: 'everyone' } }, async () => ({}))).toThrow(
      'GET /api/x declares no access rule',
    );
    expect(app.accessTable).toEqual([
      { method: 'GET', url: '/api/declared', access: 'member' },
      { method: 'HEAD', url: '/api/declared', access: 'member' },
      { method: 'GET', url: '/c/:slug', access: 'public' },
      { method: 'HEAD', url: '/c/:slug', access: 'public' },
    ]);
    await app.close();
  });

  it("guards a prefixed plugin's '/' route at both of the addresses Fastify gives it", async () => {
    const app = Fastify({ logger: false });
    registerAccessRules(app);
    app.decorateRequest('viewer', undefined);
    app.decorate('services', {
      // No session anywhere: every caller is anonymous.
      sessions: async () => null,
    } as unknown as FastifyInstance['services']);
    await app.register(
      async (things) => {
        things.get('/', { config: { access: 'admin' } }, async () => ({ secret: true }));
      },
      { prefix: '/api/things' },
    );
    expect(app.accessTable.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/things',
      'GET /api/things/',
      'HEAD /api/things',
      'HEAD /api/things/',
    ]);
    for (const url of ['/api/things', '/api/things/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    await app.close();
  });
});
