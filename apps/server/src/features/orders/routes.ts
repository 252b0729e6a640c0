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
import { requireRole, requireUser } from '../../auth/guards.ts';
import { refusals } from '../../http/openapi-errors.ts';
import {
  cancelIntents,
  clubOrders,
  createOrder,
  expireStaleOrders,
  getOrder,
  myOrders,
  refundEntries,
} from './service.ts';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['orders'];

  app.post(
    '/api/orders',
    { schema: { tags, body: OrderCreate, response: { 201: OrderCreated, ...refusals(404, 409) } } },
    async (request, reply) => {
      const viewer = await requireUser(request);
      const expired = await expireStaleOrders(app.services);
      // Cancelling their intents at the provider need not hold up this player's order.
      if (expired.length > 0) {
        void cancelIntents(app.services, expired).then(({ refused }) => {
          if (refused.length > 0)
            request.log.warn({ refused }, 'expired orders whose intent was not cancelled');
        });
      }
      return reply.status(201).send(await createOrder(app.services, viewer, request.body));
    },
  );

  app.get('/api/orders', { schema: { tags, response: { 200: OrderList } } }, async (request) => {
    const viewer = await requireUser(request);
    return { orders: await myOrders(app.services, viewer) };
  });

  app.get(
    '/api/orders/:id',
    { schema: { tags, params: OrderIdParams, response: { 200: Order } } },
    async (request) => {
      const viewer = await requireUser(request);
      return getOrder(app.services, viewer, request.params.id);
    },
  );

  app.get(
    '/api/admin/orders',
    { schema: { tags: ['admin'], querystring: AdminOrderQuery, response: { 200: OrderList } } },
    async (request) => {
      const admin = await requireRole(request, 'admin');
      return { orders: await clubOrders(app.services, admin, request.query) };
    },
  );

  app.post(
    '/api/admin/orders/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        params: OrderIdParams,
        body: RefundRequest,
        response: { 200: Order, ...refusals(409) },
      },
    },
    async (request) => {
      const admin = await requireRole(request, 'admin');
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
