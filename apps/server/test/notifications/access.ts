import { type AccessRows, at, PUSH_KEYS } from '../support/access-matrix.ts';

/**
 * The access matrix's rows of this domain's routes. The inbox, preferences, broadcasts and push
 * devices: each caller's own. Assembled with every other domain's rows by test/platform/access-
 * matrix.test.ts.
 */
export const notificationsAccess: AccessRows = (_w) => ({
  // notifications: every route acts on the caller's own list, preferences and devices.
  'GET /api/notifications': { call: at('/api/notifications') },
  'GET /api/notifications/unread': { call: at('/api/notifications/unread') },
  'POST /api/notifications/read': { call: at('/api/notifications/read', { all: true }) },
  'GET /api/me/notification-preferences': { call: at('/api/me/notification-preferences') },
  'PUT /api/me/notification-preferences': {
    call: at('/api/me/notification-preferences', {
      timeZone: 'Europe/London',
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
      kinds: [],
    }),
  },
  'GET /api/admin/broadcasts': { call: at('/api/admin/broadcasts') },
  'POST /api/admin/broadcasts': {
    call: at('/api/admin/broadcasts', { title: 'Matrix', body: 'A broadcast.', audience: 'staff' }),
  },
  'GET /api/push/vapid-public-key': { call: at('/api/push/vapid-public-key') },
  'POST /api/push/subscriptions': {
    call: (caller) => ({
      path: '/api/push/subscriptions',
      body: {
        endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${caller}`,
        keys: PUSH_KEYS,
        deviceId: `matrix-web-${caller}`,
      },
    }),
  },
  'POST /api/push/native-tokens': {
    call: (caller) => ({
      path: '/api/push/native-tokens',
      body: {
        platform: 'android',
        token: `matrix-token-${caller}-0123456789`,
        deviceId: `matrix-app-${caller}`,
      },
    }),
  },
  'GET /api/push/devices': { call: at('/api/push/devices') },
  'DELETE /api/push/devices/:deviceId': {
    call: (caller) => ({ path: `/api/push/devices/matrix-app-${caller}` }),
    firstClub: false,
  },
  'GET /api/notifications/unsubscribe': {
    call: at('/api/notifications/unsubscribe?u=nobody&k=news&t=unsigned'),
  },
  'POST /api/notifications/unsubscribe': {
    call: at('/api/notifications/unsubscribe?u=nobody&k=news&t=unsigned', {}),
    refused: 'only a link signed by the server unsubscribes',
  },
});
