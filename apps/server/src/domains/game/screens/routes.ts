import {
  ScreenCurrentQuery,
  ScreenIdParams,
  ScreenList,
  ScreenPair,
  ScreenPaired,
  ScreenStart,
  ScreenState,
} from '@lastman/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { closedOnShutdown, serveLiveStream } from '../live/stream.ts';
import {
  clubScreensOf,
  currentScreen,
  pairClubScreen,
  pairedScreenClub,
  startScreen,
  unpairScreen,
} from './service.ts';

/** The screen device's token: HttpOnly, sent only to the screen's own endpoints. */
export const SCREEN_COOKIE = 'lastman-screen';
const SCREEN_COOKIE_PATH = '/api/screens';
/** A year: a TV paired at the start of the season stays paired through it. */
const SCREEN_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['game'];
  const adminTags = ['admin', 'game'];
  const deviceTokenOf = (request: FastifyRequest): string | undefined => request.cookies[SCREEN_COOKIE];
  const keepToken = (reply: FastifyReply, token: string) =>
    reply.setCookie(SCREEN_COOKIE, token, {
      path: SCREEN_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: app.services.config.PUBLIC_URL.startsWith('https://'),
      maxAge: SCREEN_COOKIE_MAX_AGE,
    });

  app.post(
    '/api/screens',
    {
      schema: {
        tags,
        summary:
          "A TV screen's page starts: this device's screen as it stands (paired: the board), else a new pairing code to show",
        body: ScreenStart,
        response: { 200: ScreenState, ...refusals(404, 429) },
      },
      // The device is not signed in: its HttpOnly cookie (set here) is what it holds.
      config: { access: 'public' },
      preHandler: (request, reply) => app.services.limits.beforeScreenStart(request, reply),
    },
    async (request, reply) => {
      const { state, deviceToken } = await startScreen(app.services, {
        club: request.body.club,
        deviceToken: deviceTokenOf(request),
      });
      keepToken(reply, deviceToken);
      return state;
    },
  );

  app.get(
    '/api/screens/current',
    {
      schema: {
        tags,
        summary:
          'What this TV screen shows now (by its device cookie): still waiting for its code to be entered, or the club board',
        querystring: ScreenCurrentQuery,
        response: { 200: ScreenState, ...refusals(404) },
      },
      config: { access: 'public' },
    },
    async (request) =>
      currentScreen(app.services, { club: request.query.club, deviceToken: deviceTokenOf(request) }),
  );

  const streams = closedOnShutdown(app);
  app.get(
    '/api/screens/current/live',
    {
      schema: {
        tags: [...tags, 'live'],
        summary:
          "The club's live events for this paired TV screen (by its device cookie), as Server-Sent Events",
        description:
          "The same stream as `GET /api/live` for the screen's club: a comment at once, then `live-score`, `results` and `resync` events and a heartbeat comment at least every 15 s; `Last-Event-ID` on reconnecting replays what was missed. Each event tells the screen to fetch its board again.",
        querystring: ScreenCurrentQuery,
        headers: z.object({ 'last-event-id': z.string().max(200).optional() }),
        response: {
          200: { content: { 'text/event-stream': { schema: z.string() } } },
          ...refusals(404, 429, 503),
        },
      },
      // The device is not signed in: its cookie, scoped to /api/screens, is what it holds.
      config: { access: 'public' },
    },
    async (request, reply) => {
      const audience = await pairedScreenClub(app.services, {
        club: request.query.club,
        deviceToken: deviceTokenOf(request),
      });
      if (request.method === 'HEAD') return reply.type('text/event-stream; charset=utf-8').send('');
      return serveLiveStream(app.services.events, audience, request, reply, streams);
    },
  );

  app.post(
    '/api/admin/screens/pair',
    {
      schema: {
        tags: adminTags,
        summary: "Pair the club's TV screen showing this code",
        body: ScreenPair,
        response: { 201: ScreenPaired, ...refusals(404) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(201).send(await pairClubScreen(app.services, viewerOf(request), request.body)),
  );

  app.get(
    '/api/admin/screens',
    { schema: { tags: adminTags, response: { 200: ScreenList } }, config: { access: 'admin' } },
    async (request) => clubScreensOf(app.services, viewerOf(request)),
  );

  app.delete(
    '/api/admin/screens/:id',
    {
      schema: {
        tags: adminTags,
        summary: 'Unpair a TV screen: it shows a new pairing code instead of the club',
        params: ScreenIdParams,
        response: { 204: z.null(), ...refusals(404) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await unpairScreen(app.services, viewerOf(request), { screenId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
