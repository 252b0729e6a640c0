import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../../services.ts';
import {
  cancelIntents,
  expireStaleOrders,
  refundCancelledCompetitions,
  retryPendingRefunds,
} from '../orders/index.ts';

/**
 * Every minute: expires unpaid orders (and cancels their intents), gives back the money of cancelled
 * competitions, and asks again for refunds whose answer never came.
 */
export function startPaymentsWorker(services: Services, log: FastifyBaseLogger, intervalMs = 60_000) {
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= (async () => {
      const expired = await expireStaleOrders(services);
      const { refused } = await cancelIntents(services, expired);
      if (refused.length > 0) log.warn({ refused }, 'expired orders whose intent was not cancelled');
      await refundCancelledCompetitions(services);
      await retryPendingRefunds(services);
    })()
      .catch((err: unknown) => log.error({ err }, 'payments pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    pass,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
