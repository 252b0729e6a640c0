import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../lib/errors.ts';
import { isStorageKey, STORAGE_KEY_MAX } from '../lib/storage.ts';
import { refusals } from './openapi-errors.ts';

/**
 * Uploaded files (gallery photos, event and menu pictures, menu PDFs), served from the storage
 * by key (lib/storage.ts's fileUrl). A key names one object for good, so a file is cached for a
 * year; public by its unguessable key, as an <img> in the native app carries no credentials.
 * Every file is served sandboxed: opened in the browser as a page of its own (a PDF, an SVG, a file
 * that claims to be one thing and is another), it runs no script and reaches nothing of the app's.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/files/*',
    {
      schema: {
        tags: ['files'],
        // A wildcard path has no place in the document (each key is a file, not an operation).
        hide: true,
        summary: 'An uploaded file (a photo, a picture, a PDF), by its storage key',
        params: z.object({ '*': z.string().min(1).max(STORAGE_KEY_MAX) }),
        response: {
          200: z.any().describe('The file itself, in its own content type'),
          304: z.null().describe('Not modified: the copy the caller holds is current'),
          ...refusals(404),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const key = request.params['*'];
      if (!isStorageKey(key)) throw notFound('This file');
      const file = await app.services.storage.stream(key);
      if (!file) throw notFound('This file');
      reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('content-security-policy', 'sandbox')
        .header('x-content-type-options', 'nosniff')
        .header('etag', `"${key.replace(/[^A-Za-z0-9._-]/g, '-')}"`);
      if (file.size !== undefined) reply.header('content-length', file.size);
      if (request.headers['if-none-match'] === reply.getHeader('etag')) {
        file.body.destroy();
        return reply.status(304).send(null);
      }
      return reply.send(file.body);
    },
  );
};
