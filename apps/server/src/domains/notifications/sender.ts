import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { escapeHtml, type Mailer } from '../../lib/mailer.ts';
import type { Notifier } from '../../lib/notifier.ts';
import type { Registries } from '../../lib/registries.ts';
import {
  apnsSender,
  fcmSender,
  loadVapidKeys,
  type NativeSender,
  type PushPayload,
  type PushResult,
  sendWebPush,
  type VapidKeys,
} from './push.ts';
import { createPushEncryptor } from './push-encrypt.ts';
import { createPushWire } from './push-wire.ts';
import {
  type ClaimedDelivery,
  claimDeliveries,
  type DeliveryOutcome,
  lapseDevice,
  recordDeliveries,
  releaseClaims,
  renewClaims,
} from './queries.ts';

interface Log {
  error(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

export type { Notifier };

const BATCH = 500;
const PARALLEL = 64;
/** A claim not renewed for this long belongs to a process that died: taken again. */
const LEASE_MS = 30_000;
/** Tries of a delivery, including those a 429 or 5xx put back in the queue. */
const MAX_ATTEMPTS = 5;
/** Outcomes recorded in one statement, at least every 100 ms. */
const RECORD_EVERY = 200;

/**
 * The signed one-click unsubscribe address of one user, club and kind (RFC 8058): the club the
 * email came from, since a person's preferences are kept per club.
 */
export function unsubscribeUrl(
  config: Config,
  { userId, clubId, kind }: { userId: string; clubId: string; kind: string },
): string {
  const q = new URLSearchParams({
    u: userId,
    c: clubId,
    k: kind,
    t: unsubscribeSignature(config, { u: userId, c: clubId, k: kind }),
  });
  return `${config.PUBLIC_URL}/api/notifications/unsubscribe?${q}`;
}

/** Links sent before they named the club (no `c`) were signed over the user and kind alone. */
function unsubscribeSignature(config: Config, { u, c, k }: { u: string; c?: string | undefined; k: string }) {
  const signed = c === undefined ? `unsubscribe:${u}:${k}` : `unsubscribe:${u}:${c}:${k}`;
  return createHmac('sha256', config.AUTH_SECRET).update(signed).digest('base64url');
}

export function unsubscribeSignatureValid(
  config: Config,
  query: { u: string; c?: string | undefined; k: string; t: string },
) {
  const want = Buffer.from(unsubscribeSignature(config, query));
  const got = Buffer.from(query.t);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** Seconds before the next try of a delivery tried `attempts` times: 2, 4, 8 ... up to 5 minutes, with jitter. */
function backoffS(attempts: number): number {
  return Math.min(300, 2 ** attempts) * (0.75 + Math.random() * 0.5);
}

/** A pushed delivery's outcome over the user's devices: sent when any took it. */
interface Handled {
  outcome: 'sent' | 'failed' | 'skipped' | 'retry';
  detail: string | null;
  retryAfterS?: number | null;
}

/** What pushing a delivery to a person's devices needs. */
interface PushSenders {
  db: Db;
  clock: Clock;
  log: Log;
  wire: ReturnType<typeof createPushWire>;
  encryptor: ReturnType<typeof createPushEncryptor>;
  vapidKeys: () => Promise<VapidKeys>;
  native: Record<'android' | 'ios', NativeSender | null>;
}

/** Each of a person's devices, by Web Push, FCM or APNs: sent when any took it; a device gone is lapsed. */
async function pushToDevices(senders: PushSenders, d: ClaimedDelivery): Promise<Handled> {
  const { db, clock, log, wire, encryptor, vapidKeys, native } = senders;
  const payload: PushPayload = {
    id: d.notification_id,
    kind: d.kind,
    title: d.title,
    body: d.body,
    link: d.link,
  };
  const urgent = d.kind === 'reminders';
  let sent = false;
  let tried = false;
  let retry: Handled | null = null;
  let detail: string | null = null;
  for (const dev of d.devices ?? []) {
    let result: PushResult | null = null;
    if (dev.platform === 'web' && dev.endpoint && dev.p256dh && dev.auth) {
      result = await sendWebPush(
        { wire, encryptor },
        await vapidKeys(),
        { endpoint: dev.endpoint, p256dh: dev.p256dh, auth: dev.auth },
        payload,
        { urgent },
      );
    } else if (dev.platform !== 'web' && dev.token) {
      const sender = native[dev.platform];
      if (!sender) continue; // FCM or APNs not configured: the in-app list still has it
      result = await sender.send(dev.token, payload, { urgent });
    }
    if (!result) continue;
    tried = true;
    if (result.outcome === 'sent') sent = true;
    else if (result.outcome === 'gone')
      await lapseDevice(db, { clubId: d.club_id, id: dev.id, at: clock.now() });
    else if (result.outcome === 'retry') {
      const after = Math.max(retry?.retryAfterS ?? 0, result.retryAfterS ?? 0);
      retry = { outcome: 'retry', detail: result.detail ?? null, retryAfterS: after || null };
    } else {
      detail = result.detail ?? null;
      log.warn({ device: dev.id, detail: result.detail }, 'push not delivered');
    }
  }
  if (sent) return { outcome: 'sent', detail: null };
  if (retry) return retry;
  return tried
    ? { outcome: 'failed', detail: detail ?? 'no device took it' }
    : { outcome: 'skipped', detail: 'no device to push to' };
}

/** What emailing a delivery needs. */
interface EmailSender {
  config: Config;
  mailer: Mailer;
  log: Log;
  registries: Pick<Registries, 'notificationKinds'>;
}

/** A delivery by email, with its one-click unsubscribe; an SMTP server's 4xx is tried again later. */
async function emailOne(
  { config, mailer, log, registries }: EmailSender,
  d: ClaimedDelivery,
): Promise<Handled> {
  const unsubscribe = unsubscribeUrl(config, { userId: d.user_id, clubId: d.club_id, kind: d.kind });
  const link = d.link ? `${config.PUBLIC_URL}${d.link}` : null;
  const label = registries.notificationKinds.get(d.kind).label;
  try {
    await mailer.send({
      to: d.email,
      subject: d.title,
      text: `${d.body}\n${link ? `\n${link}\n` : ''}\nYou get these emails (${label}) from your club on Lastman. Unsubscribe: ${unsubscribe}\n`,
      html: `<p>${escapeHtml(d.body)}</p>${link ? `<p><a href="${escapeHtml(link)}">Open Lastman</a></p>` : ''}<p style="font-size:12px;color:#666">You get these emails (${escapeHtml(label)}) from your club on Lastman. <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    return { outcome: 'sent', detail: null };
  } catch (err) {
    // An SMTP server's 4xx is for later; a 5xx (the address refused) is final.
    const code = (err as { responseCode?: number }).responseCode;
    if (code !== undefined && code >= 500) {
      log.error({ err, delivery: d.id }, 'notification email not sent');
      return { outcome: 'failed', detail: 'email not sent' };
    }
    return { outcome: 'retry', detail: 'email not sent yet', retryAfterS: null };
  }
}

/**
 * The outcomes of the deliveries sent, recorded a statement per few hundred (at least every 100 ms by
 * the caller's `flush`), and the claims held until they are: a retry goes back with its wait.
 */
function createOutcomeRecorder({ db, clock, log }: { db: Db; clock: Clock; log: Log }) {
  /** Claimed and not yet recorded: renewed while sending, released on stop. */
  const held = new Set<string>();
  let outcomes: DeliveryOutcome[] = [];
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => {
    const batch = outcomes;
    outcomes = [];
    if (batch.length > 0) {
      flushing = flushing
        .then(() => recordDeliveries(db, { outcomes: batch, at: clock.now() }))
        .catch((err: unknown) => log.error({ err }, 'delivery outcomes not recorded'))
        .then(() => {
          for (const o of batch) held.delete(o.id);
        });
    }
    return flushing;
  };
  const record = (d: ClaimedDelivery, h: Handled) => {
    if (h.outcome === 'retry' && d.attempts < MAX_ATTEMPTS) {
      const waitS = h.retryAfterS ?? backoffS(d.attempts);
      outcomes.push({
        id: d.id,
        status: 'pending',
        detail: h.detail,
        notBefore: new Date(clock.now().getTime() + waitS * 1000),
      });
    } else {
      outcomes.push({ id: d.id, status: h.outcome === 'retry' ? 'failed' : h.outcome, detail: h.detail });
    }
    if (outcomes.length >= RECORD_EVERY) void flush();
  };
  return { held, flush, record };
}

/** Runs `sendAll` until nothing is due; a kick while it runs makes it go round once more. */
function createDrain(sendAll: () => Promise<number>, log: Log, stopped: () => boolean) {
  let running: Promise<number> | null = null;
  let again = false;
  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await sendAll();
      } while (again && !stopped());
      return total;
    })()
      .catch((err: unknown) => {
        log.error({ err }, 'notification delivery pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  return { drain, running: async () => void (await running) };
}

/**
 * The sending path: claims queued deliveries (each by exactly one process) a batch ahead of what it
 * is sending, sends each with `PARALLEL` at a time in flight (push to every device of the user by Web
 * Push, FCM or APNs over kept-open connections; email through the mailer's pooled SMTP), and records
 * the outcomes as they come, a statement per few hundred. A push service's 404/410 lapses the device;
 * its 429 or 5xx puts the delivery back in the queue for when it asked (Retry-After) or with backoff.
 * While sending, the process renews its claims' lease; if it dies, they lapse and are sent by another
 * process (or by it, restarted), and on stop the ones it did not send go back to the queue at once.
 */
export function createNotifier(opts: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  log: Log;
  /** The app's kinds of notification: an email names its kind. */
  registries: Pick<Registries, 'notificationKinds'>;
  /** Messages in flight at once (pushes and emails). */
  parallel?: number;
  /** How long a claim lasts without renewal. */
  leaseMs?: number;
  /** Threads encrypting pushes beside the event loop (0: on it); by default one per spare core, up to 4. */
  encryptThreads?: number;
}): Notifier {
  const { db, config, clock, mailer, log, registries } = opts;
  const parallel = opts.parallel ?? PARALLEL;
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  let keys: Promise<VapidKeys> | null = null;
  const vapidKeys = () => {
    keys ??= loadVapidKeys(db, config).catch((err) => {
      keys = null;
      throw err;
    });
    return keys;
  };
  const native: Record<'android' | 'ios', NativeSender | null> = {
    android: fcmSender(config),
    ios: apnsSender(config),
  };
  const wire = createPushWire({ sockets: parallel });
  const encryptor = createPushEncryptor(
    opts.encryptThreads === undefined ? {} : { threads: opts.encryptThreads },
  );

  const { held, flush, record } = createOutcomeRecorder({ db, clock, log });

  /**
   * One delivery's outcome. A sender that throws (a database error lapsing a device, a worker gone)
   * puts the delivery back in the queue with backoff: it must not end the pass, which would leave the
   * other senders' deliveries claimed and unrecorded until their lease lapsed.
   */
  async function handle(d: ClaimedDelivery): Promise<Handled> {
    try {
      return d.channel === 'push'
        ? await pushToDevices({ db, clock, log, wire, encryptor, vapidKeys, native }, d)
        : await emailOne({ config, mailer, log, registries }, d);
    } catch (err) {
      log.error({ err, delivery: d.id }, 'notification not sent');
      return { outcome: 'retry', detail: 'not sent yet', retryAfterS: null };
    }
  }

  /**
   * Sends until nothing is due: `parallel` senders take from a queue that a claim refills a batch
   * ahead, so no sender waits for the slowest of a batch.
   */
  async function sendAll(): Promise<number> {
    const queue: ClaimedDelivery[] = [];
    let exhausted = false;
    let total = 0;
    let claiming: Promise<void> | null = null;
    const refill = () => {
      claiming ??= (async () => {
        const batch = await claimDeliveries(db, {
          limit: BATCH,
          now: clock.now(),
          leaseMs,
          maxAttempts: MAX_ATTEMPTS,
        });
        for (const d of batch) held.add(d.id);
        queue.push(...batch);
        total += batch.length;
        if (batch.length < BATCH) exhausted = true;
      })()
        .catch((err: unknown) => {
          exhausted = true;
          log.error({ err }, 'notification deliveries not claimed');
        })
        .finally(() => {
          claiming = null;
        });
      return claiming;
    };
    const renew = setInterval(() => {
      const ids = [...held];
      void renewClaims(db, { ids, at: clock.now() }).catch((err: unknown) =>
        log.error({ err }, 'delivery claims not renewed'),
      );
    }, leaseMs / 3);
    renew.unref();
    const flusher = setInterval(() => void flush(), 100);
    flusher.unref();
    try {
      await refill();
      await Promise.all(
        Array.from({ length: parallel }, async () => {
          for (;;) {
            if (stopped) return;
            // A whole batch ahead: a claim slower than sending half a batch (a busy database) stalls no sender.
            if (queue.length < BATCH && !exhausted) void refill();
            const d = queue.shift();
            if (!d) {
              if (exhausted) return;
              await refill();
              continue;
            }
            record(d, await handle(d));
          }
        }),
      );
    } finally {
      clearInterval(renew);
      clearInterval(flusher);
      if (claiming) await claiming;
      await flush();
      // Stopping with claims not sent: back to the queue for another process.
      const unsent = queue.splice(0).map((d) => d.id);
      if (unsent.length > 0) {
        await releaseClaims(db, { ids: unsent }).catch((err: unknown) =>
          log.error({ err }, 'delivery claims not released'),
        );
        for (const id of unsent) held.delete(id);
      }
    }
    return total;
  }

  let stopped = false;
  const { drain, running } = createDrain(sendAll, log, () => stopped);
  let timer: NodeJS.Timeout | null = null;
  return {
    kick: async () => {
      await drain();
    },
    drain,
    vapidKeys,
    start(intervalMs = 1000) {
      timer = setInterval(() => void drain(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running();
      wire.close();
      await encryptor.close();
    },
  };
}
