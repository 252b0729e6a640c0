import { createServer } from 'node:net';

/** A port nothing listens on right now, on a loopback address (for servers the tests and benchmarks start). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, host, () => {
      const address = s.address();
      s.close(() =>
        address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
