import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { DEVICE_TOKEN_HEADER, SET_DEVICE_TOKEN_HEADER } from './device-cookie.ts';

const STRIPE_HOSTS = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];

/** The security headers of every answer: the content security policy and helmet's others. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { secureCookies }: { secureCookies: boolean },
) {
  // @fastify/helmet builds helmet again from these options on every request (the CSP parsed each
  // time, about a twentieth of a pick's CPU at a deadline rush); the headers never vary here (no
  // nonces), so they are taken from its first answer and set as they are from then on.
  await app.register(fastifyHelmet, {
    global: false,
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...STRIPE_HOSTS],
        frameSrc: ["'self'", ...STRIPE_HOSTS],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://*.js.stripe.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: secureCookies ? [] : null,
      },
    },
  });
  let securityHeaders: [string, number | string | string[]][] | null = null;
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    if (securityHeaders === null) {
      const before = new Set(res.getHeaderNames());
      reply.helmet();
      securityHeaders = res
        .getHeaderNames()
        .filter((name) => !before.has(name))
        .map((name) => [name, res.getHeader(name) ?? '']);
    } else {
      for (const [name, value] of securityHeaders) res.setHeader(name, value);
    }
    done();
  });
}

/** Which other origins may call the API from a browser, with the session, and which headers they read. */
export async function registerCors(app: FastifyInstance, trustedOrigins: string[]) {
  await app.register(fastifyCors, {
    origin: trustedOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'authorization', 'x-xsrf-token', DEVICE_TOKEN_HEADER],
    // content-disposition: the app on a phone saves exports under the name the server gives them.
    exposedHeaders: ['set-auth-token', SET_DEVICE_TOKEN_HEADER, 'content-disposition'],
  });
}
