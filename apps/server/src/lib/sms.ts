import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { smsOutbox } from '../db/schema/index.ts';
import { maskedNumber } from './phone.ts';

export interface Sms {
  clubId: string;
  /** E.164. */
  to: string;
  text: string;
  /** Parts of the text that act as a key (a code): kept out of the outbox once sent by the provider. */
  secrets?: string[];
}

export interface SmsSender {
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
export function createSmsSender(opts: { db: Db; config: Config; log: FastifyBaseLogger }): SmsSender {
  const { db, config, log } = opts;
  const twilio =
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM
      ? { sid: config.TWILIO_ACCOUNT_SID, token: config.TWILIO_AUTH_TOKEN, from: config.TWILIO_FROM }
      : null;
  const pending = new Set<Promise<void>>();
  const sender: SmsSender = {
    provider: twilio ? 'twilio' : 'outbox',
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
    async send({ secrets = [], ...sms }) {
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
