import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { loggable, withoutParams } from '../lib/log-safe.ts';

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * better-auth's messages, into the server's log at the server's level. Left to itself, better-auth
 * prints its errors to stderr (its default logger, outside a request's context) and puts a failed
 * query's parameters (names, email addresses, hashes) in them; here they never carry those.
 */
export function authLogger(log: FastifyBaseLogger) {
  return {
    level: 'warn' as const,
    log: (level: AuthLogLevel, message: string, ...args: unknown[]) =>
      log[level]({ args: args.map((a) => loggable(a)) }, `auth: ${withoutParams(message)}`),
  };
}

/**
 * Every error an auth endpoint answers with: a refusal of the client's input (4xx) is the client's
 * business, kept at debug; anything else is ours, an error.
 */
export function logAuthError(log: FastifyBaseLogger) {
  return (error: unknown) => {
    if (isAPIError(error) && typeof error.statusCode === 'number' && error.statusCode < 500) {
      log.debug({ code: error.body?.code, status: error.statusCode }, `auth: ${error.message}`);
      return;
    }
    log.error({ err: loggable(error) }, 'auth: request failed');
  };
}
