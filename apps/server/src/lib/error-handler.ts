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
        const { path, message } = closestBranch(v);
        const field = [v.instancePath.replace(/^\//, '').replaceAll('/', '.'), ...path]
          .filter(Boolean)
          .join('.');
        const where = err.validationContext === 'body' ? field : `${err.validationContext}.${field}`;
        return `${where || err.validationContext}: ${message}`;
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

interface BranchIssue {
  path?: readonly PropertyKey[];
  message?: string;
}

/**
 * A body that fits none of a union's shapes ("a member, or a name") says why in the words of the
 * shape it came closest to (the fewest problems), not zod's bare "Invalid input".
 */
function closestBranch(v: { keyword?: string; message?: string; params?: unknown }): {
  path: string[];
  message: string;
} {
  const branches = (v.params as { errors?: BranchIssue[][] } | undefined)?.errors;
  if (v.keyword !== 'invalid_union' || !Array.isArray(branches) || branches.length === 0)
    return { path: [], message: v.message ?? 'is invalid' };
  const closest = [...branches].sort((a, b) => a.length - b.length)[0]?.[0];
  if (!closest?.message) return { path: [], message: v.message ?? 'is invalid' };
  return { path: (closest.path ?? []).map(String), message: closest.message };
}
