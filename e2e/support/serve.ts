/**
 * The browser tests' server: a real SMTP server that writes each received email as JSON into
 * E2E_MAIL_DIR, then the real Lastman server (same process) with SMTP_URL pointing at it.
 * Started by Playwright's `webServer`, which runs before any global setup, so the SMTP server
 * lives here rather than in a globalSetup file.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
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

// Text messages: a stand-in for Twilio's REST API, speaking its wire format, that writes each
// SMS as JSON into DATA_DIR/sms, where the phone-code tests read their codes.
const smsDir = join(process.env.DATA_DIR ?? mailDir, 'sms');
mkdirSync(smsDir, { recursive: true });
let smsCount = 0;
const twilio = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    if (req.method !== 'POST' || !/^\/2010-04-01\/Accounts\/AC\w+\/Messages\.json$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    smsCount += 1;
    const sms = { to: form.get('To'), from: form.get('From'), body: form.get('Body') };
    writeFileSync(join(smsDir, `${Date.now()}-${smsCount}.json`), JSON.stringify(sms));
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ sid: `SM${smsCount}`, status: 'queued', ...sms }));
  });
});
await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
process.env.TWILIO_API_URL = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;
process.env.TWILIO_ACCOUNT_SID = `AC${'0'.repeat(32)}`;
process.env.TWILIO_AUTH_TOKEN = 'e2e-twilio-token-0123456789';
process.env.TWILIO_FROM = '+447700900000';

// The server runs on PostgreSQL, as production does: a new database of this run's own, named by
// its port and dropped by the global teardown. With no server answering (and none required), on
// the embedded PGlite in DATA_DIR. Made here, not in the config, so that listing tests makes none.
const databaseUrl = execFileSync(
  process.execPath,
  ['e2e/support/database.cjs', 'create', process.env.PORT ?? ''],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
  .toString()
  .trim();
if (databaseUrl) {
  process.env.DATABASE_URL = databaseUrl;
  process.env.AUTH_SECRET ??= 'e2e-auth-secret-not-for-production-0123456789';
}

// No internet in the tests: the openfootball feed stays off (its own tests run it against a stand-in),
// and the demo club's admin runs the server, so the season upload is on their screen.
process.env.OPENFOOTBALL_URL ??= 'off';
process.env.PLATFORM_ADMINS ??= 'admin@redlion.test';

await import('../../apps/server/src/main.ts');
