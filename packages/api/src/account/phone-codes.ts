import { z } from 'zod';
import { PhoneNumber as AnyPhoneNumber } from '../common.ts';
import { PHONE_CODE_RULES } from './rules.ts';

/** A number that can receive a text: read as E.164 (a UK number when written without +). */
const PhoneNumber = AnyPhoneNumber.describe(
  'A mobile number, read as E.164 (UK when written without +); one of impossible length for its country is refused',
);

export const PhoneCode = z
  .string()
  .trim()
  .regex(
    new RegExp(`^[0-9]{${PHONE_CODE_RULES.length}}$`),
    `must be the ${PHONE_CODE_RULES.length}-digit code`,
  );

/** Ask for a code: to confirm the signed-in user's number, or to sign in with a confirmed one. */
export const PhoneCodeRequest = z.object({ phoneNumber: PhoneNumber }).strict();
export type PhoneCodeRequest = z.infer<typeof PhoneCodeRequest>;

export const PhoneCodeSent = z
  .object({
    sent: z.literal(true),
    /** The number as the server reads it (E.164), where the code goes if it has an account. */
    phoneNumber: z.string(),
    expiresInSeconds: z.number().int(),
  })
  .meta({ id: 'PhoneCodeSent' });
export type PhoneCodeSent = z.infer<typeof PhoneCodeSent>;

export const PhoneCodeCheck = z.object({ phoneNumber: PhoneNumber, code: PhoneCode }).strict();
export type PhoneCodeCheck = z.infer<typeof PhoneCodeCheck>;

export const PhoneVerified = z
  .object({ phoneNumber: z.string(), phoneNumberVerified: z.literal(true) })
  .meta({ id: 'PhoneVerified' });
export type PhoneVerified = z.infer<typeof PhoneVerified>;

/** An SMS as the club's admin sees it in the outbox: never the code itself. */
export const SmsOutboxItem = z
  .object({ id: z.string(), to: z.string(), text: z.string(), transport: z.string(), createdAt: z.string() })
  .meta({ id: 'SmsOutboxItem' });
export const SmsOutboxList = z.object({ messages: z.array(SmsOutboxItem) });
export type SmsOutboxList = z.infer<typeof SmsOutboxList>;
