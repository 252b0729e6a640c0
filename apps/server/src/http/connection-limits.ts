import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Caps the sockets the server holds: in all (`server.maxConnections`, below the open-file limit so
 * the database pool can always connect) and per client address, so that one address holding
 * hundreds of half-sent requests leaves room for everyone else. Node accepts a socket and closes it
 * at once past either cap. Behind a proxy every socket comes from the proxy, so the per-address cap
 * is off there (0) unless configured; the proxy is the place to cap a client's connections.
 */
export function limitConnections(
  server: Server,
  opts: { max: number; perAddress: number; log: FastifyBaseLogger },
): { max: number; perAddress: number; count(address: string): number } {
  server.maxConnections = opts.max;
  const open = new Map<string, number>();
  let refused = 0;
  let warnedAt = 0;
  if (opts.perAddress > 0) {
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? '';
      const n = (open.get(address) ?? 0) + 1;
      if (n > opts.perAddress) {
        refused += 1;
        socket.destroy();
        // At most one line a minute, however many are refused.
        if (Date.now() - warnedAt > 60_000) {
          warnedAt = Date.now();
          opts.log.warn(
            { address, perAddress: opts.perAddress, refused },
            'connections refused: too many open from one address',
          );
        }
        return;
      }
      open.set(address, n);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left <= 0) open.delete(address);
        else open.set(address, left);
      });
    });
  }
  server.on('drop', () => {
    refused += 1;
    if (Date.now() - warnedAt > 60_000) {
      warnedAt = Date.now();
      opts.log.warn({ max: opts.max, refused }, 'connections refused: the server holds as many as it may');
    }
  });
  return { max: opts.max, perAddress: opts.perAddress, count: (address) => open.get(address) ?? 0 };
}
