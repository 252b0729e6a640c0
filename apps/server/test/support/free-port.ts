import { createServer } from 'node:net';

/** A port nothing listens on right now, on a loopback address (for servers the tests and benchmarks start). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const { port, release } = await reservePort(host);
  await release();
  return port;
}

/**
 * A free port held open until `release()`: for a server that must know its address long before it
 * listens (its config names it), so that no other test's server takes the port meanwhile.
 */
export function reservePort(host = '127.0.0.1'): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const address = s.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      s.unref(); // a test that fails before releasing it does not keep the process alive
      resolve({ port: address.port, release: () => new Promise((done) => s.close(() => done())) });
    });
  });
}
