import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { escapeHtml, type Mailer } from '../../lib/mailer.ts';
import { notificationKind } from './kinds.ts';
import {
  apnsSender,
  fcmSender,
  loadVapidKeys,
  type NativeSender,
  type PushOutcome,
  type PushPayload,
  sendWebPush,
  type VapidKeys,
} from './push.ts';
import {
  type ClaimedDelivery,
  claimDeliveries,
  devicesOf,
  finishDeliveries,
  lapseDevice,
} from './queries.ts';

interface Log {
  error(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

export interface Notifier {
  /** Sends what is pending now (after a transaction that called notify() commits). */
  kick(): Promise<void>;
  /** Sends until nothing is pending; resolves with how many deliveries were handled. */
  drain(): Promise<number>;
  vapidKeys(): Promise<VapidKeys>;
  /** Polls for deliveries other processes and jobs queued, every `intervalMs`. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

const BATCH = 500;
const PARALLEL = 64;

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

async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (i < items.length) await fn(items[i++] as T);
    }),
  );
}

/**
 * The sending path: claims queued deliveries (each by exactly one process), sends push to every device
 * of the user (Web Push, FCM, APNs) and email through the mailer, and records the outcome. A push
 * service's 404/410 lapses the device.
 */
export function createNotifier(opts: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  log: Log;
}): Notifier {
  const { db, config, clock, mailer, log } = opts;
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

  async function sendPush(batch: ClaimedDelivery[]) {
    if (batch.length === 0) return;
    const byClub = new Map<string, ClaimedDelivery[]>();
    for (const d of batch) byClub.set(d.club_id, [...(byClub.get(d.club_id) ?? []), d]);
    const sent: string[] = [];
    const failed: string[] = [];
    const none: string[] = [];
    const k = await vapidKeys();
    for (const [clubId, list] of byClub) {
      const devices = await devicesOf(db, { clubId, userIds: [...new Set(list.map((d) => d.user_id))] });
      const byUser = new Map<string, typeof devices>();
      for (const dev of devices) byUser.set(dev.userId, [...(byUser.get(dev.userId) ?? []), dev]);
      await inParallel(list, PARALLEL, async (d) => {
        const payload: PushPayload = {
          id: d.notification_id,
          kind: d.kind,
          title: d.title,
          body: d.body,
          link: d.link,
        };
        const urgent = d.kind === 'reminders';
        let ok = false;
        let tried = false;
        for (const dev of byUser.get(d.user_id) ?? []) {
          let result: { outcome: PushOutcome; detail?: string } | null = null;
          if (dev.platform === 'web' && dev.endpoint && dev.p256dh && dev.auth) {
            result = await sendWebPush(
              k,
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
          if (result.outcome === 'sent') ok = true;
          else if (result.outcome === 'gone') await lapseDevice(db, { clubId, id: dev.id, at: clock.now() });
          else log.warn({ device: dev.id, detail: result.detail }, 'push not delivered');
        }
        (ok ? sent : tried ? failed : none).push(d.id);
      });
    }
    const at = clock.now();
    await finishDeliveries(db, { ids: sent, status: 'sent', at });
    await finishDeliveries(db, { ids: failed, status: 'failed', detail: 'no device took it', at });
    await finishDeliveries(db, { ids: none, status: 'skipped', detail: 'no device to push to', at });
  }

  async function sendEmail(batch: ClaimedDelivery[]) {
    const sent: string[] = [];
    const failed: string[] = [];
    await inParallel(batch, 8, async (d) => {
      const unsubscribe = unsubscribeUrl(config, { userId: d.user_id, clubId: d.club_id, kind: d.kind });
      const link = d.link ? `${config.PUBLIC_URL}${d.link}` : null;
      const label = notificationKind(d.kind).label;
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
        sent.push(d.id);
      } catch (err) {
        log.error({ err, delivery: d.id }, 'notification email not sent');
        failed.push(d.id);
      }
    });
    const at = clock.now();
    await finishDeliveries(db, { ids: sent, status: 'sent', at });
    await finishDeliveries(db, { ids: failed, status: 'failed', detail: 'email not sent', at });
  }

  async function pass(): Promise<number> {
    const batch = await claimDeliveries(db, { limit: BATCH, now: clock.now(), staleMs: 5 * 60_000 });
    await Promise.all([
      sendPush(batch.filter((d) => d.channel === 'push')),
      sendEmail(batch.filter((d) => d.channel === 'email')),
    ]);
    return batch.length;
  }

  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const drain = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        for (;;) {
          const n = await pass();
          total += n;
          if (n < BATCH) break;
        }
      } while (again && !stopped);
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
      if (running) await running;
    },
  };
}
