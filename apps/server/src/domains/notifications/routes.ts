import {
  BroadcastAccepted,
  BroadcastInput,
  BroadcastList,
  MarkNotificationsRead,
  NativePushTokenInput,
  NotificationList,
  NotificationPreferences,
  PushDeviceList,
  UnreadCount,
  VapidPublicKey,
  WebPushSubscriptionInput,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../../http/access.ts';
import { refusals } from '../../http/openapi-errors.ts';
import { escapeHtml } from '../../lib/mailer.ts';
import {
  broadcast,
  broadcastList,
  getPreferences,
  markNotificationsRead,
  notificationList,
  pushDevices,
  putPreferences,
  removeDevice,
  saveNativePushToken,
  saveWebPushSubscription,
  unreadCount,
  unsubscribe,
  vapidPublicKey,
} from './service.ts';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

const UnsubscribeQuery = z
  .object({
    u: z.string().min(1).max(100),
    c: z.string().min(1).max(100).optional(),
    k: z.string().min(1).max(40),
    t: z.string().min(1).max(100),
  })
  .strict();

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  // The one-click unsubscribe POST of RFC 8058 comes as a form from the mail provider.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/api/notifications',
    { schema: { tags, response: { 200: NotificationList } }, config: { access: 'member' } },
    async (request) => notificationList(app.services, viewerOf(request)),
  );

  app.get(
    '/api/notifications/unread',
    { schema: { tags, response: { 200: UnreadCount } }, config: { access: 'member' } },
    async (request) => ({ unread: await unreadCount(app.services, viewerOf(request)) }),
  );

  app.post(
    '/api/notifications/read',
    {
      schema: { tags, body: MarkNotificationsRead, response: { 200: UnreadCount } },
      config: { access: 'member' },
    },
    async (request) => markNotificationsRead(app.services, viewerOf(request), request.body),
  );

  app.get(
    '/api/me/notification-preferences',
    { schema: { tags, response: { 200: NotificationPreferences } }, config: { access: 'member' } },
    async (request) => getPreferences(app.services, viewerOf(request)),
  );

  app.put(
    '/api/me/notification-preferences',
    {
      schema: { tags, body: NotificationPreferences, response: { 200: NotificationPreferences } },
      config: { access: 'member' },
    },
    async (request) => putPreferences(app.services, viewerOf(request), request.body),
  );

  app.get(
    '/api/admin/broadcasts',
    {
      schema: {
        tags: ['admin'],
        summary: "The club's messages to its members: what, when, by whom and to how many",
        response: { 200: BroadcastList },
      },
      config: { access: 'admin' },
    },
    async (request) => broadcastList(app.services, viewerOf(request)),
  );

  app.post(
    '/api/admin/broadcasts',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Message the members (club news, to those who get it) or the staff; pushes and emails follow each member’s settings and quiet hours',
        body: BroadcastInput,
        response: { 202: BroadcastAccepted },
      },
      config: { access: 'admin' },
    },
    async (request, reply) =>
      reply.status(202).send(await broadcast(app.services, viewerOf(request), request.body)),
  );

  app.get(
    '/api/push/vapid-public-key',
    { schema: { tags, response: { 200: VapidPublicKey } }, config: { access: 'public' } },
    async () => vapidPublicKey(app.services),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: { tags, body: WebPushSubscriptionInput, response: { 201: z.object({ ok: z.literal(true) }) } },
      config: { access: 'member' },
    },
    async (request, reply) => {
      await saveWebPushSubscription(app.services, viewerOf(request), request.body);
      return reply.status(201).send({ ok: true });
    },
  );

  app.post(
    '/api/push/native-tokens',
    {
      schema: { tags, body: NativePushTokenInput, response: { 201: z.object({ ok: z.literal(true) }) } },
      config: { access: 'member' },
    },
    async (request, reply) => {
      await saveNativePushToken(app.services, viewerOf(request), request.body);
      return reply.status(201).send({ ok: true });
    },
  );

  app.get(
    '/api/push/devices',
    { schema: { tags, response: { 200: PushDeviceList } }, config: { access: 'member' } },
    async (request) => pushDevices(app.services, viewerOf(request)),
  );

  app.delete(
    '/api/push/devices/:deviceId',
    {
      schema: {
        tags,
        params: z.object({ deviceId: z.string().min(1).max(100) }),
        response: { 204: z.null() },
      },
      config: { access: 'member' },
    },
    async (request, reply) => {
      await removeDevice(app.services, viewerOf(request), request.params);
      return reply.status(204).send(null);
    },
  );

  // GET shows a button (mail scanners follow links, so a GET never unsubscribes); POST unsubscribes.
  app.get(
    UNSUBSCRIBE_PATH,
    { schema: { tags, querystring: UnsubscribeQuery, hide: true }, config: { access: 'public' } },
    async (request, reply) => {
      const q = new URLSearchParams(request.query).toString();
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><meta name="viewport" content="width=device-width"><title>Unsubscribe</title><body style="font-family:sans-serif;max-width:30rem;margin:2rem auto;padding:0 1rem"><h1>Stop these emails?</h1><form method="post" action="${escapeHtml(`${UNSUBSCRIBE_PATH}?${q}`)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button style="min-height:44px;padding:0 1rem">Unsubscribe</button></form></body></html>`,
        );
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058) from one kind of notification email',
        querystring: UnsubscribeQuery,
        body: z.record(z.string(), z.string()).optional(),
        response: { 200: z.object({ unsubscribed: z.literal(true) }), ...refusals(400, 404) },
      },
      config: { access: 'public' },
    },
    async (request) => {
      await unsubscribe(app.services, request.query);
      return { unsubscribed: true as const };
    },
  );
};
