import type { FastifyPluginAsync } from 'fastify';
import { ensureClub } from '../domains/club/service.ts';
import { DEMO_CLUB_SLUG, seedDemo } from './demo.ts';
import { refreshDemoContent } from './demo-content.ts';

/**
 * The clubs a serving process starts with, before its jobs: the demo club on an embedded database's
 * first start or when asked (SEED_DEMO; never by default on PostgreSQL), its coming month made again
 * from today on every start, and the default club.
 */
export const startingClubs: FastifyPluginAsync<{ demo: boolean }> = async (app, { demo }) => {
  app.addHook('onReady', async () => {
    const { services } = app;
    if (demo) {
      if (await seedDemo(services.db, services.auth)) app.log.info('demo club "The Red Lion" created');
      await refreshDemoContent(services, DEMO_CLUB_SLUG);
    }
    await ensureClub(services.db, services.config.DEFAULT_CLUB);
  });
};
