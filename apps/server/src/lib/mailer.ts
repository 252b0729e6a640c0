import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(email: Email): Promise<void>;
  /** Sends in the background, outside the caller's transaction; a failure is logged. */
  sendLater(email: Email): void;
  /** Waits for the emails sent in the background (at shutdown). */
  flush(): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise the email lands in the outbox table and the log,
 * so an offline install can still follow its links. Every email is recorded in the outbox either way.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const pending = new Set<Promise<void>>();
  const mailer: Mailer = {
    sendLater(email) {
      const delivery = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => mailer.send(email))
        .catch((err: unknown) =>
          opts.log.error({ err, to: email.to, subject: email.subject }, 'email not sent'),
        )
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async flush() {
      await Promise.all(pending);
    },
    async send(email) {
      if (transport) {
        await transport.sendMail({ from: opts.from, ...email });
      } else {
        opts.log.info(
          { to: email.to, subject: email.subject, text: email.text },
          'email stored in the outbox',
        );
      }
      await opts.db.insert(emailOutbox).values({ ...email, transport: transport ? 'smtp' : 'outbox' });
    },
  };
  return mailer;
}
