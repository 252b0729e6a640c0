import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorBody } from './errors.ts';
import { loggable } from './log-safe.ts';

/** One shape for every error: `{ error: { code, message } }`, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.detail !== undefined) {
        request.log.warn({ code: err.code, detail: loggable(err.detail) }, `refused: ${err.message}`);
      }
      return reply.status(err.statusCode).send(errorBody(err.code, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => {
        const field = [v.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('');
        const where = err.validationContext === 'body' ? field : `${err.validationContext}.${field}`;
        return `${where || err.validationContext}: ${v.message}`;
      });
      return reply.status(400).send(errorBody('VALIDATION_FAILED', `Invalid input. ${issues.join('; ')}`));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(errorBody('INVALID_JSON', 'The request body is not valid JSON.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', 'The request body is too large.'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send(errorBody('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(errorBody('TOO_MANY_REQUESTS', 'Too many requests. Please wait and try again.'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('BAD_REQUEST', err.message));
    }
    request.log.error({ err: loggable(err) }, 'request failed');
    return reply
      .status(500)
      .send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
}
