import {
  AuthStatus,
  AuthTokenResponse,
  ChangePassword,
  ErrorResponse,
  RequestPasswordReset,
  ResetPassword,
  SessionResponse,
  SignInEmail,
  SignOutResponse,
  SignUpEmail,
  VerifyEmailQuery,
} from '@lastman/api';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { AppError, errorBody } from '../lib/errors.ts';
import { sessionBinding } from '../lib/xsrf.ts';
import { clearFailedSignIns, lockedForMinutes, recordFailedSignIn } from './sign-in-failures.ts';
import { toWebHeaders } from './web-request.ts';

const SESSION_COOKIE = /^(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/** better-auth's handler mounted on Fastify, with our error shape, XSRF re-issue and account lockout. */
export async function authRoutes(app: FastifyInstance) {
  const { auth, config, db, clock, xsrf } = app.services;

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    // The catch-all takes GET and POST for every path; a documented endpoint takes only its own.
    const path = request.url.split('?')[0] ?? '';
    const allowed = documentedMethods.get(path);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (allowed && !allowed.includes(method)) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(errorBody('METHOD_NOT_ALLOWED', `${path} does not take ${request.method}.`));
    }
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
    const webHeaders = toWebHeaders(request);
    // A POST sent without a body (sign-out) is forwarded as the empty JSON object better-auth expects.
    if (request.method !== 'GET' && !request.headers['content-type']) {
      webHeaders.set('content-type', 'application/json');
    }
    const response = await auth.handler(
      new Request(new URL(request.url, config.PUBLIC_URL), {
        method: request.method,
        headers: webHeaders,
        body: request.method === 'GET' ? undefined : JSON.stringify(request.body ?? {}),
      }),
    );
    if (signInEmail) {
      if (response.status === 401) await recordFailedSignIn(db, signInEmail, clock.now());
      else if (response.ok) await clearFailedSignIns(db, signInEmail);
    }
    return relay(response, reply, xsrf);
  }

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler });

  // The main endpoints again, by name, so that the OpenAPI document describes them and their input is
  // checked as described (with the one error shape) before better-auth, which answers them, sees it.
  for (const doc of documentedAuthRoutes) {
    app.route({
      method: doc.method,
      url: `/api/auth${doc.path}`,
      schema: { tags: ['auth'], ...doc.schema },
      validatorCompiler: asDocumented as FastifySchemaCompiler<unknown>,
      serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
      handler,
    });
  }
}

/**
 * Refuses input the document does not allow, but hands better-auth the request as sent: its own
 * checks and defaults still apply (zod would strip and default fields it does not know).
 */
const asDocumented: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const result = validate(data);
    return result && typeof result === 'object' && 'error' in result && result.error
      ? result
      : { value: data };
  };
};

const failed = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };

const documentedAuthRoutes: { method: 'GET' | 'POST'; path: string; schema: FastifySchema }[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    schema: {
      summary:
        'Sign up with email and password; joins the club of clubSlug or joinCode, else the default club',
      body: SignUpEmail,
      // 422: the address already has an account.
      response: { 200: AuthTokenResponse, ...failed, 422: ErrorResponse },
    },
  },
  {
    method: 'POST',
    path: '/sign-in/email',
    schema: {
      summary: 'Sign in: sets the session cookie (browsers) and returns a bearer token (native app)',
      body: SignInEmail,
      response: { 200: AuthTokenResponse, ...failed },
    },
  },
  {
    method: 'POST',
    path: '/sign-out',
    schema: { summary: 'Sign out: ends the session', response: { 200: SignOutResponse, ...failed } },
  },
  {
    method: 'GET',
    path: '/get-session',
    schema: { summary: 'The current session and user, or null', response: { 200: SessionResponse } },
  },
  {
    method: 'POST',
    path: '/request-password-reset',
    schema: {
      summary: 'Emails a single-use password reset link (valid for an hour) if the address has an account',
      body: RequestPasswordReset,
      response: { 200: AuthStatus.extend({ message: z.string().optional() }), ...failed },
    },
  },
  {
    method: 'POST',
    path: '/reset-password',
    schema: {
      summary: "Sets a new password with the reset link's token; signs out every session",
      body: ResetPassword,
      response: { 200: AuthStatus, ...failed },
    },
  },
  {
    method: 'POST',
    path: '/change-password',
    schema: {
      summary: 'Changes the password of the signed-in user',
      body: ChangePassword,
      response: { 200: AuthTokenResponse, ...failed },
    },
  },
  {
    method: 'GET',
    path: '/verify-email',
    schema: {
      summary: "Confirms the email address with the emailed link's token, then redirects to callbackURL",
      querystring: VerifyEmailQuery,
      response: { 200: AuthStatus, 302: z.null().describe('to callbackURL'), ...failed },
    },
  },
];

const documentedMethods = new Map<string, string[]>();
for (const doc of documentedAuthRoutes) {
  const path = `/api/auth${doc.path}`;
  documentedMethods.set(path, [...(documentedMethods.get(path) ?? []), doc.method]);
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
  if (response.status >= 400) {
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
    return errorBody(parsed.code ?? codeFor(status), message ?? 'The request failed.');
  } catch {
    // Some refusals come without a body (an unknown auth path): still the one error shape.
    const fallback =
      status >= 500 ? 'Something went wrong on our side. Please try again.' : 'The request failed.';
    return errorBody(codeFor(status), text.slice(0, 200) || fallback);
  }
}

function codeFor(status: number) {
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status === 404) return 'NOT_FOUND';
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}
