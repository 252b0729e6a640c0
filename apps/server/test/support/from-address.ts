import http from 'node:http';

/**
 * fetch() sent from a chosen local address (loopback has all of 127.0.0.0/8), to play several
 * clients, or many people behind one pub's Wi-Fi, on one machine. The path is sent as written,
 * percent-escapes and all.
 */
export function fetchFrom(localAddress: string) {
  return (url: URL, init: { method: string; headers: Record<string, string>; body?: string }) =>
    new Promise<Response>((resolve, reject) => {
      const req = http.request(
        url,
        { method: init.method, headers: init.headers, localAddress, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value === undefined) continue;
              for (const v of [value].flat()) headers.append(name, v);
            }
            const status = res.statusCode ?? 0;
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers }));
          });
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });
}
