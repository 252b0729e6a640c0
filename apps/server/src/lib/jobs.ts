import type { FastifyInstance } from 'fastify';

/** A job a process runs in the background until it is stopped. */
export interface Job {
  stop(): unknown;
}

/** Starts a job when the app is ready and stops it when the app closes. */
export function runWhileOpen(app: FastifyInstance, start: () => Job | Promise<Job>): void {
  let job: Job | null = null;
  app.addHook('onReady', async () => {
    job = await start();
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}
