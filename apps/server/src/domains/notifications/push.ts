import { createSign } from 'node:crypto';
import http2 from 'node:http2';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { VapidKeys } from '../../lib/notifier.ts';
import type { PushEncryptor } from './push-encrypt.ts';
import type { PushWire } from './push-wire.ts';
import { sharedKey } from './queries.ts';

/**
 * The hosts of the browsers' push services. The server posts to whatever endpoint a client
 * registers, so an endpoint anywhere else is refused (PUSH_SERVICE_HOSTS adds more, any port).
 */
const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet
  'android.googleapis.com',
  'updates.push.services.mozilla.com', // Firefox
  'push.services.mozilla.com',
  '.push.apple.com', // Safari (web.push.apple.com)
  '.notify.windows.com', // Edge on Windows (wns2-*.notify.windows.com)
];

export function pushEndpointAllowed(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (extraHosts.some((h) => h.toLowerCase() === host)) return true;
  if (url.port && url.port !== '443') return false;
  return KNOWN_PUSH_HOSTS.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));
}

export type { VapidKeys };

/** The VAPID subject: configured, else the public https URL, else a mailto: of the sender address. */
export function vapidSubject(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const url = new URL(config.PUBLIC_URL);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  const address = /<([^>]+)>/.exec(config.MAIL_FROM)?.[1] ?? config.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/** The VAPID keys from configuration, or the pair generated once and kept in the database. */
export async function loadVapidKeys(db: Db, config: Config): Promise<VapidKeys> {
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const stored = await sharedKey(db, { name: 'vapid', make: () => ({ ...webpush.generateVAPIDKeys() }) });
  return { publicKey: String(stored.publicKey), privateKey: String(stored.privateKey), subject };
}

export interface PushPayload {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

export type PushOutcome = 'sent' | 'gone' | 'retry' | 'failed';

export interface WebPushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The VAPID headers of one push service origin, signed once and reused until an hour before they
 * expire: signing a JWT per message cost more than encrypting it (RFC 8292 allows up to 24 hours).
 */
const vapidCache = new Map<string, { headers: Record<string, string>; until: number }>();
const VAPID_TTL_S = 12 * 3600;

export function vapidHeadersFor(keys: VapidKeys, audience: string): Record<string, string> {
  const key = `${keys.publicKey}|${audience}`;
  const now = Date.now();
  const cached = vapidCache.get(key);
  if (cached && cached.until > now) return cached.headers;
  const headers = webpush.getVapidHeaders(
    audience,
    keys.subject,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    Math.floor(now / 1000) + VAPID_TTL_S,
  ) as Record<string, string>;
  vapidCache.set(key, { headers, until: now + (VAPID_TTL_S - 3600) * 1000 });
  return headers;
}

export interface PushResult {
  outcome: PushOutcome;
  detail?: string;
  /** For 'retry': seconds the service asked to wait (Retry-After), if it said. */
  retryAfterS?: number | null;
}

/** One Web Push message (RFC 8291 aes128gcm, VAPID RFC 8292) over the origin's kept-open connection. */
export async function sendWebPush(
  { wire, encryptor }: { wire: PushWire; encryptor: PushEncryptor },
  keys: VapidKeys,
  target: WebPushTarget,
  payload: PushPayload,
  opts: { urgent: boolean },
): Promise<PushResult> {
  let url: URL;
  let body: Buffer;
  try {
    url = new URL(target.endpoint);
    body = await encryptor.encrypt(target.p256dh, target.auth, JSON.stringify(payload));
  } catch (err) {
    return { outcome: 'failed', detail: (err as Error).message };
  }
  try {
    const res = await wire.post(
      url,
      {
        ...vapidHeadersFor(keys, url.origin),
        ttl: String(opts.urgent ? 30 * 60 : 24 * 3600),
        urgency: opts.urgent ? 'high' : 'normal',
        'content-type': 'application/octet-stream',
        'content-encoding': 'aes128gcm',
      },
      body,
    );
    return pushResult(res.status, res.retryAfterS);
  } catch (err) {
    // The connection failed or timed out: the service may be down for a moment; tried again.
    return { outcome: 'retry', detail: (err as Error).message, retryAfterS: null };
  }
}

/** A push service's answer: 2xx sent; 404/410 the subscription is gone; 429 and 5xx again later. */
export function pushResult(status: number, retryAfterS: number | null): PushResult {
  if (status >= 200 && status < 300) return { outcome: 'sent' };
  const detail = `push service answered ${status}`;
  if (status === 404 || status === 410) return { outcome: 'gone', detail };
  if (status === 429 || status >= 500) return { outcome: 'retry', detail, retryAfterS };
  return { outcome: 'failed', detail };
}

export function badSubscription(message: string) {
  return new AppError('BAD_REQUEST', message);
}

// ---- Native push: FCM HTTP v1 (Android) and APNs (iOS), each when configured ----

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

function jwt(header: object, claims: object, key: string, alg: 'RS256' | 'ES256'): string {
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  const signer = createSign('SHA256');
  signer.update(input);
  const sig = signer.sign(alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key);
  return `${input}.${b64url(sig)}`;
}

export interface NativeSender {
  send(
    token: string,
    payload: PushPayload,
    opts: { urgent: boolean },
  ): Promise<{ outcome: PushOutcome; detail?: string }>;
}

/** FCM HTTP v1 with a service account: an OAuth token from Google, then one POST per message. */
export function fcmSender(config: Config): NativeSender | null {
  const { FCM_PROJECT_ID: project, FCM_CLIENT_EMAIL: email, FCM_PRIVATE_KEY: key } = config;
  if (!project || !email || !key) return null;
  const pem = key.replace(/\\n/g, '\n');
  let cached: { token: string; until: number } | null = null;
  async function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now() + 60_000) return cached.token;
    const now = Math.floor(Date.now() / 1000);
    const assertion = jwt(
      { alg: 'RS256', typ: 'JWT' },
      {
        iss: email,
        scope: 'https://www.googleapis.com/auth/firebase.messaging',
        aud: 'https://oauth2.googleapis.com/token',
        iat: now,
        exp: now + 3600,
      },
      pem,
      'RS256',
    );
    const res = await fetch('https://oauth2.googleapis.com/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    if (!res.ok) throw new Error(`Google OAuth answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    cached = { token: body.access_token, until: Date.now() + body.expires_in * 1000 };
    return body.access_token;
  }
  return {
    async send(token, payload, opts) {
      try {
        const res = await fetch(`${config.FCM_API_URL}/v1/projects/${project}/messages:send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            message: {
              token,
              notification: { title: payload.title, body: payload.body },
              data: { id: payload.id, kind: payload.kind, link: payload.link ?? '' },
              android: { priority: opts.urgent ? 'HIGH' : 'NORMAL' },
            },
          }),
        });
        if (res.ok) return { outcome: 'sent' };
        const text = await res.text();
        if (res.status === 404 || text.includes('UNREGISTERED'))
          return { outcome: 'gone', detail: 'FCM: unregistered' };
        if (res.status === 429 || res.status >= 500)
          return pushResult(res.status, Number(res.headers.get('retry-after')) || null);
        return { outcome: 'failed', detail: `FCM answered ${res.status}` };
      } catch (err) {
        return { outcome: 'failed', detail: (err as Error).message };
      }
    },
  };
}

/** APNs over HTTP/2 with a token-based (.p8) key; the plugin gives an APNs device token on iOS. */
export function apnsSender(config: Config): NativeSender | null {
  const { APNS_KEY_ID: keyId, APNS_TEAM_ID: teamId, APNS_PRIVATE_KEY: key, APNS_BUNDLE_ID: topic } = config;
  if (!keyId || !teamId || !key || !topic) return null;
  const pem = key.replace(/\\n/g, '\n');
  let cached: { token: string; at: number } | null = null;
  const bearer = () => {
    // APNs wants a token between 20 and 60 minutes old at most.
    if (!cached || Date.now() - cached.at > 40 * 60_000) {
      cached = {
        token: jwt(
          { alg: 'ES256', kid: keyId },
          { iss: teamId, iat: Math.floor(Date.now() / 1000) },
          pem,
          'ES256',
        ),
        at: Date.now(),
      };
    }
    return cached.token;
  };
  return {
    send(token, payload, opts) {
      return new Promise((resolve) => {
        const client = http2.connect(config.APNS_HOST);
        client.on('error', (err) => resolve({ outcome: 'failed', detail: err.message }));
        const req = client.request({
          ':method': 'POST',
          ':path': `/3/device/${token}`,
          authorization: `bearer ${bearer()}`,
          'apns-topic': topic,
          'apns-push-type': 'alert',
          'apns-priority': opts.urgent ? '10' : '5',
        });
        let status = 0;
        req.on('response', (h) => {
          status = Number(h[':status']);
        });
        req.on('data', () => {});
        req.on('end', () => {
          client.close();
          if (status === 200) resolve({ outcome: 'sent' });
          else if (status === 410 || status === 400)
            resolve({ outcome: status === 410 ? 'gone' : 'failed', detail: `APNs answered ${status}` });
          else resolve({ outcome: 'failed', detail: `APNs answered ${status}` });
        });
        req.on('error', (err) => resolve({ outcome: 'failed', detail: err.message }));
        req.end(
          JSON.stringify({
            aps: { alert: { title: payload.title, body: payload.body }, sound: 'default' },
            id: payload.id,
            kind: payload.kind,
            link: payload.link,
          }),
        );
      });
    },
  };
}
