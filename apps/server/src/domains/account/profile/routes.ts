import { DeleteAccount, Me, ProfileUpdate } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { personOf, sessionAfterStatement } from '../../../http/access.ts';
import { acceptFileBodies, fileBody } from '../../../http/file-body.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { cookieNames } from '../../../lib/cookie-names.ts';
import {
  deleteAccount,
  exportData,
  getMe,
  getMeWithKnownSession,
  PHOTO_MAX_BYTES,
  readPhoto,
  removePhoto,
  setPhoto,
  updateProfile,
} from './service.ts';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];

  app.get(
    '/api/me',
    // Every app open asks it: one round trip, its statement checking the session too.
    { schema: { tags, response: { 200: Me } }, config: { access: 'user', sessionInStatement: true } },
    async (request) => {
      const known = request.knownSession;
      if (known && request.viewer === undefined) {
        const me = await getMeWithKnownSession(app.services, known);
        if (me) return me;
        await sessionAfterStatement(request, 'user');
      }
      return getMe(app.services, personOf(request));
    },
  );

  app.patch(
    '/api/me',
    { schema: { tags, body: ProfileUpdate, response: { 200: Me } }, config: { access: 'user' } },
    async (request) => updateProfile(app.services, personOf(request), request.body),
  );

  app.get(
    '/api/me/export',
    {
      schema: {
        tags,
        summary: 'Everything the app holds about me, as one JSON file',
        response: { 200: z.object({ exportedAt: z.string() }).catchall(z.unknown()) },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const data = await exportData(app.services, personOf(request));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="lastman-my-data-${data.exportedAt.slice(0, 10)}.json"`,
        )
        .send(data);
    },
  );

  // The photo travels as the image's own bytes (Content-Type image/jpeg, image/png or image/webp).
  await app.register(async (photos) => {
    acceptFileBodies(photos, { maxBytes: PHOTO_MAX_BYTES, what: 'photo' });

    photos.put(
      '/api/me/photo',
      {
        schema: {
          tags,
          summary: 'Upload my profile photo (the image bytes: JPEG, PNG or WebP, at most 5 MB)',
          consumes: ['image/jpeg', 'image/png', 'image/webp'],
          // Checked by setPhoto (by the image's signature); here only described.
          body: fileBody('the image file'),
          response: { 200: Me },
        },
        config: { access: 'user' },
      },
      async (request) => setPhoto(app.services, personOf(request), request.body),
    );

    photos.delete(
      '/api/me/photo',
      {
        schema: { tags, summary: 'Remove my profile photo', response: { 200: Me } },
        config: { access: 'user' },
      },
      async (request) => removePhoto(app.services, personOf(request)),
    );
  });

  app.get(
    '/api/users/:id/photo',
    {
      schema: {
        tags,
        summary: "A user's profile photo (the URL in user.image)",
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: z.object({ v: z.string().max(20).optional() }),
        response: { 200: { description: 'The photo', content: { 'image/webp': { schema: z.any() } } } },
      },
      // Public by its unguessable id, as the native app's <img> carries no credentials.
      config: { access: 'public' },
    },
    async (request, reply) => {
      const photo = await readPhoto(app.services, request.params.id);
      const current = String(photo.updatedAt.getTime());
      return reply
        .header('content-type', photo.contentType)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header(
          'cache-control',
          request.query.v === current ? 'public, max-age=31536000, immutable' : 'no-cache',
        )
        .header('etag', `"${current}"`)
        .send(photo.bytes);
    },
  );

  app.delete(
    '/api/me',
    {
      schema: { tags, body: DeleteAccount, response: { 204: z.null(), ...refusals(409) } },
      config: { access: 'user' },
    },
    async (request, reply) => {
      await deleteAccount(app.services, personOf(request), request.body.password);
      // The session is gone with the account; tell the browser to forget the cookies too.
      const secure = app.services.config.PUBLIC_URL.startsWith('https://');
      reply.clearCookie(cookieNames(secure).session, { path: '/', secure });
      app.services.xsrf.issueFor(reply, '');
      return reply.status(204).send(null);
    },
  );
};
