import { z } from 'zod';
import { AuthTokenResponse } from './sign-in.ts';

/** What the browser's WebAuthn call returned, as @simplewebauthn/browser encodes it (base64url). */
const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url')
  .max(16_384);
const CredentialJson = z.looseObject({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: base64url.min(1) }),
});

export const PasskeyRegistrationOptions = z
  .object({
    challengeId: z.string(),
    /** PublicKeyCredentialCreationOptionsJSON for `startRegistration`. */
    options: z.looseObject({ challenge: z.string() }),
  })
  .meta({ id: 'PasskeyRegistrationOptions' });
export type PasskeyRegistrationOptions = z.infer<typeof PasskeyRegistrationOptions>;

export const PasskeyRegistration = z
  .object({
    challengeId: z.uuid(),
    name: z.string().trim().max(60).optional(),
    response: CredentialJson.extend({
      response: z.looseObject({ clientDataJSON: base64url.min(1), attestationObject: base64url.min(1) }),
    }),
  })
  .strict();
export type PasskeyRegistration = z.infer<typeof PasskeyRegistration>;

export const Passkey = z
  .object({
    id: z.string(),
    name: z.string(),
    deviceType: z.string(),
    backedUp: z.boolean(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof Passkey>;
export const PasskeyList = z.object({ passkeys: z.array(Passkey) }).meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof PasskeyList>;

export const PasskeySignInOptions = z
  .object({
    challengeId: z.string(),
    /** PublicKeyCredentialRequestOptionsJSON for `startAuthentication`. */
    options: z.looseObject({ challenge: z.string() }),
  })
  .meta({ id: 'PasskeySignInOptions' });
export type PasskeySignInOptions = z.infer<typeof PasskeySignInOptions>;

export const PasskeySignIn = z
  .object({
    challengeId: z.uuid(),
    response: CredentialJson.extend({
      response: z.looseObject({
        clientDataJSON: base64url.min(1),
        authenticatorData: base64url.min(1),
        signature: base64url.min(1),
      }),
    }),
  })
  .strict();
export type PasskeySignIn = z.infer<typeof PasskeySignIn>;
export const PasskeySignInResponse = AuthTokenResponse;
