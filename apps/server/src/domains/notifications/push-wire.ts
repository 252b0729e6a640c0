import { createCipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import type http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import tls from 'node:tls';

// The wire of Web Push: the message's encryption (RFC 8291, aes128gcm of RFC 8188) and one client per
// push service origin that keeps its connections open (HTTP/2 when the service speaks it).

const KEY_INFO = Buffer.from('WebPush: info\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');
const RECORD_SIZE = 4096;

/**
 * The body of one Web Push message for a subscription: a fresh ECDH key pair and salt per message, one
 * record (the payload and its 0x02 delimiter), as web-push and the browsers' http_ece do it.
 */
export function encryptPushPayload(p256dh: string, auth: string, plaintext: Buffer): Buffer {
  const uaPublic = Buffer.from(p256dh, 'base64url');
  if (uaPublic.length !== 65) throw new Error('the subscription p256dh value should be 65 bytes long');
  const authSecret = Buffer.from(auth, 'base64url');
  if (authSecret.length < 16) throw new Error('the subscription auth secret should be at least 16 bytes');
  const local = createECDH('prime256v1');
  const asPublic = local.generateKeys();
  const shared = local.computeSecret(uaPublic);
  const ikm = Buffer.from(
    hkdfSync('sha256', shared, authSecret, Buffer.concat([KEY_INFO, uaPublic, asPublic]), 32),
  );
  const salt = randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));
  const header = Buffer.alloc(16 + 4 + 1 + 65);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(65, 20);
  asPublic.copy(header, 21);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const body = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.from([2])), cipher.final()]);
  return Buffer.concat([header, body, cipher.getAuthTag()]);
}

export interface WireResponse {
  status: number;
  /** Seconds to wait, from a Retry-After header (seconds or an HTTP date); null without one. */
  retryAfterS: number | null;
}

export interface PushWire {
  post(url: URL, headers: Record<string, string>, body: Buffer): Promise<WireResponse>;
  close(): void;
}

function retryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, (at - now) / 1000);
}

/** Whether the origin's TLS handshake chose HTTP/2 (ALPN). */
function speaksH2(url: URL, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: url.hostname,
      port: Number(url.port || 443),
      servername: url.hostname.match(/^[\d.]+$/) ? undefined : url.hostname,
      ALPNProtocols: ['h2', 'http/1.1'],
    });
    const done = (h2: boolean) => {
      socket.destroy();
      resolve(h2);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('secureConnect', () => done(socket.alpnProtocol === 'h2'));
    socket.once('error', () => done(false));
  });
}

/**
 * HTTP/1.1 with keep-alive: at most `sockets` connections to the origin, each reused. A message not
 * answered within `timeoutMs` is abandoned by one sweep over those in flight, not a timer and its
 * listeners on the socket per request (a tenth of the event loop's work per message).
 */
function h1Wire(sockets: number, timeoutMs: number): PushWire {
  const agent = new https.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  const inFlight = new Map<http.ClientRequest, number>();
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () => {
    const now = Date.now();
    for (const [req, until] of inFlight) {
      if (until > now) continue;
      inFlight.delete(req);
      req.destroy(new Error('push service timed out'));
    }
    if (inFlight.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  };
  return {
    post(url, headers, body) {
      return new Promise((resolve, reject) => {
        const req = https.request(
          url,
          { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.length) } },
          (res) => {
            res.resume();
            res.on('end', () => {
              inFlight.delete(req);
              resolve({ status: res.statusCode ?? 0, retryAfterS: retryAfter(res.headers['retry-after']) });
            });
            res.on('error', (err) => {
              inFlight.delete(req);
              reject(err);
            });
          },
        );
        inFlight.set(req, Date.now() + timeoutMs);
        if (!sweeper) {
          sweeper = setInterval(sweep, Math.min(1000, timeoutMs / 4));
          sweeper.unref();
        }
        req.on('error', (err) => {
          inFlight.delete(req);
          reject(err);
        });
        req.end(body);
      });
    },
    close: () => {
      if (sweeper) clearInterval(sweeper);
      sweeper = null;
      agent.destroy();
    },
  };
}

/** HTTP/2: one connection to the origin, a stream per message (opened again if it closes). */
function h2Wire(origin: string, timeoutMs: number): PushWire {
  let session: http2.ClientHttp2Session | null = null;
  const open = () => {
    if (session && !session.closed && !session.destroyed) return session;
    const s = http2.connect(origin);
    s.on('error', () => {});
    s.on('close', () => {
      if (session === s) session = null;
    });
    s.unref();
    session = s;
    return s;
  };
  return {
    post(url, headers, body) {
      return new Promise((resolve, reject) => {
        const req = open().request({
          ':method': 'POST',
          ':path': `${url.pathname}${url.search}`,
          ...headers,
          'content-length': String(body.length),
        });
        req.setTimeout(timeoutMs, () => req.close(http2.constants.NGHTTP2_CANCEL));
        let status = 0;
        let after: number | null = null;
        req.on('response', (h) => {
          status = Number(h[':status']);
          after = retryAfter(h['retry-after']);
        });
        req.on('data', () => {});
        req.on('end', () => resolve({ status, retryAfterS: after }));
        req.on('close', () => {
          if (status === 0) reject(new Error('push service closed the stream'));
        });
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => session?.close(),
  };
}

/**
 * One client per push service origin, made on its first message: HTTP/2 when the origin's TLS
 * handshake chooses it (FCM, Apple), else HTTP/1.1 keep-alive with up to `sockets` connections.
 */
export function createPushWire({
  sockets = 64,
  timeoutMs = 10_000,
}: {
  sockets?: number;
  timeoutMs?: number;
} = {}): PushWire {
  const origins = new Map<string, Promise<PushWire>>();
  const wireOf = (url: URL) => {
    let wire = origins.get(url.origin);
    if (!wire) {
      const made = speaksH2(url, timeoutMs).then((h2) =>
        h2 ? h2Wire(url.origin, timeoutMs) : h1Wire(sockets, timeoutMs),
      );
      // A failed probe is tried again with the next message.
      made.catch(() => origins.delete(url.origin));
      origins.set(url.origin, made);
      wire = made;
    }
    return wire;
  };
  return {
    async post(url, headers, body) {
      return (await wireOf(url)).post(url, headers, body);
    },
    close() {
      for (const w of origins.values()) void w.then((x) => x.close()).catch(() => {});
      origins.clear();
    },
  };
}
