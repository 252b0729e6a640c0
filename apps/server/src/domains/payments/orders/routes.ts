import {
  AdminOrderQuery,
  Order,
  OrderCreate,
  OrderCreated,
  OrderIdParams,
  OrderList,
  RefundRequest,
} from '@lastman/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../../http/access.ts';
import { refusals } from '../../../http/openapi-errors.ts';
import { cancelPendingOrder } from './cancel.ts';
import {
  cancelIntents,
  clubOrders,
  createOrder,
  expireStaleOrders,
  getOrder,
  myOrders,
  refundEntries,
  resumeOrder,
} from './service.ts';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];

  app.post(
    '/api/orders',
    {
      // 503: the card payment service could not be reached.
      schema: { tags, body: OrderCreate, response: { 201: OrderCreated, ...refusals(404, 409, 503) } },
      config: { access: 'member' },
    },
    async (request, reply) => {
      const expired = await expireStaleOrders(app.services);
      // Cancelling their intents at the provider need not hold up this player's order.
      if (expired.length > 0) {
        void cancelIntents(app.services, expired).then(({ refused }) => {
          if (refused.length > 0)
            request.log.warn({ refused }, 'expired orders whose intent was not cancelled');
        });
      }
      return reply.status(201).send(await createOrder(app.services, viewerOf(request), request.body));
    },
  );

  app.post(
    '/api/orders/:id/resume',
    {
      schema: {
        tags,
        summary:
          'Pay for a checkout left unpaid: the same order and card form while it holds, else a new order for as many entries in its place',
        params: OrderIdParams,
        response: { 200: OrderCreated, ...refusals(404, 409) },
      },
      config: { access: 'member' },
    },
    async (request) => {
      const expired = await expireStaleOrders(app.services);
      if (expired.length > 0) void cancelIntents(app.services, expired);
      return resumeOrder(app.services, viewerOf(request), { orderId: request.params.id });
    },
  );

  app.get(
    '/api/orders',
    { schema: { tags, response: { 200: OrderList } }, config: { access: 'member' } },
    async (request) => ({ orders: await myOrders(app.services, viewerOf(request)) }),
  );

  app.get(
    '/api/orders/:id',
    { schema: { tags, params: OrderIdParams, response: { 200: Order } }, config: { access: 'member' } },
    async (request) => getOrder(app.services, viewerOf(request), { orderId: request.params.id }),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      schema: { tags, params: OrderIdParams, response: { 200: Order, ...refusals(404, 409) } },
      config: { access: 'member' },
    },
    async (request) => cancelPendingOrder(app.services, viewerOf(request), request.params.id),
  );

  app.get(
    '/api/admin/orders',
    {
      schema: { tags: ['admin'], querystring: AdminOrderQuery, response: { 200: OrderList } },
      config: { access: 'admin' },
    },
    async (request) => ({ orders: await clubOrders(app.services, viewerOf(request), request.query) }),
  );

  app.post(
    '/api/admin/orders/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        params: OrderIdParams,
        body: RefundRequest,
        // 503: Stripe did not answer in time; the refund is asked again later.
        response: { 200: Order, ...refusals(409, 503) },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const admin = viewerOf(request);
      return refundEntries(app.services, {
        clubId: admin.clubId,
        orderId: request.params.id,
        entryIds: request.body.entryIds,
        reason: request.body.reason || 'Refunded by the club',
        actorId: admin.userId,
        allowPlayed: false,
      });
    },
  );
};
