import {
  AuthStatus,
  AuthTokenResponse,
  ChangePassword,
  ErrorResponse,
  PasskeySignIn,
  PasskeySignInOptions,
  PhoneCodeCheck,
  PhoneCodeRequest,
  PhoneCodeSent,
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
import type { Access } from '../../../http/access.ts';
import { RESET_EMAIL_HELD_HEADER, toWebHeaders } from '../../../http/web-request.ts';
import { errorBody } from '../../../lib/errors.ts';
import { sessionBinding } from '../../../lib/xsrf.ts';

// The session cookie as better-auth sets it: `__Host-` behind https (lib/cookie-names.ts).
const SESSION_COOKIE = /^(?:__Host-)?better-auth\.session_token=([^;]*)/;

/** better-auth's handler mounted on Fastify, with our error shape, XSRF re-issue and rate limits. */
export async function authRoutes(app: FastifyInstance) {
  const { auth, config, xsrf, limits, devices } = app.services;

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    // The path as routed (percent-decoded), so that the limits and better-auth see the same endpoint.
    const path = authPathOf(request);
    // Fastify answers HEAD with the GET route; better-auth knows only GET. (The catch-all takes GET and
    // POST for every path; a documented endpoint's other methods are refused with 405 before this, by
    // refuseUnsupportedMethods in http/openapi-errors.ts.)
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const gate = await limits.beforeAuth(request, reply, path);
    const query = request.url.indexOf('?');
    const webHeaders = toWebHeaders(request);
    if (gate.holdResetEmail) webHeaders.set(RESET_EMAIL_HELD_HEADER, '1');
    // A POST sent without a body (sign-out) is forwarded as the empty JSON object better-auth expects.
    if (method !== 'GET' && !request.headers['content-type']) {
      webHeaders.set('content-type', 'application/json');
    }
    const response = await auth.handler(
      new Request(
        new URL(`${AUTH_BASE}${path}${query >= 0 ? request.url.slice(query) : ''}`, config.PUBLIC_URL),
        {
          method,
          headers: webHeaders,
          // A web Request with GET (or HEAD) takes no body.
          body: method === 'GET' ? undefined : JSON.stringify(request.body ?? {}),
        },
      ),
    );
    await gate.after(response.status);
    if (signInPaths.has(path) && response.ok) {
      // The device now knows the account: its password sign-ins are not throttled by strangers'.
      const email = await signedInEmail(response);
      if (email) devices.issue(request, reply, email);
    }
    return relay(response, reply, xsrf);
  }

  // better-auth checks the session of the endpoints that need one, and answers 401 itself.
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE}/*`,
    schema: { hide: true },
    config: { access: 'public' },
    handler,
  });

  // The main endpoints again, by name, so that the OpenAPI document describes them and their input is
  // checked as described (with the one error shape) before better-auth, which answers them, sees it.
  for (const doc of documentedAuthRoutes) {
    app.route({
      method: doc.method,
      url: `/api/auth${doc.path}`,
      schema: { tags: ['auth'], ...doc.schema },
      config: { access: doc.access },
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

const documentedAuthRoutes: {
  method: 'GET' | 'POST';
  path: string;
  access: Access;
  schema: FastifySchema;
}[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    access: 'public',
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
    access: 'public',
    schema: {
      summary: 'Sign in: sets the session cookie (browsers) and returns a bearer token (native app)',
      body: SignInEmail,
      response: { 200: AuthTokenResponse, ...failed },
    },
  },
  {
    method: 'POST',
    path: '/sign-out',
    access: 'public',
    schema: { summary: 'Sign out: ends the session', response: { 200: SignOutResponse, ...failed } },
  },
  {
    method: 'GET',
    path: '/get-session',
    access: 'public',
    schema: { summary: 'The current session and user, or null', response: { 200: SessionResponse } },
  },
  {
    method: 'POST',
    path: '/request-password-reset',
    access: 'public',
    schema: {
      summary: 'Emails a single-use password reset link (valid for an hour) if the address has an account',
      body: RequestPasswordReset,
      response: { 200: AuthStatus.extend({ message: z.string().optional() }), ...failed },
    },
  },
  {
    method: 'POST',
    path: '/reset-password',
    access: 'public',
    schema: {
      summary: "Sets a new password with the reset link's token; signs out every session",
      body: ResetPassword,
      response: { 200: AuthStatus, ...failed },
    },
  },
  {
    method: 'POST',
    path: '/change-password',
    access: 'user',
    schema: {
      summary: 'Changes the password of the signed-in user',
      body: ChangePassword,
      response: { 200: AuthTokenResponse, ...failed },
    },
  },
  {
    method: 'GET',
    path: '/verify-email',
    access: 'public',
    schema: {
      summary: "Confirms the email address with the emailed link's token, then redirects to callbackURL",
      querystring: VerifyEmailQuery,
      response: {
        200: {
          description: 'Confirmed (JSON); or, once the redirect to callbackURL is followed, its page',
          content: { 'application/json': { schema: AuthStatus }, 'text/html': { schema: z.string() } },
        },
        302: z.null().describe('to callbackURL'),
        ...failed,
      },
    },
  },
  // Passkeys and phone codes: auth/sign-in-methods.ts.
  {
    method: 'POST',
    path: '/sign-in/passkey/options',
    access: 'public',
    schema: {
      summary: 'Starts a passkey sign-in: the options for navigator.credentials.get (valid 5 minutes)',
      response: { 200: PasskeySignInOptions, ...failed },
    },
  },
  {
    method: 'POST',
    path: '/sign-in/passkey',
    access: 'public',
    schema: {
      summary: "Signs in with the passkey's answer to the options' challenge",
      body: PasskeySignIn,
      response: { 200: AuthTokenResponse, ...failed },
    },
  },
  {
    method: 'POST',
    path: '/sign-in/phone/send-code',
    access: 'public',
    schema: {
      summary:
        'Texts a 6-digit sign-in code to the number if it is confirmed on an account (the answer is the same either way)',
      body: PhoneCodeRequest,
      response: { 200: PhoneCodeSent, ...failed },
    },
  },
  {
    method: 'POST',
    path: '/sign-in/phone',
    access: 'public',
    schema: {
      summary: 'Signs in with the code texted to the number; 5 wrong codes lock the code',
      body: PhoneCodeCheck,
      response: { 200: AuthTokenResponse, ...failed },
    },
  },
];

const AUTH_BASE = '/api/auth';

/** The endpoints whose success signs a person in on this device (and so leaves a device cookie). */
const signInPaths = new Set(['/sign-in/email', '/sign-up/email', '/sign-in/passkey', '/sign-in/phone']);

/** The email address of the account a sign-in's answer (`{ token, user }`) signed in, if any. */
async function signedInEmail(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { user?: { email?: unknown } };
    return typeof body.user?.email === 'string' ? body.user.email : undefined;
  } catch {
    return undefined;
  }
}

/** better-auth's endpoint path (`/sign-in/email`) of the route matched. */
function authPathOf(request: FastifyRequest): string {
  const route = request.routeOptions.url ?? '';
  if (route.endsWith('/*')) return `/${(request.params as { '*'?: string })['*'] ?? ''}`;
  return route.slice(AUTH_BASE.length);
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
  // Nothing (a redirect) stays nothing: not a JSON null.
  return reply.send(text === '' ? undefined : text);
}

/** Plainer words for better-auth's terse messages, by its error code. */
const clearerMessages: Record<string, string> = {
  INVALID_ORIGIN:
    'This request came from another site, which may not act on your account here. Open the app at its own address and try again.',
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
