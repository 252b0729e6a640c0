import {
  Club,
  ClubClose,
  ClubCreate,
  ClubCreated,
  ClubExportQuery,
  ClubIdParams,
  ClubJoin,
  ClubQuery,
  ClubSettings,
  ClubSettingsUpdate,
  ClubSetup,
  ClubSlugParams,
  ClubSwitch,
  InvitationTokenParams,
  InvitationView,
  LOGO_MAX_BYTES,
  Membership,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personOf, viewerOf } from '../../http/access.ts';
import { currentViewer } from '../../http/guards.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { errorBody } from '../../lib/errors.ts';
import { clubExport } from './export.ts';
import {
  acceptInvitation,
  closeClub,
  clubForViewer,
  clubSettings,
  clubSetup,
  createClub,
  describeInvitation,
  joinClub,
  leaveClub,
  readLogo,
  renewJoinCode,
  setLogo,
  switchClub,
  updateClubSettings,
} from './service.ts';

export const clubRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/club',
    {
      schema: { tags: ['clubs'], querystring: ClubQuery, response: { 200: Club, ...refusals(404) } },
      // The viewer, when there is one, only chooses which club to show by default.
      config: { access: 'public' },
    },
    async (request) => {
      const viewer = await currentViewer(request);
      return clubForViewer(app.services.db, {
        slug: request.query.slug,
        userClubId: viewer?.clubId,
        defaultSlug: app.services.config.DEFAULT_CLUB,
      });
    },
  );

  // Tenants: a club signs up; joining, switching, leaving; settings; invitations.
  const tags = ['clubs'];
  app.post(
    '/api/clubs',
    {
      schema: {
        tags,
        summary: 'Start a club: the caller becomes its admin and acts in it',
        body: ClubCreate,
        response: { 201: ClubCreated, ...refusals(409) },
      },
      config: { access: 'user' },
      // A few clubs a day per person (http/rate-limits.ts).
      preHandler: (request, reply) => app.services.limits.beforeClubStart(request, reply),
    },
    async (request, reply) =>
      reply.status(201).send(await createClub(app.services, personOf(request), request.body)),
  );

  app.post(
    '/api/me/clubs',
    {
      schema: {
        tags,
        summary: 'Join another club as a player, by its join code or (where it allows) its link',
        body: ClubJoin,
        response: { 200: Membership, ...refusals(404) },
      },
      config: { access: 'user' },
    },
    async (request) => joinClub(app.services, personOf(request), request.body),
  );

  app.put(
    '/api/me/club',
    {
      schema: {
        tags,
        summary: 'Act in another of my clubs (this session, and my next sign-in)',
        body: ClubSwitch,
        response: { 204: z.null(), ...refusals(404) },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      await switchClub(app.services, personOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/me/clubs/:clubId',
    {
      schema: {
        tags,
        summary: 'Leave a club (my account, and my entries and orders there, stay)',
        params: ClubIdParams,
        response: { 204: z.null(), ...refusals(404, 409) },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      await leaveClub(app.services, personOf(request), request.params);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        tags,
        summary:
          "What an invitation link offers: the club's name and colours, the role, and whether it is still open",
        params: InvitationTokenParams,
        response: { 200: InvitationView, ...refusals(404) },
      },
      // The token is the secret: whoever holds the link may see whose club it is, before signing in.
      config: { access: 'public' },
    },
    async (request) => describeInvitation(app.services, request.params),
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation link: become a member with its role, and act in that club',
        params: InvitationTokenParams,
        response: { 200: Membership, ...refusals(404, 409) },
      },
      config: { access: 'user' },
    },
    async (request) => acceptInvitation(app.services, personOf(request), request.params),
  );

  app.get(
    '/api/admin/club',
    { schema: { tags: ['admin'], response: { 200: ClubSettings } }, config: { access: 'admin' } },
    async (request) => clubSettings(app.services, viewerOf(request)),
  );

  app.get(
    '/api/admin/club/setup',
    {
      schema: {
        tags: ['admin'],
        summary: "A new club's set-up checklist, each step ticked from the club's own state",
        response: { 200: ClubSetup },
      },
      config: { access: 'admin' },
    },
    async (request) => clubSetup(app.services, viewerOf(request)),
  );

  // One PATCH for the club's settings (tenants) and its details on the Club tab.
  app.patch(
    '/api/admin/club',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Change the club's name, colours, logo (removal), join policy, address, opening hours, phone or contact email",
        body: ClubSettingsUpdate,
        response: { 200: ClubSettings },
      },
      config: { access: 'admin' },
    },
    async (request) => updateClubSettings(app.services, viewerOf(request), request.body),
  );

  app.post(
    '/api/admin/club/join-code',
    {
      schema: {
        tags: ['admin'],
        summary: 'A new join code: the old one stops working',
        response: { 200: ClubSettings },
      },
      config: { access: 'admin' },
    },
    async (request) => renewJoinCode(app.services, viewerOf(request)),
  );

  app.post(
    '/api/admin/club/close',
    {
      schema: {
        tags: ['admin'],
        summary: 'Close the club (its records are kept)',
        body: ClubClose,
        response: { 204: z.null(), ...refusals(409) },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      await closeClub(app.services, viewerOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/club/export',
    {
      schema: {
        tags: ['admin'],
        summary: "The club's data: one JSON file, or a zip of CSV files (format=csv)",
        querystring: ClubExportQuery,
        response: {
          200: {
            description: 'The JSON file; with format=csv, a zip file of CSV files',
            content: {
              'application/json': { schema: z.object({ exportedAt: z.string() }).catchall(z.unknown()) },
              'application/zip': { schema: z.any() },
            },
          },
        },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      const file = await clubExport(app.services, viewerOf(request), request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body as never);
    },
  );

  app.get(
    // By the club's slug, as the events' calendar feed is (/api/clubs/:slug/calendar.ics).
    '/api/clubs/:slug/logo',
    {
      schema: {
        tags,
        summary: "A club's logo (the URL in club.logoUrl)",
        params: ClubSlugParams,
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: { 200: { description: 'The logo', content: { 'image/webp': { schema: z.any() } } } },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const logo = await readLogo(app.services, request.params);
      const current = String(logo.updatedAt.getTime());
      return reply
        .header('content-type', logo.contentType)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header(
          'cache-control',
          request.query.v === current ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        .header('etag', `"${current}"`)
        .send(logo.bytes);
    },
  );

  // The logo travels as the image's own bytes, like the profile photo.
  await app.register(async (logos) => {
    logos.removeAllContentTypeParsers();
    logos.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    logos.setErrorHandler((err: { code?: string }, _request, reply) => {
      if (err.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err;
      return reply
        .status(413)
        .send(
          errorBody(
            'PAYLOAD_TOO_LARGE',
            `The logo is too large: at most ${LOGO_MAX_BYTES / 1024 / 1024} MB.`,
          ),
        );
    });
    logos.put(
      '/api/admin/club/logo',
      {
        schema: {
          tags: ['admin'],
          summary: "Upload the club's logo (the image bytes: JPEG, PNG or WebP, at most 5 MB)",
          consumes: ['image/jpeg', 'image/png', 'image/webp'],
          body: z.any().meta({ type: 'string', format: 'binary', description: 'the image file' }),
          response: { 200: ClubSettings },
        },
        config: { access: 'admin' },
      },
      async (request) => setLogo(app.services, viewerOf(request), request.body),
    );
  });
};
