import http from 'node:http';

export interface HeldStream {
  status: number;
  retryAfter: string | undefined;
  /** The first chunk of the answer (the stream's opening comment, or a refusal's JSON). */
  first: Promise<string>;
  /** The server ended it (or refused it). */
  ended: boolean;
  destroy(): void;
}

/**
 * A live stream held open from `localAddress`, as a browser's EventSource holds it: one socket of
 * its own, read as it comes, until the server ends it or `destroy()`.
 */
export function holdStream(
  baseUrl: string,
  cookie: string,
  localAddress = '127.0.0.1',
  path = '/api/live',
): Promise<HeldStream> {
  return new Promise((resolve) => {
    const req = http.request(
      new URL(path, baseUrl),
      {
        headers: { cookie, accept: 'text/event-stream', origin: new URL(baseUrl).origin },
        localAddress,
        agent: false,
      },
      (res) => {
        let gotFirst: (text: string) => void = () => {};
        const held: HeldStream = {
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'] as string | undefined,
          first: new Promise((r) => (gotFirst = r)),
          ended: false,
          destroy: () => req.destroy(),
        };
        res.on('data', (chunk: Buffer) => gotFirst(chunk.toString()));
        const ended = () => {
          held.ended = true;
          gotFirst('');
        };
        res.on('close', ended);
        res.on('error', ended);
        resolve(held);
      },
    );
    req.on('error', () =>
      resolve({
        status: 0,
        retryAfter: undefined,
        first: Promise.resolve(''),
        ended: true,
        destroy: () => req.destroy(),
      }),
    );
    req.end();
  });
}

/** The cookie header a client's jar sends. */
export const cookieOf = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
