import type {
  Passkey,
  PasskeyRegistration,
  PasskeyRegistrationOptions,
  PasskeySignIn,
  PasskeySignInOptions,
} from '@lastman/api';
import type { AuthenticatorTransportFuture } from '@simplewebauthn/server';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Person } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import {
  deletePasskey,
  insertChallenge,
  insertPasskey,
  listPasskeysOf,
  markPasskeyUsed,
  passkeyByCredentialId,
  takeChallenge,
  userForPasskeys,
} from './queries.ts';

type PasskeyServices = Pick<Services, 'db' | 'config' | 'clock'>;
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export async function listPasskeys(services: Pick<Services, 'db'>, viewer: Person): Promise<Passkey[]> {
  const rows = await listPasskeysOf(services.db, { userId: viewer.userId });
  return rows.map(toPasskey);
}

export async function removePasskey(services: Pick<Services, 'db'>, viewer: Person, id: string) {
  if (!(await deletePasskey(services.db, { id, userId: viewer.userId }))) throw notFound('That passkey');
}

/** Options for `navigator.credentials.create`: a discoverable credential, none already registered. */
export async function registrationOptions(
  services: PasskeyServices,
  viewer: Person,
): Promise<PasskeyRegistrationOptions> {
  const { db, config, clock } = services;
  const me = await userForPasskeys(db, { userId: viewer.userId });
  if (!me) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  const existing = await listPasskeysOf(db, { userId: viewer.userId });
  const options = await generateRegistrationOptions({
    rpName: config.webauthn.rpName,
    rpID: config.webauthn.rpId,
    userName: me.email,
    userDisplayName: me.name,
    userID: new TextEncoder().encode(me.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const now = clock.now();
  const challengeId = await insertChallenge(db, {
    userId: viewer.userId,
    purpose: 'register',
    challenge: options.challenge,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    now,
  });
  return { challengeId, options: options as unknown as PasskeySignInOptions['options'] };
}

export async function registerPasskey(
  services: PasskeyServices,
  viewer: Person,
  input: PasskeyRegistration,
  userAgent: string | undefined,
): Promise<Passkey> {
  const { db, config, clock } = services;
  const now = clock.now();
  const challenge = await takeChallenge(db, {
    id: input.challengeId,
    purpose: 'register',
    userId: viewer.userId,
    now,
  });
  if (!challenge) throw staleCeremony();
  const verification = await verifyRegistrationResponse({
    // The contract checked the encoding; the library checks the rest (and throws on nonsense).
    response: input.response as unknown as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    expectedChallenge: challenge.challenge,
    expectedOrigin: config.webauthn.origins,
    expectedRPID: config.webauthn.rpId,
    requireUserVerification: false,
  }).catch((err: unknown) => {
    throw refused(err);
  });
  if (!verification.verified) throw refused();
  const info = verification.registrationInfo;
  if (await passkeyByCredentialId(db, { credentialId: info.credential.id })) {
    throw new AppError('CONFLICT', 'This passkey is already registered.');
  }
  const row = await insertPasskey(db, {
    userId: viewer.userId,
    name: input.name || nameFor(userAgent),
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    transports: info.credential.transports?.join(',') ?? null,
    aaguid: info.aaguid,
  });
  return toPasskey(row);
}

/** Options for `navigator.credentials.get`: any of the user's discoverable passkeys. */
export async function signInOptions(services: PasskeyServices): Promise<PasskeySignInOptions> {
  const { db, config, clock } = services;
  const options = await generateAuthenticationOptions({
    rpID: config.webauthn.rpId,
    userVerification: 'preferred',
  });
  const now = clock.now();
  const challengeId = await insertChallenge(db, {
    userId: null,
    purpose: 'sign-in',
    challenge: options.challenge,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    now,
  });
  return { challengeId, options: options as unknown as PasskeySignInOptions['options'] };
}

/** The user whose passkey signed the challenge; the challenge is used up either way. */
export async function userForPasskey(services: PasskeyServices, input: PasskeySignIn): Promise<string> {
  const { db, config, clock } = services;
  const now = clock.now();
  const challenge = await takeChallenge(db, { id: input.challengeId, purpose: 'sign-in', userId: null, now });
  if (!challenge) throw staleCeremony();
  const passkey = await passkeyByCredentialId(db, { credentialId: input.response.id });
  if (!passkey) {
    throw new AppError('UNAUTHENTICATED', 'This passkey is not registered here (it may have been removed).');
  }
  const verification = await verifyAuthenticationResponse({
    response: input.response as unknown as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
    expectedChallenge: challenge.challenge,
    expectedOrigin: config.webauthn.origins,
    expectedRPID: config.webauthn.rpId,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: transportsOf(passkey.transports),
    },
    requireUserVerification: false,
  }).catch((err: unknown) => {
    throw refused(err, 'UNAUTHENTICATED');
  });
  if (!verification.verified) throw refused(undefined, 'UNAUTHENTICATED');
  await markPasskeyUsed(db, { id: passkey.id, counter: verification.authenticationInfo.newCounter, now });
  return passkey.userId;
}

function toPasskey(row: Awaited<ReturnType<typeof listPasskeysOf>>[number]): Passkey {
  return {
    id: row.id,
    name: row.name,
    deviceType: row.deviceType,
    backedUp: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

function transportsOf(value: string | null): AuthenticatorTransportFuture[] | undefined {
  return value ? (value.split(',') as AuthenticatorTransportFuture[]) : undefined;
}

/** A name the owner will recognise in the list: the kind of device it was made on. */
function nameFor(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const device = /iPhone|iPad/.test(ua)
    ? 'iPhone or iPad'
    : /Android/.test(ua)
      ? 'Android phone'
      : /Mac OS X/.test(ua)
        ? 'Mac'
        : /Windows/.test(ua)
          ? 'Windows PC'
          : /Linux/.test(ua)
            ? 'Linux computer'
            : 'this device';
  return `Passkey on ${device}`;
}

const staleCeremony = () =>
  new AppError('BAD_REQUEST', 'This passkey request has expired or was already used. Please try again.');

function refused(err?: unknown, code: 'BAD_REQUEST' | 'UNAUTHENTICATED' = 'BAD_REQUEST') {
  const why = err instanceof Error ? ` (${err.message})` : '';
  return new AppError(code, `The passkey could not be checked${why}. Please try again.`);
}
