import { z } from 'zod';
import { Email, IsoDate, oneLineText, PhoneNumber, Role } from '../common.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MIN_SIGN_UP_AGE } from './rules.ts';

// The account endpoints are better-auth's own (mounted at /api/auth), which validates them itself.
// These schemas describe them in the OpenAPI document; the server does not validate with them.

const Password = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters long`)
  .describe(`${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, not a common password`);

export const AuthUser = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    email: Email,
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    phoneNumber: z.string().nullable().optional(),
    dateOfBirth: z.string().nullable().optional(),
    isAnonymous: z.boolean().optional(),
    clubId: z.string().optional(),
    role: Role.optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AuthUser' });

export const AuthSession = z
  .looseObject({
    id: z.string(),
    userId: z.string(),
    expiresAt: z.string(),
    token: z.string(),
    ipAddress: z.string().nullable().optional(),
    userAgent: z.string().nullable().optional(),
  })
  .meta({ id: 'AuthSession' });

export const SignUpEmail = z
  .object({
    name: oneLineText(100).min(1),
    email: Email,
    password: Password,
    dateOfBirth: IsoDate.describe(`YYYY-MM-DD; at least ${MIN_SIGN_UP_AGE} years ago`),
    phoneNumber: PhoneNumber.optional(),
    clubSlug: z.string().optional().describe('the club of the link the visitor came by (/c/<slug>)'),
    joinCode: z.string().optional().describe("a club's join code"),
    callbackURL: z.string().optional().describe('where the verification link leads'),
  })
  .meta({ id: 'SignUpEmail' });

export const SignInEmail = z
  .object({
    email: Email,
    password: z.string().min(1),
    rememberMe: z.boolean().optional(),
    callbackURL: z.string().optional(),
  })
  .meta({ id: 'SignInEmail' });

/** Sign-up and sign-in: the token is the bearer token the native app keeps (also in `set-auth-token`). */
export const AuthTokenResponse = z
  .looseObject({
    token: z.string().nullable(),
    user: AuthUser,
    redirect: z.boolean().optional(),
    url: z.string().optional(),
  })
  .meta({ id: 'AuthTokenResponse' });

export const SessionResponse = z
  .object({ session: AuthSession, user: AuthUser })
  .nullable()
  .meta({ id: 'SessionResponse' });

export const RequestPasswordReset = z
  .object({
    email: Email,
    redirectTo: z.string().optional().describe('the app page the emailed link opens, with ?token='),
  })
  .meta({ id: 'RequestPasswordReset' });

export const ResetPassword = z
  .object({ token: z.string().min(1), newPassword: Password })
  .meta({ id: 'ResetPassword' });

export const ChangePassword = z
  .object({
    currentPassword: z.string().min(1),
    newPassword: Password,
    revokeOtherSessions: z.boolean().optional(),
  })
  .meta({ id: 'ChangePassword' });

export const VerifyEmailQuery = z.object({
  token: z.string().min(1).describe('the token from the emailed link'),
  callbackURL: z
    .union([
      z.string().regex(/^\/(?:[^/\s]\S*)?$/, 'must be a path on this site, such as /account'),
      z.url({ protocol: /^https?$/ }),
    ])
    .optional()
    .describe('where to redirect afterwards: a path on this site, or a URL of a trusted origin'),
});

export const AuthStatus = z.looseObject({ status: z.boolean() }).meta({ id: 'AuthStatus' });
export const SignOutResponse = z.object({ success: z.boolean() }).meta({ id: 'SignOutResponse' });
