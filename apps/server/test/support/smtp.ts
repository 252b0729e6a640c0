import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header names in lower case (the last of each). */
  headers: Record<string, string>;
}

/** A real SMTP server on a free local port that keeps what it receives, parsed. */
export async function startSmtpSink() {
  const received: ReceivedEmail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
          headers: Object.fromEntries(parsed.headers.map((h) => [h.key.toLowerCase(), h.value])),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP sink has no port');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** Resolves with the first email to `to` matching `subject`, waiting up to 10 s for it. */
    async waitFor(to: string, subject: RegExp): Promise<ReceivedEmail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = received.find((m) => m.to.includes(to) && subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No email "${subject}" to ${to} arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The first link in an email's text. */
export function firstLink(email: ReceivedEmail): string {
  const match = /https?:\/\/\S+/.exec(email.text);
  if (!match) throw new Error(`No link in email "${email.subject}"`);
  return match[0];
}
