import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_RULES,
  type PhoneCodeCheck,
  type PhoneCodeRequest,
  type PhoneCodeSent,
  type PhoneVerified,
} from '@lastman/api';
import type { Viewer } from '../../../http/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import { toE164 } from '../../../lib/phone.ts';
import { listSmsOutbox, SMS_OPENING } from '../../../lib/sms.ts';
import type { Services } from '../../../services.ts';
import {
  countWrongTry,
  latestCode,
  replaceCode,
  setVerifiedNumber,
  useCode,
  userWithVerifiedNumber,
} from './queries.ts';

type Purpose = 'verify' | 'sign-in';
type CodeServices = Pick<Services, 'db' | 'config' | 'clock' | 'sms'>;

export function normalisedNumber(services: Pick<Services, 'config'>, input: string): string {
  const number = toE164(input, services.config.PHONE_DEFAULT_COUNTRY);
  if (!number) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Invalid input. phoneNumber: that is not a phone number we can text, such as 07700 900123 or +44 7700 900123',
    );
  }
  return number;
}

/** Sends a code to confirm the signed-in user's number. */
export async function sendVerifyCode(
  services: CodeServices,
  viewer: Viewer,
  input: PhoneCodeRequest,
): Promise<PhoneCodeSent> {
  const phoneNumber = normalisedNumber(services, input.phoneNumber);
  const owner = await userWithVerifiedNumber(services.db, { phoneNumber });
  if (owner && owner.id !== viewer.userId) throw phoneTaken();
  await issueCode(services, { clubId: viewer.clubId, userId: viewer.userId, phoneNumber, purpose: 'verify' });
  return sent(phoneNumber);
}

/** Confirms the signed-in user's number with the code sent to it. */
export async function confirmVerifyCode(
  services: CodeServices,
  viewer: Viewer,
  input: PhoneCodeCheck,
): Promise<PhoneVerified> {
  const phoneNumber = normalisedNumber(services, input.phoneNumber);
  await checkCode(services, { phoneNumber, purpose: 'verify', code: input.code, userId: viewer.userId });
  const done = await setVerifiedNumber(services.db, {
    userId: viewer.userId,
    phoneNumber,
  }).catch((err: unknown) => {
    // Two accounts confirming one number at once: the unique index lets one through.
    if (
      String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) ===
      '23505'
    )
      return false;
    throw err;
  });
  if (!done) throw phoneTaken();
  return { phoneNumber, phoneNumberVerified: true };
}

/**
 * Sends a sign-in code if the number is confirmed on an account; the answer is the same either
 * way, and as quick (the SMS goes in the background), so it tells no one which numbers have one.
 */
export async function sendSignInCode(
  services: CodeServices,
  input: PhoneCodeRequest,
): Promise<PhoneCodeSent> {
  const phoneNumber = normalisedNumber(services, input.phoneNumber);
  const owner = await userWithVerifiedNumber(services.db, { phoneNumber });
  if (owner?.clubId) {
    await issueCode(services, { clubId: owner.clubId, userId: owner.id, phoneNumber, purpose: 'sign-in' });
  }
  return sent(phoneNumber);
}

/**
 * The user a right sign-in code signs in; the code is used up. Every failure gets the one answer
 * (no code waiting, wrong, locked, expired): which of them it is would tell a stranger whether the
 * number has an account. Confirming one's own number keeps the detailed answers.
 */
export async function userForSignInCode(services: CodeServices, input: PhoneCodeCheck): Promise<string> {
  const phoneNumber = normalisedNumber(services, input.phoneNumber);
  try {
    const row = await checkCode(services, { phoneNumber, purpose: 'sign-in', code: input.code });
    // The number must still be confirmed on that account (not changed since the code went out).
    const owner = await userWithVerifiedNumber(services.db, { phoneNumber });
    if (!owner || owner.id !== row.userId) throw noCode();
    return row.userId;
  } catch (err) {
    if (err instanceof AppError && codeRefusals.has(err.code)) throw signInCodeRefused();
    throw err;
  }
}

/** The account that has confirmed the number (E.164), for the limits that give its owner their own allowance. */
export async function ownerOfNumber(db: CodeServices['db'], phoneNumber: string) {
  const owner = await userWithVerifiedNumber(db, { phoneNumber });
  return owner ? { id: owner.id, email: owner.email } : null;
}

/** The club's SMS as its admin may see them: who and when, never a code. */
export async function clubSmsOutbox(services: Pick<Services, 'db'>, viewer: Viewer) {
  const rows = await listSmsOutbox(services.db, { clubId: viewer.clubId, limit: 200 });
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    text: r.text.replace(/\d{4,}/g, (d) => '•'.repeat(d.length)),
    transport: r.transport,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Makes and texts a code, once the texts' budgets allow it. Refused, a code to confirm one's own
 * number says why (a 429 or, for a country texts do not go to, a 400); a sign-in code is not sent,
 * and the answer is the same as ever (it must not tell whether the number has an account).
 */
async function issueCode(
  services: CodeServices,
  target: { clubId: string; userId: string; phoneNumber: string; purpose: Purpose },
) {
  const refusal = await services.sms.admit({
    clubId: target.clubId,
    // Sign-in codes are asked for by whoever types the number: no account's budget is theirs to spend.
    accountId: target.purpose === 'verify' ? target.userId : null,
    to: target.phoneNumber,
  });
  if (refusal) {
    if (target.purpose === 'sign-in') return;
    throw new AppError(
      refusal.reason === 'country' ? 'VALIDATION_FAILED' : 'TOO_MANY_REQUESTS',
      refusal.message,
    );
  }
  const code = String(randomInt(0, 10 ** PHONE_CODE_RULES.length)).padStart(PHONE_CODE_RULES.length, '0');
  const now = services.clock.now();
  await replaceCode(services.db, {
    ...target,
    codeHash: hashCode(services, target.phoneNumber, code),
    expiresAt: new Date(now.getTime() + PHONE_CODE_RULES.expiresInSeconds * 1000),
  });
  services.sms.sendLater({
    clubId: target.clubId,
    to: target.phoneNumber,
    text: smsText(new URL(services.config.PUBLIC_URL).hostname, code, target.purpose),
    secrets: [code],
  });
}

/**
 * The SMS: the code first (what the lock screen shows), and last the line that lets the WebOTP API
 * hand the code to the page on this host: `@host #code` (https://wicg.github.io/sms-one-time-codes/).
 */
export function smsText(host: string, code: string, purpose: Purpose): string {
  const what = purpose === 'sign-in' ? 'sign in to' : 'confirm your number on';
  const minutes = PHONE_CODE_RULES.expiresInSeconds / 60;
  return `${SMS_OPENING}${code} is your code to ${what} Lastman. It works for ${minutes} minutes. Never share it.\n\n@${host} #${code}`;
}

async function checkCode(
  services: CodeServices,
  {
    phoneNumber,
    purpose,
    code,
    userId,
  }: { phoneNumber: string; purpose: Purpose; code: string; userId?: string },
) {
  const { db, clock } = services;
  const max = PHONE_CODE_RULES.maxAttempts;
  const row = await latestCode(db, { phoneNumber, purpose, userId });
  if (!row) throw noCode();
  const now = clock.now();
  if (row.expiresAt <= now) {
    throw new AppError('CODE_EXPIRED', 'This code has expired. Ask for a new one.');
  }
  if (row.attempts >= max) throw locked();
  const given = Buffer.from(hashCode(services, phoneNumber, code.trim()));
  const right = given.length === row.codeHash.length && timingSafeEqual(given, Buffer.from(row.codeHash));
  if (!right) {
    const tries = await countWrongTry(db, { id: row.id, maxAttempts: max });
    if (tries === null || tries >= max) throw locked();
    const left = max - tries;
    throw new AppError(
      'CODE_INVALID',
      `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
    );
  }
  if (!(await useCode(db, { id: row.id, maxAttempts: max, now }))) throw noCode();
  return row;
}

/** Keyed by the server's secret and bound to the number: a copied table gives away no codes. */
function hashCode(services: Pick<Services, 'config'>, phoneNumber: string, code: string) {
  return createHmac('sha256', services.config.AUTH_SECRET)
    .update(`${phoneNumber}:${code}`)
    .digest('base64url');
}

const sent = (phoneNumber: string): PhoneCodeSent => ({
  sent: true,
  phoneNumber,
  expiresInSeconds: PHONE_CODE_RULES.expiresInSeconds,
});
const codeRefusals = new Set(['CODE_INVALID', 'CODE_EXPIRED', 'CODE_LOCKED']);
const signInCodeRefused = () =>
  new AppError(
    'CODE_INVALID',
    'That code did not work. Check the latest text from us, or ask for a new code.',
  );
const noCode = () => new AppError('CODE_INVALID', 'No code is waiting for this number. Ask for a new one.');
const locked = () =>
  new AppError('CODE_LOCKED', 'Too many wrong codes: this one no longer works. Ask for a new one.');
const phoneTaken = () => new AppError('PHONE_TAKEN', 'This number is already confirmed on another account.');
