import type {
  MarkNotificationsRead,
  NotificationList,
  NotificationPreferences,
  PushDeviceList,
  UnreadCount,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { type Me, meQueryKey, useMe } from '../../../lib/me.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
  devices: () => [...notificationKeys.all, 'devices'] as const,
};

// GET /api/notifications
export const fetchNotifications = () => http.get<NotificationList>('/api/notifications');
export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.list(),
  queryFn: fetchNotifications,
  staleTime: 10_000,
});
export const useNotifications = () => useQuery(notificationsQuery);

// GET /api/notifications/unread: the badge after the first screen (which has it from /api/me).
export const fetchUnread = () => http.get<UnreadCount>('/api/notifications/unread');

/** How often an open app asks for the badge when no push says there is something new. */
export const UNREAD_POLL_MS = 60_000;

/**
 * The unread count for the menu's and tab bar's badge. It starts from /api/me (the first screen
 * asks for nothing more), then follows the list, a push arriving (the service worker says so), the
 * app coming back to the foreground, and a slow poll while it is open. It waits while the session
 * is being checked: the `me` kept from the last visit may belong to a session that has ended.
 */
export function useUnreadCount(enabled: boolean): number {
  const me = useMe();
  const fromMe = me.data?.unreadNotifications;
  const query = useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: async () => (await fetchUnread()).unread,
    enabled: enabled && fromMe !== undefined && me.fetchStatus !== 'fetching',
    initialData: fromMe,
    initialDataUpdatedAt: me.dataUpdatedAt,
    staleTime: UNREAD_POLL_MS - 5_000,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  return enabled ? (query.data ?? fromMe ?? 0) : 0;
}

// POST /api/notifications/read
export const markRead = (input: MarkNotificationsRead) =>
  http.post<UnreadCount>('/api/notifications/read', input);
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: ({ unread }, input) => {
      const at = new Date().toISOString();
      client.setQueryData(notificationKeys.unread(), unread);
      client.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, unreadNotifications: unread } : me));
      client.setQueryData<NotificationList>(notificationKeys.list(), (list) =>
        list
          ? {
              unread,
              notifications: list.notifications.map((n) =>
                n.readAt === null && ('all' in input || input.ids.includes(n.id)) ? { ...n, readAt: at } : n,
              ),
            }
          : list,
      );
    },
  });
}

/** Something new arrived (a push, the list reloaded): the list and the badge ask again. */
export function refreshNotifications(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: notificationKeys.all });
}

// GET and PUT /api/me/notification-preferences
export const fetchPreferences = () => http.get<NotificationPreferences>('/api/me/notification-preferences');
export const preferencesQuery = queryOptions({
  queryKey: notificationKeys.preferences(),
  queryFn: fetchPreferences,
});
export const usePreferences = () => useQuery(preferencesQuery);
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: NotificationPreferences) =>
      (
        await http.request<NotificationPreferences>('PUT', '/api/me/notification-preferences', {
          body: input,
        })
      ).data,
    onSuccess: (saved) => client.setQueryData(notificationKeys.preferences(), saved),
  });
}

// GET /api/push/devices
export const fetchDevices = () => http.get<PushDeviceList>('/api/push/devices');
export const devicesQuery = queryOptions({ queryKey: notificationKeys.devices(), queryFn: fetchDevices });
export const useDevices = () => useQuery(devicesQuery);
