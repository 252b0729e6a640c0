import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody } from '../lib/errors.ts';
import { sessionBinding } from '../lib/xsrf.ts';
import { clearFailedSignIns, lockedForMinutes, recordFailedSignIn } from './sign-in-failures.ts';
import { toWebHeaders } from './web-request.ts';

const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/** better-auth's handler mounted on Fastify, with our error shape, XSRF re-issue and account lockout. */
export async function authRoutes(app: FastifyInstance) {
  const { auth, config, db, clock, xsrf } = app.services;

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const signInEmail = signInAttemptEmail(request);
      if (signInEmail) {
        const minutes = await lockedForMinutes(db, signInEmail, clock.now());
        if (minutes > 0) {
          throw new AppError(
            'TOO_MANY_REQUESTS',
            `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          );
        }
      }
      const response = await auth.handler(
        new Request(new URL(request.url, config.PUBLIC_URL), {
          method: request.method,
          headers: toWebHeaders(request),
          body: request.method === 'GET' ? undefined : JSON.stringify(request.body ?? {}),
        }),
      );
      if (signInEmail) {
        if (response.status === 401) await recordFailedSignIn(db, signInEmail, clock.now());
        else if (response.ok) await clearFailedSignIns(db, signInEmail);
      }
      return relay(response, reply, xsrf);
    },
  });
}

function signInAttemptEmail(request: FastifyRequest): string | null {
  if (request.method !== 'POST' || !request.url.startsWith('/api/auth/sign-in/email')) return null;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : null;
}

async function relay(response: Response, reply: FastifyReply, xsrf: FastifyInstance['services']['xsrf']) {
  reply.status(response.status);
  let newSession: string | undefined;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) {
    reply.header('set-cookie', cookie);
    const match = SESSION_COOKIE.exec(cookie);
    if (match) newSession = /max-age=0/i.test(cookie) || match[1] === '' ? '' : (match[1] ?? '');
  }
  // A new or ended session gets a new XSRF token bound to it (sign-in, sign-up, sign-out).
  if (newSession !== undefined) xsrf.issueFor(reply, newSession ? sessionBinding(newSession) : '');

  const text = await response.text();
  if (response.status >= 400 && text) {
    return reply.header('content-type', 'application/json').send(normaliseError(response.status, text));
  }
  return reply.send(text === '' ? null : text);
}

/** Plainer words for better-auth's terse messages, by its error code. */
const clearerMessages: Record<string, string> = {
  INVALID_TOKEN: 'This link has expired or has already been used. Please ask for a new one.',
};

/** better-auth answers `{ code, message }`; our API answers `{ error: { code, message } }`. */
function normaliseError(status: number, text: string) {
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    const message =
      (parsed.code && clearerMessages[parsed.code]) ||
      (parsed.message ? parsed.message.replace(/^\[body\.(\w+)\]/, 'Invalid input. $1:') : undefined);
    return errorBody(
      parsed.code ?? (status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST'),
      message ?? 'The request failed.',
    );
  } catch {
    return errorBody(status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST', text.slice(0, 200));
  }
}
