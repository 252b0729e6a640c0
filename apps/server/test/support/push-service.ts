/// <reference path="./http-ece.d.ts" />
/**
 * A Web Push service on this machine, as a browser vendor runs one: HTTPS (web-push always posts over
 * TLS) with a self-signed certificate the test process trusts, endpoints per subscription, and the
 * subscriber's side of RFC 8291: each payload is decrypted with the subscription's own ECDH key and
 * auth secret (http_ece), so what is recorded is what a browser would show. A subscription can be set
 * to answer 410 Gone, as a real service does when the user revoked it.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import ece from 'http_ece';

export interface ReceivedPush {
  subscription: string;
  payload: { id: string; kind: string; title: string; body: string; link: string | null };
  ttl: string | undefined;
  urgency: string | undefined;
  vapidKey: string;
  at: number;
  protocol: 'h2' | 'http/1.1';
}

interface Subscriber {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  status: number;
  /** Answers with `status` this many times more, then 201 again; undefined: always. */
  times?: number;
  retryAfter?: string;
}

/** A certificate for 127.0.0.1, made once per process and added to the CAs Node's TLS trusts. */
function certificate(): { key: string; cert: string; certFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-days',
      '2',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8'), certFile: cert };
  // What NODE_EXTRA_CA_CERTS does for a server process, done here for the one the test runs in.
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), pair.cert]);
  return pair;
}

/** Checks the VAPID JWT (RFC 8292): signed by the key in `k`, for this service's origin. */
function vapidKeyOf(authorization: string | undefined, origin: string): string {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, token = '', k = ''] = m;
  const [h = '', c = '', s = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== origin) throw new Error(`VAPID audience ${claims.aud} is not ${origin}`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`VAPID subject ${claims.sub}`);
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${c}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  return k;
}

/**
 * `decrypt: 'sample'` (the benchmark) decrypts every hundredth message and counts the rest: a real
 * push service never decrypts, and the browser's work is not the server's.
 */
export async function startPushService(opts: { decrypt?: 'all' | 'sample'; http2?: boolean } = {}) {
  let count = 0;
  /** After this many accepted messages, the next ones are held unanswered (a stalled service). */
  let holdAfter = Number.POSITIVE_INFINITY;
  let requests = 0;
  const { key, cert, certFile } = certificate();
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  let waiters: (() => void)[] = [];
  let origin = '';
  // The HTTP/2 compatibility API gives the same request and response as HTTP/1.1 here.
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const sub = subscribers.get(id);
      if (!sub) {
        res.writeHead(404).end();
        return;
      }
      if (sub.status !== 201) {
        const headers: Record<string, string> = sub.retryAfter ? { 'retry-after': sub.retryAfter } : {};
        res.writeHead(sub.status, headers).end();
        if (sub.times !== undefined && --sub.times <= 0) {
          sub.status = 201;
          sub.times = undefined;
          sub.retryAfter = undefined;
        }
        return;
      }
      if (received.length >= holdAfter) return; // never answered
      const protocol = req.httpVersion === '2.0' ? 'h2' : 'http/1.1';
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (opts.decrypt === 'sample' && count++ % 100 !== 0) {
          received.push({
            subscription: id,
            payload: { id: '', kind: '', title: '', body: '', link: null },
            ttl: undefined,
            urgency: undefined,
            vapidKey: '',
            at: Date.now(),
            protocol,
          });
          res.writeHead(201).end();
          return;
        }
        const vapidKey = vapidKeyOf(req.headers.authorization, origin);
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: sub.ecdh,
          authSecret: sub.auth.toString('base64url'),
        });
        received.push({
          subscription: id,
          payload: JSON.parse(plain.toString('utf8')),
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          vapidKey,
          at: Date.now(),
          protocol,
        });
        res.writeHead(201).end();
      } catch (err) {
        errors.push(String(err));
        res.writeHead(400).end();
      }
      for (const w of waiters) w();
      waiters = [];
    });
  };
  const server = opts.http2
    ? http2.createSecureServer({ key, cert, allowHTTP1: true }, handler as never)
    : https.createServer({ key, cert }, handler);
  // An HTTP/2 server closes when its clients' sessions do: they are ended at close().
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (s: http2.ServerHttp2Session) => {
    sessions.add(s);
    s.on('close', () => sessions.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `https://127.0.0.1:${port}`;

  return {
    host: '127.0.0.1',
    origin,
    /** The certificate to trust in another process (NODE_EXTRA_CA_CERTS). */
    certFile,
    /** Requests answered or held so far, whatever the answer. */
    requests: () => requests,
    /** Holds every message after the `n`th accepted unanswered (Infinity: answers again). */
    holdAfter(n: number) {
      holdAfter = n;
    },
    received,
    errors,
    /** A browser's PushSubscription.toJSON() for a new subscription on this service. */
    subscribe(): {
      endpoint: string;
      expirationTime: null;
      keys: { p256dh: string; auth: string };
      id: string;
    } {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString('hex');
      subscribers.set(id, { ecdh, auth, status: 201 });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /**
     * The subscription now answers with this status (410: the user revoked it), `times` times if
     * given (429 with a Retry-After, then 201 again).
     */
    answer(id: string, status: number, more: { times?: number; retryAfter?: string } = {}) {
      const s = subscribers.get(id);
      if (s) Object.assign(s, { status, times: more.times, retryAfter: more.retryAfter });
    },
    for: (id: string) => received.filter((r) => r.subscription === id),
    async waitFor(predicate: () => boolean, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > until)
          throw new Error(
            `push service: timed out; received ${received.length}, errors ${errors.join('; ')}`,
          );
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        for (const s of sessions) s.destroy();
      }),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
