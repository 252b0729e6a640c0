import { createServer } from 'node:net';

/** A port nothing listens on right now, on loopback (for servers the tests and benchmarks start). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
