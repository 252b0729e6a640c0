import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { loggable, withoutParams } from '../../../lib/log-safe.ts';

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * better-auth's messages about a client's own mistakes, which it logs (some at error) with what the
 * client sent in them: an Origin header, a callback URL, a provider's name, Fetch Metadata headers.
 * Each is logged at info in our words, without its arguments: the client's input is not the
 * operator's error, and an attacker's text has no business in the log. Anything else it logs is
 * ours to look at, at its own level.
 */
const CLIENT_MISTAKES: [pattern: RegExp, words: string][] = [
  [/^Invalid origin\b/, 'refused: a request from an origin that is not trusted'],
  [/^Invalid (callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b/, 'refused: an untrusted $1'],
  [/^Blocked cross-site navigation login attempt/, "refused: a sign-in from another site's page"],
  // No social sign-in is configured: any provider a client names is unknown.
  [
    /^(Provider not found|Provider does not support id token|Invalid id token|Failed to get user info|OAuth provider not found)\b/,
    'refused: an unknown sign-in provider',
  ],
  [
    /^(INVALID_CALLBACK_REQUEST|State not found|Code not found|No callback URL found)\b/,
    'refused: a bad OAuth callback',
  ],
  [/^(User not found|Password not found|Invalid password)$/, 'refused: a wrong email or password'],
  [/^Reset Password: User not found$/, 'refused: a password reset for an unknown address'],
];

/**
 * better-auth's messages, into the server's log at the server's level. Left to itself, better-auth
 * prints its errors to stderr (its default logger, outside a request's context) and puts a failed
 * query's parameters (names, email addresses, hashes) in them; here they never carry those, and a
 * client's mistake is an info line without the client's words (CLIENT_MISTAKES).
 */
export function authLogger(log: FastifyBaseLogger) {
  return {
    level: 'warn' as const,
    log: (level: AuthLogLevel, message: string, ...args: unknown[]) => {
      const text = typeof message === 'string' ? message : String(message);
      for (const [pattern, words] of CLIENT_MISTAKES) {
        const match = pattern.exec(text);
        if (match) {
          log.info(`auth: ${match[0].replace(pattern, words)}`);
          return;
        }
      }
      log[level]({ args: args.map((a) => loggable(a)) }, `auth: ${withoutParams(text)}`);
    },
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
