import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './lib/errors.ts';

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * Serves the web build: hashed assets cached for a year, the HTML and service worker never cached,
 * and every client route (such as /app/tabs/game) answered with the app.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  const built = existsSync(path.join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: false,
      // The build writes .br and .gz copies of its text files; browsers get the smallest they accept.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(distDir, filePath);
        res.header(
          'cache-control',
          rel.startsWith(`assets${path.sep}`) ? `public, max-age=${ONE_YEAR}, immutable` : 'no-cache',
        );
      },
    });
  }

  const sendApp = (request: FastifyRequest, reply: FastifyReply) => {
    const wantsHtml = request.method === 'GET' && !path.extname(request.url.split('?')[0] ?? '');
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (isApi || !wantsHtml) {
      return reply
        .status(404)
        .send(
          errorBody(
            'NOT_FOUND',
            `No such ${isApi ? 'endpoint' : 'file'}: ${request.method} ${request.url.split('?')[0]}`,
          ),
        );
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/html')
        .send('<h1>Lastman</h1><p>The web app is not built yet. Run <code>npm run build</code>.</p>');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };

  // The app's page, not an operation of the API: left out of its document like every other page.
  app.get('/', { schema: { hide: true } }, sendApp);
  app.setNotFoundHandler(sendApp);
}
