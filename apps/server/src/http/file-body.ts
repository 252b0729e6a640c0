import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorBody } from '../lib/errors.ts';

/**
 * Makes `scope` take each request's body as the file's own bytes, whatever its declared type (the
 * service checks the bytes), and refuse one over `maxBytes` with a 413 that names what was sent:
 * "The picture is too large: at most 5 MB."
 */
export function acceptFileBodies(
  scope: FastifyInstance,
  { maxBytes, what }: { maxBytes: number; what: string },
) {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
    done(null, body),
  );
  scope.setErrorHandler((err: { code?: string }, _request, reply) => {
    if (err.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err;
    const message = `The ${what} is too large: at most ${maxBytes / 1024 / 1024} MB.`;
    return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', message));
  });
}

/** The OpenAPI description of a file sent as the body. */
export const fileBody = (description: string) =>
  z.any().meta({ type: 'string', format: 'binary', description });
