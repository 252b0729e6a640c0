import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isNative } from '../../lib/platform.ts';
import { useUiState } from '../../lib/ui-state.ts';
import { refreshNotifications } from './api/notifications-api.ts';
import { NATIVE_PUSH_ON, NOTIFICATION_EVENT } from './push/device.ts';

/**
 * Keeps the list and the badge live while the app is open: a push arriving (the service worker or the
 * native plugin says so) refreshes them. At app start, where the user had turned push on, the device's
 * subscription or token is renewed; nobody is ever asked for permission from here.
 */
export function NotificationLive() {
  const loggedIn = useUiState((s) => s.loggedIn);
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!loggedIn) return;
    const refresh = () => refreshNotifications(client);
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; link?: string } | null;
      if (data?.type === 'lastman:notification') refresh();
      if (data?.type === 'lastman:open' && data.link?.startsWith('/')) navigate(data.link);
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    window.addEventListener(NOTIFICATION_EVENT, refresh);
    const pushWasOn = isNative()
      ? localStorage.getItem(NATIVE_PUSH_ON) === '1'
      : 'Notification' in window && Notification.permission === 'granted';
    if (pushWasOn) {
      void import('./push/push.ts')
        .then((push) => push.renewPush((link) => navigate(link)))
        .catch(() => undefined);
    }
    return () => {
      navigator.serviceWorker?.removeEventListener('message', onMessage);
      window.removeEventListener(NOTIFICATION_EVENT, refresh);
    };
  }, [loggedIn, client, navigate]);
  return null;
}
