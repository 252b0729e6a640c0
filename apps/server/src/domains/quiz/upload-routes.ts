import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import { QuizImageStored } from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../http/access.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { IMAGE_MAX_BYTES, processImage } from '../../lib/images.ts';
import { fileUrl, storageKey } from '../../lib/storage.ts';
import { assertQuizmaster } from './service.ts';

const maxMb = Math.round(IMAGE_MAX_BYTES / 1024 / 1024);

/**
 * A picture question's image, through the gallery's upload path (lib/images.ts: checked by its bytes,
 * turned upright, every bit of metadata dropped), kept apart from the gallery: it is not shown until
 * its question opens.
 */
export const quizImageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
  });
  app.post(
    '/api/admin/quizzes/images',
    {
      schema: {
        tags: ['admin', 'quiz'],
        summary: `Upload a picture question's image (multipart/form-data, field "file", at most ${maxMb} MB)`,
        consumes: ['multipart/form-data'],
        response: { 201: QuizImageStored, ...refusals(400, 403, 413, 415) },
      },
      config: { access: 'staff' },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      await assertQuizmaster(app.services.db, viewer);
      if (!request.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the picture as multipart/form-data, in the field "file".',
        );
      }
      const part = await request.file().catch(() => {
        throw new AppError(
          'BAD_REQUEST',
          'The upload could not be read: send the picture in the field "file".',
        );
      });
      if (part?.fieldname !== 'file') {
        part?.file.resume();
        throw new AppError('BAD_REQUEST', 'Send the picture in the form field "file".');
      }
      const bytes = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', `The picture is too large: at most ${maxMb} MB.`);
        }
        throw new AppError('BAD_REQUEST', 'The upload was cut short: try again.');
      });
      const image = await processImage(bytes);
      const imageKey = storageKey('quiz', viewer.clubId, `${randomUUID()}.webp`);
      await app.services.storage.put(imageKey, image.display.bytes, {
        contentType: image.display.contentType,
      });
      return reply.status(201).send({ imageKey, url: fileUrl(app.services.config.PUBLIC_URL, imageKey) });
    },
  );
};
