/**
 * The browser tests' server: a real SMTP server that writes each received email as JSON into
 * E2E_MAIL_DIR, then the real Lastman server (same process) with SMTP_URL pointing at it.
 * Started by Playwright's `webServer`, which runs before any global setup, so the SMTP server
 * lives here rather than in a globalSetup file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error('E2E_MAIL_DIR must be set');
mkdirSync(mailDir, { recursive: true });

let count = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', async () => {
      try {
        const mail = await PostalMime.parse(Buffer.concat(chunks));
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        count += 1;
        const file = join(mailDir, `${Date.now()}-${count}.json`);
        writeFileSync(file, JSON.stringify({ to, subject: mail.subject, text: mail.text, html: mail.html }));
        callback();
      } catch (error) {
        callback(error as Error);
      }
    });
  },
});

await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
console.log(`E2E SMTP server on ${process.env.SMTP_URL}, mail in ${mailDir}`);

await import('../../apps/server/src/main.ts');
