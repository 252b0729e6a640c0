import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services.ts';
import { expireStaleOrders, refundCancelledCompetitions } from '../orders/service.ts';

/** Expires unpaid orders and gives back the money of cancelled competitions, every minute. */
export function startPaymentsWorker(services: Services, log: FastifyBaseLogger, intervalMs = 60_000) {
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= (async () => {
      await expireStaleOrders(services);
      await refundCancelledCompetitions(services);
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
