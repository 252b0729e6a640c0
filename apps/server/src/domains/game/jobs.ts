import type { FastifyInstance } from 'fastify';
import { importBundledSeasons } from './football/bundled.ts';
import { startFootballDataSync } from './football/football-data.ts';
import { startOpenfootballFeed } from './football/openfootball-feed.ts';
import { publishFeedChanges, publishResults } from './live/feed-events.ts';
import { notifyFeedMatchAlerts } from './live/match-alerts.ts';
import { startSettlementWorker } from './settlement/worker.ts';

type Stoppable = { stop(): unknown };

/**
 * The game's work in a serving process, started once the app is ready and stopped when it closes:
 * the bundled seasons imported where missing (from the files alone, no network), the settlement
 * worker (locks and settles rounds by the server clock; advisory locks make it safe in every
 * process), football-data.org's sync when its token is set (the source of live scores), and the
 * openfootball feed (the current season's fixtures and results, free and with no key).
 */
export function runGameJobs(app: FastifyInstance): void {
  const running: Stoppable[] = [];
  app.addHook('onReady', async () => {
    const { services } = app;
    const { config, db, clock, events, registries } = services;
    const imported = await importBundledSeasons(db);
    if (imported.length > 0)
      app.log.info({ seasons: imported.map((s) => s.key) }, 'bundled seasons imported');
    const settlement = startSettlementWorker({ db, clock, registries, events, log: app.log });
    running.push(settlement);
    if (config.FOOTBALL_DATA_TOKEN) {
      running.push(
        startFootballDataSync({
          db,
          source: {
            token: config.FOOTBALL_DATA_TOKEN,
            baseUrl: config.FOOTBALL_DATA_URL,
            competition: config.FOOTBALL_DATA_COMPETITION,
            ...(config.FOOTBALL_DATA_SEASON !== undefined && { season: config.FOOTBALL_DATA_SEASON }),
          },
          intervalMs: config.FOOTBALL_DATA_SYNC_MINUTES * 60_000,
          now: () => clock.now(),
          // Open screens hear each live score at once, and after each match-day sync fetch the round again.
          onLive: async (changes) => {
            await publishFeedChanges(events, changes);
            await notifyFeedMatchAlerts(services, changes);
          },
          afterSync: async (summary) => {
            await settlement.kick();
            if (summary.matchDay) await publishResults(events, summary.seasonId);
          },
          log: app.log,
        }),
      );
    }
    if (config.OPENFOOTBALL_URL !== 'off') {
      running.push(
        startOpenfootballFeed({
          services,
          baseUrl: config.OPENFOOTBALL_URL,
          intervalMs: config.OPENFOOTBALL_POLL_SECONDS * 1000,
          afterUpdate: () => settlement.kick(),
          log: app.log,
        }),
      );
    }
  });
  // The feeds first, then the settlement worker they kick (it finishes the pass it is in).
  app.addHook('onClose', async () => {
    for (const job of running.reverse()) await job.stop();
  });
}
