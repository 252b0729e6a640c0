import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { encryptPushPayload } from './push-wire.ts';

/**
 * The worker's encryption of Web Push bodies: what `encryptPushPayload` (push-wire.ts) makes, written
 * for throughput (its HKDF by one-shot hashes, a chunk's bodies written into one buffer that is moved
 * back, not copied). In plain JavaScript: a worker started from source runs the same under the server,
 * the tests and the benchmarks, whatever loads TypeScript.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createCipheriv, createECDH, hash, randomFillSync } = require('node:crypto');
const KEY_INFO = Buffer.from('WebPush: info\\0');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\\0\\x01');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\\0\\x01');
const ONE = Buffer.from([1]);
const DELIMITER = Buffer.from([2]);
const inner = Buffer.alloc(64 + 256);
const outer = Buffer.alloc(96);
// HMAC-SHA256 (RFC 2104) by two one-shot hashes: cheaper than createHmac or hkdfSync, which make
// an object (a KeyObject) of every key.
function hmac(k, parts) {
  const key = k.length > 64 ? hash('sha256', k, 'buffer') : k;
  let n = 64;
  for (const p of parts) n += p.length;
  const msg = n <= inner.length ? inner.subarray(0, n) : Buffer.allocUnsafe(n);
  msg.fill(0x36, 0, 64);
  outer.fill(0x5c, 0, 64);
  for (let i = 0; i < key.length; i++) {
    msg[i] ^= key[i];
    outer[i] ^= key[i];
  }
  let at = 64;
  for (const p of parts) at += p.copy(msg, at);
  hash('sha256', msg, 'buffer').copy(outer, 64);
  return hash('sha256', outer, 'buffer');
}
// A fresh key pair for every message (generateKeys makes a new one each call) on one ECDH object.
const local = createECDH('prime256v1');
// Writes one message's body (RFC 8291: salt, record size, key id, one record) at out[at..]; returns its end.
function encryptInto(out, at, p256dh, auth, plaintext) {
  const uaPublic = Buffer.from(p256dh, 'base64url');
  if (uaPublic.length !== 65) throw new Error('the subscription p256dh value should be 65 bytes long');
  const authSecret = Buffer.from(auth, 'base64url');
  if (authSecret.length < 16) throw new Error('the subscription auth secret should be at least 16 bytes');
  const asPublic = local.generateKeys();
  const shared = local.computeSecret(uaPublic);
  // HKDF (RFC 5869) with outputs of at most 32 bytes: one HMAC extracts, one expands (info, 0x01).
  const ikm = hmac(hmac(authSecret, [shared]), [KEY_INFO, uaPublic, asPublic, ONE]);
  const salt = randomFillSync(out, at, 16).subarray(at, at + 16);
  const prk = hmac(salt, [ikm]);
  const cipher = createCipheriv('aes-128-gcm', hmac(prk, [CEK_INFO]).subarray(0, 16), hmac(prk, [NONCE_INFO]).subarray(0, 12));
  out.writeUInt32BE(4096, at + 16);
  out[at + 20] = 65;
  asPublic.copy(out, at + 21);
  let end = at + 86;
  end += cipher.update(plaintext).copy(out, end);
  end += cipher.update(DELIMITER).copy(out, end);
  end += cipher.final().copy(out, end);
  return end + cipher.getAuthTag().copy(out, end);
}
// A chunk of jobs ([p256dh, auth, plaintext] after one another) answered with one buffer of their
// bodies, moved to the event loop's thread rather than copied; ends[k] is where body k ends.
parentPort.on('message', ({ id, jobs }) => {
  const plaintexts = [];
  let size = 0;
  for (let k = 2; k < jobs.length; k += 3) {
    const p = Buffer.from(jobs[k]);
    plaintexts.push(p);
    size += 86 + p.length + 1 + 16;
  }
  const out = Buffer.from(new ArrayBuffer(size));
  const ends = new Int32Array(plaintexts.length);
  const errors = [];
  let at = 0;
  for (let k = 0; k < plaintexts.length; k++) {
    try {
      at = encryptInto(out, at, jobs[3 * k], jobs[3 * k + 1], plaintexts[k]);
    } catch (err) {
      errors[k] = String(err && err.message);
    }
    ends[k] = at;
  }
  parentPort.postMessage({ id, buffer: out.buffer, ends, errors }, [out.buffer]);
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
 * worker together, a chunk at a time. A thread per spare core (a thread per core measured slower on
 * two busy cores: no core to give it, and more CPU per message). With one core there is no thread
 * to spare: it encrypts inline.
 */
export function createPushEncryptor({
  threads = Math.min(4, availableParallelism() - 1),
  chunk = 32,
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
    w.on(
      'message',
      ({
        id,
        buffer,
        ends,
        errors,
      }: {
        id: number;
        buffer: ArrayBuffer;
        ends: Int32Array;
        errors: string[];
      }) => {
        const jobs = inFlight.get(id)?.jobs ?? [];
        inFlight.delete(id);
        load[i] = (load[i] ?? 0) - jobs.length;
        let at = 0;
        jobs.forEach((j, k) => {
          const end = ends[k] ?? at;
          const error = errors[k];
          if (error === undefined && end > at) j.resolve(Buffer.from(buffer, at, end - at));
          else j.reject(new Error(error ?? 'not encrypted'));
          at = end;
        });
      },
    );
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
      const flat: string[] = [];
      for (const j of part) flat.push(j.p256dh, j.auth, j.plaintext);
      workers[i]?.postMessage({ id, jobs: flat });
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
