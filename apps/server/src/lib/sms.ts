import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type CountryCode, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { smsOutbox } from '../db/schema/index.ts';
import { maskedNumber } from './phone.ts';

/**
 * Every text opens with this, whatever it says next: a club's name (which anyone starting a club
 * chooses) never stands where the reader looks for the sender.
 */
export const SMS_OPENING = 'Lastman: ';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A club's name as a text may carry it: in quotes, without what would make a link of it (dots, slashes,
 * @) or a line of its own, at most 40 characters. A club called "WIN 500 GBP claim at evil.example"
 * is named, not obeyed.
 */
export function smsClubName(name: string): string {
  const plain = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}' &-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const short = plain.length > 40 ? `${plain.slice(0, 39).trimEnd()}…` : plain;
  return `"${short || 'a club'}"`;
}

/** Why a text was not sent; each counted and logged for the operator, and kept in the outbox. */
export type SmsRefusalReason = 'country' | 'account' | 'club' | 'deployment';

export interface SmsRefusal {
  reason: SmsRefusalReason;
  /** For the person who asked: what happened, in words. */
  message: string;
}

/** The counters the budgets are kept in: the rate limits' store (Redis shared, or this process's memory). */
export interface SmsCounters {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  unhit(key: string): Promise<void>;
}

export interface Sms {
  clubId: string;
  /** E.164. */
  to: string;
  text: string;
  /** Parts of the text that act as a key (a code): kept out of the outbox once sent by the provider. */
  secrets?: string[];
}

export interface SmsSender {
  /**
   * Whether a text may go to `to` for this account and club: the number's country is one texts go to
   * (SMS_COUNTRIES), and the account's (the one asking; null when nobody signed in asks, as for a
   * sign-in code, which the per-number limits bound), the club's and the deployment's budgets for the
   * last day are not spent. A text admitted is counted; a refusal is counted, logged and kept in the outbox.
   * Ask it before each send; null means send.
   */
  admit(sms: { clubId: string; accountId: string | null; to: string }): Promise<SmsRefusal | null>;
  send(sms: Sms): Promise<void>;
  /** Sends in the background, outside the caller's transaction; a failure is logged. */
  sendLater(sms: Sms): void;
  flush(): Promise<void>;
  readonly provider: 'twilio' | 'outbox';
}

/**
 * Sends through Twilio's REST API when TWILIO_* are set; otherwise the SMS lands in the outbox table
 * (sms_outbox), which is how an offline install and the tests read the codes. As with email
 * (lib/mailer.ts), every SMS is recorded either way; one sent by the provider without its code.
 */
export function createSmsSender(opts: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  counters: SmsCounters;
}): SmsSender {
  const { db, config, log, counters } = opts;
  const countries = new Set(config.SMS_COUNTRIES);
  // By calling code: a number in Ofcom's drama range (07700 900xxx) has no country of its own, and +44
  // is the United Kingdom's with Jersey, Guernsey and the Isle of Man.
  const callingCodes = new Set(config.SMS_COUNTRIES.map((c) => getCountryCallingCode(c as CountryCode)));
  let refusedToday = { day: '', count: 0 };
  const budgets = (clubId: string, accountId: string | null) => {
    const all: [SmsRefusalReason, string, number][] = [
      ['club', `sms-club:${clubId}`, config.SMS_PER_CLUB_PER_DAY],
      ['deployment', 'sms-deployment', config.SMS_PER_DAY],
    ];
    if (accountId) all.unshift(['account', `sms-account:${accountId}`, config.SMS_PER_ACCOUNT_PER_DAY]);
    return all;
  };
  const refusalWords: Record<SmsRefusalReason, string> = {
    country: `Texts go to numbers in ${[...countries].join(', ')} only on this server.`,
    account: 'You have been sent as many texts as one account may in a day. Try again tomorrow.',
    club: 'The club has sent as many texts as it may in a day. Try again tomorrow, or use email.',
    deployment: 'The server has sent as many texts as it may in a day. Try again tomorrow, or use email.',
  };
  async function refuse(sms: { clubId: string; to: string }, reason: SmsRefusalReason): Promise<SmsRefusal> {
    const day = new Date().toISOString().slice(0, 10);
    refusedToday = refusedToday.day === day ? { day, count: refusedToday.count + 1 } : { day, count: 1 };
    log.warn(
      { to: maskedNumber(sms.to), clubId: sms.clubId, reason, refusedToday: refusedToday.count },
      `SMS refused (${reason}): not sent`,
    );
    await db
      .insert(smsOutbox)
      .values({
        clubId: sms.clubId,
        to: sms.to,
        text: `Not sent: ${refusalWords[reason]}`,
        transport: 'refused',
      })
      .catch((err: unknown) => log.error({ err }, 'a refused SMS could not be recorded'));
    return { reason, message: refusalWords[reason] };
  }

  const twilio =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? { sid: config.TWILIO_ACCOUNT_SID, token: config.TWILIO_AUTH_TOKEN, from: config.TWILIO_FROM }
      : null;
  const pending = new Set<Promise<void>>();
  const sender: SmsSender = {
    provider: twilio ? 'twilio' : 'outbox',
    async admit(sms) {
      const callingCode = parsePhoneNumberFromString(sms.to)?.countryCallingCode;
      if (!callingCode || !callingCodes.has(callingCode)) return refuse(sms, 'country');
      const checks = budgets(sms.clubId, sms.accountId);
      const counted = await Promise.all(checks.map(([, key]) => counters.hit(key, DAY_MS)));
      const over = checks.find(([, , max], i) => (counted[i]?.count ?? 0) > max);
      if (!over) return null;
      // A text not sent spends none of the budgets.
      await Promise.all(checks.map(([, key]) => counters.unhit(key)));
      return refuse(sms, over[0]);
    },
    sendLater(sms) {
      const delivery = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => sender.send(sms))
        .catch((err: unknown) => log.error({ err, to: maskedNumber(sms.to) }, 'SMS not sent'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async flush() {
      await Promise.all(pending);
    },
    async send({ secrets = [], ...message }) {
      const sms = {
        ...message,
        text: message.text.startsWith(SMS_OPENING) ? message.text : `${SMS_OPENING}${message.text}`,
      };
      if (twilio) {
        const from: Record<string, string> = twilio.from.startsWith('MG')
          ? { MessagingServiceSid: twilio.from }
          : { From: twilio.from };
        const res = await fetch(
          new URL(`/2010-04-01/Accounts/${twilio.sid}/Messages.json`, config.TWILIO_API_URL),
          {
            method: 'POST',
            headers: {
              authorization: `Basic ${Buffer.from(`${twilio.sid}:${twilio.token}`).toString('base64')}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: new URLSearchParams({ To: sms.to, Body: sms.text, ...from }),
            signal: AbortSignal.timeout(10_000),
          },
        );
        if (!res.ok) throw new Error(`Twilio answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        let text = sms.text;
        for (const secret of secrets.filter(Boolean))
          text = text.replaceAll(secret, '[code removed once sent]');
        await db.insert(smsOutbox).values({ ...sms, text, transport: 'twilio' });
      } else {
        await db.insert(smsOutbox).values({ ...sms, transport: 'outbox' });
        log.info({ to: maskedNumber(sms.to) }, 'SMS stored in the outbox (sms_outbox)');
      }
    },
  };
  return sender;
}

/** The club's latest SMS, newest first (the operator's view of the outbox). */
export async function listSmsOutbox(db: DbOrTx, { clubId, limit }: { clubId: string; limit: number }) {
  return db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.clubId, clubId))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(limit);
}
