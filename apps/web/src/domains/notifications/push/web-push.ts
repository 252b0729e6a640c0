import type { WebPushSubscriptionInput } from '@lastman/api';
import { http } from '../../../lib/api.ts';
import { deviceId, deviceLabel, isIosBrowserTab } from './device.ts';

export type PushAvailability = 'available' | 'ios-home-screen' | 'unsupported';

export function webPushAvailability(): PushAvailability {
  if (isIosBrowserTab()) return 'ios-home-screen';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return 'available';
}

const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
};

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  return existing ?? null;
}

async function send(sub: PushSubscription) {
  const json = sub.toJSON() as {
    endpoint: string;
    expirationTime?: number | null;
    keys: { p256dh: string; auth: string };
  };
  const body: WebPushSubscriptionInput = {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    deviceId: deviceId(),
    label: deviceLabel(),
  };
  await http.post('/api/push/subscriptions', body);
}

/**
 * Turns push on for this browser: asks for permission (only ever here, after the user chose to),
 * subscribes with the server's VAPID key and registers the subscription.
 */
export async function turnOnWebPush(): Promise<'on' | 'denied' | 'unavailable'> {
  if (webPushAvailability() !== 'available') return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const reg = (await registration()) ?? (await navigator.serviceWorker.ready);
  const { key } = await http.get<{ key: string }>('/api/push/vapid-public-key');
  const existing = await reg.pushManager.getSubscription();
  const sub =
    existing ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await send(sub);
  return 'on';
}

/** At every app start where push is on: the subscription is sent again (renewed, or re-made if gone). */
export async function renewWebPush(): Promise<void> {
  if (webPushAvailability() !== 'available' || Notification.permission !== 'granted') return;
  const reg = await registration();
  if (!reg) return;
  const sub = await reg.pushManager.getSubscription();
  if (sub) await send(sub);
  else await turnOnWebPush();
}

export async function turnOffWebPush(): Promise<void> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  await sub?.unsubscribe();
  await http.delete(`/api/push/devices/${encodeURIComponent(deviceId())}`);
}

export async function webPushIsOn(): Promise<boolean> {
  if (webPushAvailability() !== 'available' || Notification.permission !== 'granted') return false;
  const reg = await registration();
  return Boolean(await reg?.pushManager.getSubscription());
}
