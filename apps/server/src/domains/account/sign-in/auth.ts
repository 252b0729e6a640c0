import {
  ageOn,
  IsoDate,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  MIN_SIGN_UP_AGE,
  PhoneNumber,
} from '@lastman/api';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import {
  CLIENT_IP_HEADER,
  REQUEST_ORIGIN_HEADER,
  RESET_EMAIL_HELD_HEADER,
} from '../../../http/web-request.ts';
import type { Clock } from '../../../lib/clock.ts';
import { cookieNames } from '../../../lib/cookie-names.ts';
import type { Mailer } from '../../../lib/mailer.ts';
import { isNameOnlyEmail } from '../../../lib/name-only.ts';
import { passwordProblem } from '../../../lib/password-policy.ts';
import type { SmsSender } from '../../../lib/sms.ts';
import { insertMembership, resolveSignUpClub } from '../../club/index.ts';
// better-auth's own tables: user, session, account and verification.
import * as schema from '../schema.ts';
import { authLogger, logAuthError } from './auth-log.ts';
import { accountEmails } from './emails.ts';
import { signInMethods } from './sign-in-methods.ts';

/** Sessions last 30 days, extended at most once a day (seconds, as better-auth takes them). */
export const SESSION_AGES = { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 };

const passwordPaths = new Set(['/sign-up/email', '/reset-password', '/change-password']);

/** The club each sign-up request joins (null: none, the newcomer is starting their own). */
const signUpClub = new WeakMap<Request, string | null>();

export function createAuth(opts: {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Phone-code sign-in texts through it; without it, that way of signing in is off. */
  sms?: SmsSender;
}) {
  const { config, db, mailer, clock, log, sms } = opts;
  const secureCookies = config.PUBLIC_URL.startsWith('https://');
  const emails = accountEmails(config);

  return betterAuth({
    appName: 'Lastman',
    logger: authLogger(log),
    onAPIError: { onError: logAuthError(log) },
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    // The configured origins, and the request's own: same-origin is never cross-site (web-request.ts).
    trustedOrigins: (request) => {
      const own = request?.headers.get(REQUEST_ORIGIN_HEADER);
      return own ? [...config.trustedOrigins, own] : config.trustedOrigins;
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema,
      transaction: true,
    }),
    user: {
      additionalFields: {
        phoneNumber: { type: 'string', required: false, input: true },
        dateOfBirth: { type: 'string', required: true, input: true },
        isAnonymous: { type: 'boolean', required: false, input: false, defaultValue: false },
        // The club a new session starts in (db/acting-club.ts); the membership is its own row.
        lastClubId: { type: 'string', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: the answer must not take longer for an address that exists (better-auth's advice).
      // Held by the rate limits when the address has had its share: the answer stays the same.
      sendResetPassword: async ({ user, url }, request) => {
        if (request?.headers.get(RESET_EMAIL_HELD_HEADER)) return;
        mailer.sendLater(emails.resetPassword(user, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) =>
        mailer.sendLater(emails.verifyEmail(user, landingAfterVerification(url))),
    },
    session: SESSION_AGES,
    // Every limit, these endpoints' included, is counted in one place: http/rate-limits.ts.
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its origin check under NODE_ENV=test; the tests must meet the real one.
      disableOriginCheck: false,
      // Over https: `__Host-` names (lib/cookie-names.ts), which better-auth's own secure prefix
      // (`__Secure-`, which a sibling site may still set) would be put in front of: so it is off,
      // and every cookie is marked Secure instead.
      ...(secureCookies && {
        useSecureCookies: false,
        defaultCookieAttributes: { secure: true, path: '/' },
        cookies: Object.fromEntries(
          Object.entries(cookieNames(true).authCookies).map(([key, name]) => [key, { name }]),
        ),
      }),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      bearer({ requireSignature: true }),
      // Passkeys and phone codes.
      ...(sms ? [signInMethods({ config, db, clock, sms })] : []),
    ],
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // A name-only player (lib/name-only.ts) is never signed in to, nor signed up as.
        if (isNameOnlyEmail(body.email)) {
          throw new APIError('FORBIDDEN', {
            code: 'NAME_ONLY_PLAYER',
            message: 'This person plays without the app: there is no account to sign in to.',
          });
        }
        if (passwordPaths.has(ctx.path)) {
          const password = body.password ?? body.newPassword;
          const problem = typeof password === 'string' ? passwordProblem(password) : null;
          if (problem) throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: problem });
        }
        if (ctx.path === '/sign-up/email') {
          validateSignUp(body, clock.now());
          // Resolved here, before better-auth opens its transaction: the embedded database has a
          // single connection, so a query beside that transaction would wait for it forever.
          const club = await resolveSignUpClub(db, {
            slug: typeof body.clubSlug === 'string' ? body.clubSlug : undefined,
            joinCode: typeof body.joinCode === 'string' ? body.joinCode : undefined,
            defaultSlug: config.DEFAULT_CLUB,
            noClub: body.startClub === true,
          });
          if (ctx.request) signUpClub.set(ctx.request, club?.id ?? null);
        }
        // PATCH /api/me is the one way to edit a profile, under the app's rules (ProfileUpdate);
        // better-auth's own endpoint would take any name, image or date of birth.
        if (ctx.path === '/update-user') {
          throw new APIError('NOT_FOUND', {
            code: 'NOT_FOUND',
            message: 'Edit your profile with PATCH /api/me.',
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            const clubId = ctx?.request ? signUpClub.get(ctx.request) : undefined;
            if (clubId === undefined)
              throw new APIError('BAD_REQUEST', {
                code: 'UNKNOWN_CLUB',
                message: 'Sign up through the app.',
              });
            return { data: { ...user, lastClubId: clubId, isAnonymous: false } };
          },
          // Run by better-auth once the user's transaction has committed (so on the embedded
          // database's one connection this is not a second transaction waiting on the first). Should
          // it fail, the account is in no club and can join by code: never in a club it did not ask for.
          after: async (user) => {
            const clubId = (user as { lastClubId?: string | null }).lastClubId;
            if (clubId) await insertMembership(db, { clubId, userId: user.id, role: 'player' });
          },
        },
      },
    },
  });
}

/** Where a verification link lands when the app asked for no page: one that says it worked. */
export const VERIFIED_LANDING = '/account?verified=1';

function landingAfterVerification(url: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (!callback || callback === '/') link.searchParams.set('callbackURL', VERIFIED_LANDING);
  return link.toString();
}

function badField(field: string, message = 'is invalid') {
  return new APIError('BAD_REQUEST', {
    code: 'VALIDATION_FAILED',
    message: `Invalid input. ${field}: ${message}`,
  });
}

function validateSignUp(body: Record<string, unknown>, now: Date) {
  if (typeof body.name !== 'string' || body.name.trim() === '') throw badField('name', 'is required');
  if (body.name.length > 100) throw badField('name', 'must be at most 100 characters');
  if (body.dateOfBirth == null || body.dateOfBirth === '') throw badField('dateOfBirth', 'is required');
  const dob = IsoDate.safeParse(body.dateOfBirth);
  if (!dob.success) throw badField('dateOfBirth', dob.error.issues[0]?.message);
  if (ageOn(dob.data, now) < MIN_SIGN_UP_AGE) {
    throw badField('dateOfBirth', `you must be at least ${MIN_SIGN_UP_AGE} to join`);
  }
  if (body.phoneNumber != null && body.phoneNumber !== '') {
    const phone = PhoneNumber.safeParse(body.phoneNumber);
    if (!phone.success) throw badField('phoneNumber', phone.error.issues[0]?.message);
  }
}
