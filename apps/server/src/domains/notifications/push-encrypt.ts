import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { encryptPushPayload } from './push-wire.ts';

/**
 * The worker's own copy of `encryptPushPayload` (push-wire.ts), in plain JavaScript: a worker started
 * from source runs the same under the server, the tests and the benchmarks, whatever loads TypeScript.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createCipheriv, createECDH, hkdfSync, randomBytes } = require('node:crypto');
const KEY_INFO = Buffer.from('WebPush: info\\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\\0');
function encrypt(p256dh, auth, plaintext) {
  const uaPublic = Buffer.from(p256dh, 'base64url');
  if (uaPublic.length !== 65) throw new Error('the subscription p256dh value should be 65 bytes long');
  const authSecret = Buffer.from(auth, 'base64url');
  if (authSecret.length < 16) throw new Error('the subscription auth secret should be at least 16 bytes');
  const local = createECDH('prime256v1');
  const asPublic = local.generateKeys();
  const shared = local.computeSecret(uaPublic);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, Buffer.concat([KEY_INFO, uaPublic, asPublic]), 32));
  const salt = randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, CEK_INFO, 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12));
  const header = Buffer.alloc(86);
  salt.copy(header, 0);
  header.writeUInt32BE(4096, 16);
  header.writeUInt8(65, 20);
  asPublic.copy(header, 21);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const body = Buffer.concat([cipher.update(plaintext), cipher.update(Buffer.from([2])), cipher.final()]);
  return Buffer.concat([header, body, cipher.getAuthTag()]);
}
parentPort.on('message', ({ id, jobs }) => {
  const out = jobs.map((j) => {
    try {
      return { body: encrypt(j.p256dh, j.auth, Buffer.from(j.plaintext)) };
    } catch (err) {
      return { error: String(err && err.message) };
    }
  });
  parentPort.postMessage({ id, out });
});
`;

interface Job {
  p256dh: string;
  auth: string;
  plaintext: string;
  resolve: (body: Buffer) => void;
  reject: (err: Error) => void;
}

export interface PushEncryptor {
  encrypt(p256dh: string, auth: string, plaintext: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Encrypts Web Push bodies on worker threads, so the ECDH of each message (most of a push's CPU)
 * runs beside the event loop that sends the others. Messages asked for in the same turn go to a
 * worker together, a chunk at a time. With one core there is no thread to spare: it encrypts inline.
 */
export function createPushEncryptor({
  threads = Math.min(4, availableParallelism() - 1),
  chunk = 16,
}: {
  threads?: number;
  chunk?: number;
} = {}): PushEncryptor {
  if (threads < 1) {
    return {
      encrypt: async (p256dh, auth, plaintext) => encryptPushPayload(p256dh, auth, Buffer.from(plaintext)),
      close: async () => {},
    };
  }
  const workers: Worker[] = [];
  const inFlight = new Map<number, { worker: number; jobs: Job[] }>();
  const load: number[] = Array.from({ length: threads }, () => 0);
  let nextId = 0;
  let queued: Job[] = [];
  let scheduled = false;
  /** A worker that failed: its messages are refused (tried again later) and a new one takes its place. */
  const fail = (i: number, err: Error) => {
    for (const [id, f] of inFlight) {
      if (f.worker !== i) continue;
      for (const j of f.jobs) j.reject(err);
      inFlight.delete(id);
    }
    start(i);
  };
  const start = (i: number) => {
    const w = new Worker(WORKER_SOURCE, { eval: true });
    w.unref();
    w.on('message', ({ id, out }: { id: number; out: { body?: Uint8Array; error?: string }[] }) => {
      const jobs = inFlight.get(id)?.jobs ?? [];
      inFlight.delete(id);
      load[i] = (load[i] ?? 0) - jobs.length;
      jobs.forEach((j, k) => {
        const r = out[k];
        if (r?.body) j.resolve(Buffer.from(r.body.buffer, r.body.byteOffset, r.body.byteLength));
        else j.reject(new Error(r?.error ?? 'not encrypted'));
      });
    });
    w.on('error', (err) => {
      if (workers[i] === w) fail(i, err);
    });
    workers[i] = w;
    load[i] = 0;
  };
  const dispatch = () => {
    scheduled = false;
    const jobs = queued;
    queued = [];
    for (let at = 0; at < jobs.length; at += chunk) {
      const part = jobs.slice(at, at + chunk);
      let i = 0;
      for (let k = 1; k < threads; k++) if ((load[k] ?? 0) < (load[i] ?? 0)) i = k;
      if (!workers[i]) start(i); // started on the first message, not with every app
      const id = nextId++;
      inFlight.set(id, { worker: i, jobs: part });
      load[i] = (load[i] ?? 0) + part.length;
      workers[i]?.postMessage({
        id,
        jobs: part.map((j) => ({ p256dh: j.p256dh, auth: j.auth, plaintext: j.plaintext })),
      });
    }
  };
  return {
    encrypt(p256dh, auth, plaintext) {
      return new Promise<Buffer>((resolve, reject) => {
        queued.push({ p256dh, auth, plaintext, resolve, reject });
        if (queued.length >= chunk) dispatch();
        else if (!scheduled) {
          scheduled = true;
          setImmediate(dispatch);
        }
      });
    },
    async close() {
      const all = workers.splice(0).filter(Boolean);
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}
