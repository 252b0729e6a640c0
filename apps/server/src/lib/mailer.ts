import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';
import { isNameOnlyEmail } from './name-only.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Parts of the body that act as a key (a reset or sign-in link): once the email has gone out by
   * SMTP, the outbox keeps it without them, and the log never shows them.
   */
  secrets?: string[];
  /** Extra headers (List-Unsubscribe on notification emails); sent by SMTP, not kept in the outbox. */
  headers?: Record<string, string>;
}

const REDACTED = '[link removed once sent]';

export interface Mailer {
  send(email: Email): Promise<void>;
  /** Sends in the background, outside the caller's transaction; a failure is logged. */
  sendLater(email: Email): void;
  /** Waits for the emails sent in the background (at shutdown). */
  flush(): Promise<void>;
  /** Waits for them, then closes the SMTP connections kept open (when the app closes). */
  close?(): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise the email lands in the outbox table, which is then
 * how an offline install follows its links (the log says an email is waiting there, never its links).
 * Every email is recorded in the outbox either way; one sent by SMTP without its secrets.
 */
export function createMailer(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(pooled(opts.smtpUrl)) : null;
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
    async close() {
      await Promise.all(pending);
      transport?.close();
    },
    async send({ secrets = [], ...email }) {
      // A name-only player has no address: reminders and results for their entries go nowhere.
      if (isNameOnlyEmail(email.to)) return;
      if (transport) {
        await transport.sendMail({ from: opts.from, ...email });
        await opts.db.insert(emailOutbox).values({
          to: email.to,
          subject: email.subject,
          text: redact(email.text, secrets),
          html: email.html === undefined ? undefined : redact(email.html, secrets),
          transport: 'smtp',
        });
      } else {
        const { headers: _headers, ...stored } = email;
        await opts.db.insert(emailOutbox).values({ ...stored, transport: 'outbox' });
        opts.log.info({ to: email.to, subject: email.subject }, 'email stored in the outbox (email_outbox)');
      }
    },
  };
  return mailer;
}

/**
 * The SMTP address with a pool of kept-open connections (nodemailer reads `pool` and `maxConnections`
 * from the query), unless it chose its own: a deadline's reminders are thousands of emails at once.
 */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '8');
  return url.toString();
}

/** The text with every secret replaced, in its plain and its HTML-escaped spelling. */
function redact(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets.filter(Boolean)) {
    out = out.replaceAll(secret, REDACTED).replaceAll(escapeHtml(secret), REDACTED);
  }
  return out;
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Forgets the emails sent to the address (they carry the person's name and sign-in links). */
export async function deleteMailSentTo(db: DbOrTx, email: string) {
  const address = email.toLowerCase();
  await db.delete(emailOutbox).where(eq(sql`lower(${emailOutbox.to})`, address));
}
