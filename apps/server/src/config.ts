import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_STORE_URLS } from '@lastman/api/native-app';
import { isSupportedCountry } from 'libphonenumber-js/min';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_ORIGINS: list.default([]),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Lastman <no-reply@lastman.local>'),
  DEFAULT_CLUB: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a club slug (lower-case letters, digits, dashes)')
    .default('red-lion'),
  SEED_DEMO: booleanString.optional(),
  /** The demo's sped-up live round (POST /api/admin/live/demo-round); on unless turned off. */
  LIVE_DEMO: booleanString.default(true),
  EXPECTED_APP_VERSION_CODE: z.coerce.number().int().min(1).default(5),
  IOS_APP_STORE_URL: z.url().default(DEFAULT_STORE_URLS.ios),
  ANDROID_PLAY_STORE_URL: z.url().default(DEFAULT_STORE_URLS.android),
  RATE_LIMIT_ENABLED: booleanString.default(true),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  // Connections and live streams: what one client may hold open (http/connection-limits.ts,
  // http/stream-limits.ts). The ceilings left unset follow the open-file limit (lib/open-files.ts).
  /** A request's headers must all arrive within this; a half-sent request is dropped after it. */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  /** A whole request (headers and body, an upload included) must arrive within this. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  /** Open sockets from one client address; 0 for no cap. Unset: 256, or none behind a proxy (TRUST_PROXY). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
  LIVE_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(100).default(4),
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
  LIVE_STREAMS_MAX: z.coerce.number().int().min(1).optional(),
  /** A live stream ends after this; the browser reconnects at once and resumes where it was. */
  LIVE_STREAM_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(30),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trust = trustedProxies(value);
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            value.trim() === 'true'
              ? '`true` would trust an X-Forwarded-For sent by anyone; write the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.1.0.0/16)'
              : 'must be false, a number of proxy hops (e.g. 1), or proxy addresses and CIDR ranges separated by commas',
        });
        return z.NEVER;
      }
      return trust;
    }),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('lastman:'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  PAYMENTS_REQUIRE_STRIPE: booleanString.default(false),
  // Stripe Connect: each club takes entry money on its own Stripe account (needs the Stripe keys).
  STRIPE_CONNECT: booleanString.default(false),
  /** A Connect webhook endpoint has its own signing secret; without one the platform's is used. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** The platform's fee on each Connect payment (Stripe's application_fee_amount), in percent. */
  STRIPE_APPLICATION_FEE_PERCENT: z.coerce.number().min(0).max(50).default(0),
  // Backups of the embedded database and the uploaded files.
  BACKUP_DIR: z.string().min(1).optional(),
  /** Hours between the server's own backups; 0 takes none. */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(24),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FOOTBALL_DATA_TOKEN: z.string().min(10, 'must be a football-data.org API token').optional(),
  FOOTBALL_DATA_URL: z.url().default('https://api.football-data.org'),
  FOOTBALL_DATA_COMPETITION: z
    .string()
    .regex(/^[A-Z0-9]{2,5}$/, 'must be a football-data.org competition code such as PL')
    .default('PL'),
  FOOTBALL_DATA_SEASON: z.coerce.number().int().min(1990).max(2100).optional(),
  FOOTBALL_DATA_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /**
   * openfootball's football.json over HTTP (free, no key): the current season's Premier League and
   * Championship files, `<url>/<season>/en.1.json` and `en.2.json`. `off` turns the feed off.
   */
  OPENFOOTBALL_URL: z
    .union([z.literal('off'), z.url()])
    .default('https://raw.githubusercontent.com/openfootball/football.json/master'),
  /** Seconds between polls of the openfootball feed (a sixth of it on match days). */
  OPENFOOTBALL_POLL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** People (by email) who run the server: they may upload a season file from the app. */
  PLATFORM_ADMINS: list.default([]),
  // Uploaded files (lib/storage.ts): on disk under DATA_DIR/uploads, or in an S3-compatible bucket
  // when S3_BUCKET is set.
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)',
    )
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  // Notifications: Web Push keys (generated and stored on first start when absent), the
  // push services the server may post to, and the native senders (FCM for Android, APNs for iOS).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,90}$/, 'must be a base64url P-256 public key (web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,45}$/, 'must be a base64url P-256 private key (web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^\s]+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  PUSH_SERVICE_HOSTS: list.default([]),
  FCM_PROJECT_ID: z.string().min(1).optional(),
  FCM_CLIENT_EMAIL: z.email().optional(),
  FCM_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
  FCM_API_URL: z.url().default('https://fcm.googleapis.com'),
  APNS_KEY_ID: z.string().min(1).optional(),
  APNS_TEAM_ID: z.string().min(1).optional(),
  APNS_PRIVATE_KEY: z
    .string()
    .includes('PRIVATE KEY', { message: 'must be a PEM (.p8) private key' })
    .optional(),
  APNS_BUNDLE_ID: z.string().min(1).optional(),
  APNS_HOST: z.url().default('https://api.push.apple.com'),
  // Passkeys and phone codes. Without Twilio's three settings, SMS land in sms_outbox.
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'must be a host name such as lastman.example (no scheme, no port)')
    .optional(),
  WEBAUTHN_RP_NAME: z.string().min(1).default('Lastman'),
  WEBAUTHN_ORIGINS: list.optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/i, 'must be a Twilio account SID (AC…)')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be a Twilio auth token').optional(),
  TWILIO_FROM: z
    .string()
    .min(3, 'must be a sender number (+447…) or a Messaging Service SID (MG…)')
    .optional(),
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  // Texts cost the deployment money: where they may go, and how many in a rolling day (lib/sms.ts).
  SMS_COUNTRIES: list
    .default(['GB'])
    .refine((l) => l.length > 0 && l.every((c) => /^[A-Z]{2}$/.test(c) && isSupportedCountry(c)), {
      message: 'must be two-letter country codes separated by commas, such as GB,IE',
    }),
  SMS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(0).default(20),
  SMS_PER_CLUB_PER_DAY: z.coerce.number().int().min(0).default(100),
  SMS_PER_DAY: z.coerce.number().int().min(0).default(1000),
  PHONE_DEFAULT_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as GB')
    .default('GB'),
});

export type Env = z.infer<typeof envSchema>;

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Fastify's trustProxy: false, a number of hops, or the proxies' addresses; null when unreadable.
 * A bare `true` is refused: it would let any client choose its own address with X-Forwarded-For.
 */
function trustedProxies(value: string): false | number | string[] | null {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = entries.every((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  });
  return valid && entries.length > 0 ? entries : null;
}

export interface Config extends Omit<Env, 'AUTH_SECRET' | 'PUBLIC_URL' | 'BACKUP_DIR'> {
  AUTH_SECRET: string;
  /** Where backups are written: BACKUP_DIR, else DATA_DIR/backups. */
  BACKUP_DIR: string;
  PUBLIC_URL: string;
  /** Origins allowed to call the API with credentials: the web origins and the native app's. */
  trustedOrigins: string[];
  /** The WebAuthn relying party: its id (a host name) and the origins a passkey ceremony may come from. */
  webauthn: { rpId: string; rpName: string; origins: string[] };
}

export class ConfigError extends Error {}

/** The secret of an embedded test database: public, so never used with a DATABASE_URL. */
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';

/** Reads the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three, or none for test payments',
    );
  }
  if (e.PAYMENTS_REQUIRE_STRIPE && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENTS_REQUIRE_STRIPE: is true but STRIPE_SECRET_KEY is not set',
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the machine's own AWS credentials",
    );
  }
  const s3Only = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID].some(Boolean);
  if (s3Only && !e.S3_BUCKET) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_BUCKET: required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set (uploads go to disk without it)',
    );
  }
  if (e.STRIPE_CONNECT && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError(
      "Invalid configuration:\n  STRIPE_CONNECT: is true but STRIPE_SECRET_KEY is not set (Connect needs the platform's Stripe keys)",
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither to generate a pair on first start',
    );
  }
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS > e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_SECONDS: must not be more than HTTP_REQUEST_TIMEOUT_SECONDS',
    );
  }
  const twilio = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three, or none to keep SMS in the outbox',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const secret = e.AUTH_SECRET ?? localSecret(e);
  const trustedOrigins = [
    ...new Set([
      new URL(publicUrl).origin,
      ...e.WEB_ORIGINS,
      'capacitor://localhost',
      'https://localhost',
      'http://localhost',
    ]),
  ];
  return {
    ...e,
    AUTH_SECRET: secret,
    PUBLIC_URL: publicUrl,
    BACKUP_DIR: e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups'),
    trustedOrigins,
    webauthn: {
      rpId: e.WEBAUTHN_RP_ID ?? new URL(publicUrl).hostname,
      rpName: e.WEBAUTHN_RP_NAME,
      // The web app's origins and the Capacitor app's (capacitor://localhost, https://localhost).
      origins: e.WEBAUTHN_ORIGINS ?? trustedOrigins.filter((o) => o !== 'http://localhost'),
    },
  };
}

/**
 * A zero-setup install keeps a generated secret beside its embedded database. A real PostgreSQL
 * needs the secret configured, except in development (which generates one as above): the tests'
 * constant secret is public, and with it anyone can forge session and verification tokens, so it
 * is only ever used for an embedded database under NODE_ENV=test.
 */
function localSecret(e: Env): string {
  if (e.DATABASE_URL && e.NODE_ENV !== 'development') {
    throw new ConfigError(
      `Invalid configuration:\n  AUTH_SECRET: required with DATABASE_URL (NODE_ENV is ${e.NODE_ENV}; only development generates one)`,
    );
  }
  if (e.NODE_ENV === 'test') return TEST_AUTH_SECRET;
  const file = path.join(e.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(e.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
