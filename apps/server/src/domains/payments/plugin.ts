import type { FastifyPluginAsync } from 'fastify';
import { orderRoutes } from './orders/routes.ts';
import { paymentRoutes } from './provider/routes.ts';
import { connectRoutes } from './stripe-account/routes.ts';

/** The payments domain: orders and refunds, the payment provider (its webhook), and the club's own Stripe account. */
export const paymentsDomain: FastifyPluginAsync = async (app) => {
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(connectRoutes);
};
