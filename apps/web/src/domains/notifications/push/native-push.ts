import { PushNotifications } from '@capacitor/push-notifications';
import type { NativePushTokenInput } from '@lastman/api';
import { http } from '../../../lib/api.ts';
import { nativePlatform } from '../../../lib/platform.ts';
import { deviceId, deviceLabel, NATIVE_PUSH_ON, NOTIFICATION_EVENT } from './device.ts';

let listening = false;

/** The token from the plugin: FCM on Android, the APNs device token on iOS; sent to the server. */
function listen(onOpen: (link: string) => void) {
  if (listening) return;
  listening = true;
  void PushNotifications.addListener('registration', ({ value }) => {
    const platform = nativePlatform();
    if (platform === 'web') return;
    const body: NativePushTokenInput = { platform, token: value, deviceId: deviceId(), label: deviceLabel() };
    void http.post('/api/push/native-tokens', body);
  });
  // A push while the app is open: the list and the badge refresh (NotificationLive listens).
  void PushNotifications.addListener('pushNotificationReceived', () => {
    window.dispatchEvent(new Event(NOTIFICATION_EVENT));
  });
  void PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
    const link = (notification.data as { link?: string } | undefined)?.link;
    if (link) onOpen(link);
  });
}

/** Asks for permission (Android 13's runtime permission, iOS's prompt) when the user turns push on. */
export async function turnOnNativePush(onOpen: (link: string) => void): Promise<'on' | 'denied'> {
  listen(onOpen);
  const { receive } = await PushNotifications.requestPermissions();
  if (receive !== 'granted') return 'denied';
  await PushNotifications.register();
  localStorage.setItem(NATIVE_PUSH_ON, '1');
  return 'on';
}

/** At app start, when permission was given before: registers again, so the server has today's token. */
export async function renewNativePush(onOpen: (link: string) => void): Promise<void> {
  const { receive } = await PushNotifications.checkPermissions();
  if (receive !== 'granted') return;
  listen(onOpen);
  await PushNotifications.register();
}

export async function turnOffNativePush(): Promise<void> {
  localStorage.removeItem(NATIVE_PUSH_ON);
  await PushNotifications.unregister();
  await http.delete(`/api/push/devices/${encodeURIComponent(deviceId())}`);
}

export async function nativePushIsOn(): Promise<boolean> {
  return (await PushNotifications.checkPermissions()).receive === 'granted';
}
