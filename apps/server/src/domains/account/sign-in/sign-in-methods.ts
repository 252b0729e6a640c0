import { PasskeySignIn, PhoneCodeCheck, PhoneCodeRequest } from '@lastman/api';
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import type { SmsSender } from '../../../lib/sms.ts';
import { signInOptions, userForPasskey } from '../passkeys/index.ts';
import { sendSignInCode, userForSignInCode } from '../phone-codes/index.ts';

type Deps = { config: Config; db: Db; clock: Clock; sms: SmsSender };

/**
 * Signing in with a passkey or a code by SMS: better-auth endpoints, so that the session
 * they make is better-auth's own (cookie, bearer token, XSRF re-issue in routes.ts). The checks are
 * the features' (passkeys, phone-codes); each refusal keeps its code and message.
 */
export function signInMethods(deps: Deps): BetterAuthPlugin {
  const services = deps;

  async function signIn(ctx: GenericEndpointContext, find: () => Promise<string>) {
    const userId = await find().catch(asApiError);
    const user = await ctx.context.internalAdapter.findUserById(userId);
    if (!user) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHENTICATED', message: 'No such account.' });
    const session = await ctx.context.internalAdapter.createSession(user.id);
    if (!session) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'The session could not be made.' });
    await setSessionCookie(ctx, { session, user });
    return ctx.json({ token: session.token, user });
  }

  return {
    id: 'lastman-sign-in-methods',
    endpoints: {
      passkeySignInOptions: createAuthEndpoint('/sign-in/passkey/options', { method: 'POST' }, async (ctx) =>
        ctx.json(await signInOptions(services).catch(asApiError)),
      ),
      passkeySignIn: createAuthEndpoint('/sign-in/passkey', { method: 'POST', body: PasskeySignIn }, (ctx) =>
        signIn(ctx, () => userForPasskey(services, ctx.body)),
      ),
      phoneSendCode: createAuthEndpoint(
        '/sign-in/phone/send-code',
        { method: 'POST', body: PhoneCodeRequest },
        async (ctx) => ctx.json(await sendSignInCode(services, ctx.body).catch(asApiError)),
      ),
      phoneSignIn: createAuthEndpoint('/sign-in/phone', { method: 'POST', body: PhoneCodeCheck }, (ctx) =>
        signIn(ctx, () => userForSignInCode(services, ctx.body)),
      ),
    },
  };
}

const statusNames = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'TOO_MANY_REQUESTS',
} as const;

/** The app's error as better-auth's, with the same status, code and message. */
function asApiError(err: unknown): never {
  if (err instanceof AppError) {
    const status = statusNames[err.statusCode as keyof typeof statusNames] ?? 'BAD_REQUEST';
    throw new APIError(status, { code: err.code, message: err.message });
  }
  throw err;
}
