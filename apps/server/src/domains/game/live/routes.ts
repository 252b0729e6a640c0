import {
  CompetitionIdParams,
  CompetitionLive,
  DemoRoundRequest,
  DemoRoundStarted,
  FixtureIdParams,
  LiveConnections,
  LiveFixture,
  LiveScoreUpdate,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { playDemoRound } from './demo-match-day.ts';
import { competitionLive, setLiveScore } from './service.ts';
import { closedOnShutdown, serveLiveStream } from './stream.ts';

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['live'];
  const streams = closedOnShutdown(app);

  app.get(
    '/api/live',
    {
      schema: {
        tags,
        summary: "Live events of the member's club, as Server-Sent Events",
        description:
          'A comment at once, then `live-score`, `results` and `resync` events (each `data:` a LiveEvent as JSON) and a heartbeat comment at least every 15 s. Send `Last-Event-ID` on reconnecting to receive the events missed; `resync` means fetch again.',
        headers: z.object({ 'last-event-id': z.string().max(200).optional() }),
        // No `produces`: its refusals (401) are JSON like every other route's.
        response: {
          200: { content: { 'text/event-stream': { schema: z.string() } } },
          ...refusals(429, 503),
        },
      },
      config: { access: 'member' },
    },
    async (request, reply) => {
      // HEAD: the stream's headers only.
      if (request.method === 'HEAD') return reply.type('text/event-stream; charset=utf-8').send('');
      return serveLiveStream(app.services.events, viewerOf(request), request, reply, streams);
    },
  );

  app.get(
    '/api/admin/live/connections',
    {
      schema: {
        tags: ['admin', ...tags],
        summary: "The club's live streams held open by the server process that answers",
        description:
          'Each server process counts its own: behind a load balancer, ask each process (its own address) for the whole.',
        response: { 200: LiveConnections },
      },
      config: { access: 'admin' },
    },
    async (request) => ({ connections: app.services.events.connections.count(viewerOf(request).clubId) }),
  );

  app.get(
    '/api/competitions/:id/live',
    {
      schema: {
        tags: ['competitions', ...tags],
        summary: "Each entry's state as the scores stand, with the round's live scores and the counts",
        params: CompetitionIdParams,
        response: { 200: CompetitionLive },
      },
      config: { access: 'member' },
    },
    async (request) => competitionLive(app.services, viewerOf(request), { competitionId: request.params.id }),
  );

  app.put(
    '/api/admin/fixtures/:id/live-score',
    {
      schema: {
        tags: ['admin', 'football', ...tags],
        summary: 'Enter the live score of a match being played, for the club (shown, never settled)',
        params: FixtureIdParams,
        body: LiveScoreUpdate,
        response: { 200: LiveFixture, ...refusals(404, 409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      setLiveScore(app.services, viewerOf(request), { fixtureId: request.params.id, score: request.body }),
  );

  app.post(
    '/api/admin/live/demo-round',
    {
      schema: {
        tags: ['admin', ...tags],
        summary:
          "The demo: play the running competition's next round live, sped up, from a local stand-in of football-data.org",
        description:
          "The demo club's admins only (403 elsewhere), and only while no other club has a competition on the demo season's round it would play (409).",
        body: DemoRoundRequest,
        response: { 200: DemoRoundStarted, ...refusals(403, 409) },
      },
      config: { access: 'admin' },
    },
    async (request) =>
      playDemoRound(app.services, viewerOf(request), {
        ...(request.body.playSeconds !== undefined && { playMs: request.body.playSeconds * 1000 }),
        log: app.log,
      }),
  );
};
