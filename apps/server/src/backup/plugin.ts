import type { FastifyPluginAsync } from 'fastify';
import { startAdminSocket, startBackupSchedule } from './admin-socket.ts';

/**
 * Backups in a process that runs the jobs: `lms backup` asks this process over a local socket, and the
 * schedule takes its own. A second process on the same DATA_DIR (several instances on one PostgreSQL)
 * finds the socket taken: it serves without it, and the process holding it takes the backups.
 */
export const backups: FastifyPluginAsync = async (app) => {
  let socket: Awaited<ReturnType<typeof startAdminSocket>> | null = null;
  let schedule: ReturnType<typeof startBackupSchedule> | null = null;
  app.addHook('onReady', async () => {
    const { database, config, clock } = app.services;
    const deps = { database, config, clock, log: app.log };
    try {
      socket = await startAdminSocket(deps);
      schedule = startBackupSchedule({ ...deps, backup: socket.backup });
    } catch (err) {
      app.log.warn({ err }, 'no backup socket in this process: `lms backup` goes to the one that has it');
    }
  });
  app.addHook('onClose', async () => {
    schedule?.stop();
    await socket?.close();
  });
};
