import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { backups } from './backup/plugin.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accountDomain, ownerOfNumber } from './domains/account/index.ts';
import { createAuth, SESSION_AGES } from './domains/account/sign-in/auth.ts';
import { analyticsDomain } from './domains/analytics/index.ts';
import { clubDomain } from './domains/club/index.ts';
import { contentDomain } from './domains/content/index.ts';
import { gameDomain } from './domains/game/index.ts';
import {
  alertEveryClubsAdmins,
  createNotifier,
  notificationsDomain,
  UNSUBSCRIBE_PATH,
} from './domains/notifications/index.ts';
import { paymentsDomain, WEBHOOK_PATH } from './domains/payments/index.ts';
import { createPaymentProvider, type PaymentProvider } from './domains/payments/provider/provider.ts';
import { quizDomain } from './domains/quiz/index.ts';
import { staffDomain } from './domains/staff/index.ts';
import { registerAccessRules } from './http/access.ts';
import { clientConfigRoutes } from './http/client-config-routes.ts';
import { limitConnections } from './http/connection-limits.ts';
import { createDeviceCookies, DEVICE_TOKEN_HEADER, SET_DEVICE_TOKEN_HEADER } from './http/device-cookie.ts';
import { fileRoutes } from './http/file-routes.ts';
import { healthRoutes } from './http/health-routes.ts';
import { openLimitStore, REDIS_ALERTS } from './http/limit-store.ts';
import { openApiTransform } from './http/openapi-document.ts';
import { registerApiErrors } from './http/openapi-errors.ts';
import { registerPlantedCookieFilter } from './http/planted-cookies.ts';
import { createLimits, registerApiRateLimit } from './http/rate-limits.ts';
import { createSessionReader } from './http/session-reader.ts';
import { createStreamLimits } from './http/stream-limits.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { cookieNames } from './lib/cookie-names.ts';
import { registerErrorHandling } from './lib/error-handler.ts';
import { errorBody } from './lib/errors.ts';
import { openEventHub } from './lib/event-hub.ts';
import { canonicalUrl, registerInputGuards } from './lib/input-guards.ts';
import { requestForLog } from './lib/log-safe.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { connectionCeilings, openFileLimit } from './lib/open-files.ts';
import { createRegistries } from './lib/registries.ts';
import { createSmsSender } from './lib/sms.ts';
import type { Storage } from './lib/storage.ts';
import { createStorage } from './lib/storage-config.ts';
import { createXsrf } from './lib/xsrf.ts';
import { publicPagesRoutes } from './public-pages/plugin.tsx';
import { startingClubs } from './seed/plugin.ts';
import type { Services } from './services.ts';
import { serveWebApp } from './web-app.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  mailer?: Mailer;
  payments?: PaymentProvider;
  /** Where uploads go; by default what the configuration names (lib/storage.ts). */
  storage?: Storage;
  logger?: boolean;
  /**
   * Runs this process's background work (each domain's jobs, backups) and starts it with its clubs
   * (the demo club when `seedDemo`): the server's `main.ts` asks for it; tests build apps without.
   */
  jobs?: boolean;
  /** With `jobs`: the demo club made on first start and its coming month made again on every start. */
  seedDemo?: boolean;
  /** Where the log's lines go (standard output unless given): the tests read them here. */
  logStream?: { write(line: string): void };
}

/** Paths signed by their sender instead of by an XSRF token. */
const XSRF_EXEMPT = [WEBHOOK_PATH, UNSUBSCRIBE_PATH];
const STRIPE_HOSTS = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];

/** Fastify's trustProxy; its types lack the number of hops that it takes, so hops become its function. */
function trustProxyOption(trust: Config['TRUST_PROXY']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: { req: requestForLog },
            ...(opts.logStream && { stream: opts.logStream }),
          },
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Ids may be up to 100 characters, each up to 12 once percent-encoded: never a 414 for a valid one.
    routerOptions: { maxParamLength: 1200 },
    // A path the router cannot read (a broken %-escape, an absurdly long id): a 400 in the one error shape.
    frameworkErrors: (error, request, reply) => {
      const what =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'a part of it is too long' : 'it has a broken %-escape';
      return (reply as FastifyReply)
        .status(400)
        .send(errorBody('BAD_REQUEST', `The address ${request.url.split('?')[0]} is not valid: ${what}.`));
    },
    forceCloseConnections: 'idle',
    // Half-sent requests are dropped within seconds, not Node's minutes (checked each second): each
    // holds a socket, and enough of them from one client would leave none for anyone else.
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    http: { headersTimeout: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000, connectionsCheckingInterval: 1000 },
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    // A serving process's start-up jobs (the demo club, the bundled seasons on a first start) run in
    // onReady hooks and take longer than Fastify's 10 s for a plugin on an embedded database.
    ...(opts.jobs && { pluginTimeout: 300_000 }),
  });
  app.setValidatorCompiler(validatorCompiler);
  const fileLimit = openFileLimit();
  const ceilings = connectionCeilings(fileLimit?.soft ?? null);
  const connections = limitConnections(app.server, {
    max: config.MAX_CONNECTIONS ?? ceilings.connections,
    perAddress: config.MAX_CONNECTIONS_PER_ADDRESS ?? (config.TRUST_PROXY === false ? 256 : 0),
    log: app.log,
  });
  app.setSerializerCompiler(serializerCompiler);

  const clock = opts.clock ?? systemClock;
  const mailer =
    opts.mailer ??
    createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const secureCookies = config.PUBLIC_URL.startsWith('https://');
  // This app's own: each domain's plugin adds its kinds, passes and parts here, whatever other apps
  // the process builds.
  const registries = createRegistries();
  // The limits' store comes first: the texts' budgets are counted in it. The Redis alert's kick is
  // the notifier's, made below.
  let kickNotifier: () => Promise<void> = async () => {};
  const limitStore = await openLimitStore({
    redisUrl: config.REDIS_URL,
    keyPrefix: config.REDIS_KEY_PREFIX,
    log: app.log,
    // The admins of every club hear when the limits stop being shared, and when they are again.
    onRedisReachable: async (reachable) => {
      const told = await alertEveryClubsAdmins(
        { db: database.db, clock, registries },
        {
          problem: 'rate-limits-redis',
          active: !reachable,
          ...REDIS_ALERTS[reachable ? 'back' : 'away'],
          link: '/admin',
        },
      );
      if (told) await kickNotifier();
    },
  });
  const sms = createSmsSender({ db: database.db, config, log: app.log, counters: limitStore });
  const auth = createAuth({ config, db: database.db, mailer, clock, log: app.log, sms });
  const notifier = createNotifier({ db: database.db, config, clock, mailer, log: app.log, registries });
  kickNotifier = () => notifier.kick();
  app.addHook('onClose', () => limitStore.close());
  // Emails and texts already handed over leave before the mailer closes.
  app.addHook('onClose', async () => {
    await mailer.flush();
    await sms.flush();
    await mailer.close?.();
  });
  const events = await openEventHub({
    redisUrl: config.REDIS_URL,
    keyPrefix: config.REDIS_KEY_PREFIX,
    log: app.log,
  });
  app.addHook('onClose', () => events.close());
  const devices = createDeviceCookies({ secret: config.AUTH_SECRET, secureCookies });
  const services: Services = {
    config,
    database,
    db: database.db,
    clock,
    mailer,
    auth,
    sessions: createSessionReader({
      db: database.db,
      secret: config.AUTH_SECRET,
      cookieName: auth.$context.then((c) => c.authCookies.sessionToken.name),
      ...SESSION_AGES,
    }),
    xsrf: createXsrf({ secret: config.AUTH_SECRET, secureCookies, exemptPaths: XSRF_EXEMPT }),
    payments: opts.payments ?? createPaymentProvider(config),
    devices,
    limits: createLimits({
      store: limitStore,
      config,
      clock,
      log: app.log,
      devices,
      numberOwner: (phoneNumber) => ownerOfNumber(database.db, phoneNumber),
    }),
    storage: opts.storage ?? (await createStorage(config)),
    notifier,
    sms,
    events,
    liveStreams: createStreamLimits({
      perSession: config.LIVE_STREAMS_PER_SESSION,
      perAddress: config.LIVE_STREAMS_PER_ADDRESS,
      max: config.LIVE_STREAMS_MAX ?? ceilings.streams,
    }),
    registries,
    capacity: {
      openFiles: fileLimit,
      connections: connections.max,
      connectionsPerAddress: connections.perAddress,
    },
  };
  app.decorate('services', services);
  app.decorate('runsJobs', opts.jobs === true);
  app.decorateRequest('viewer', undefined);
  app.decorateRequest('knownSession', null);

  registerErrorHandling(app);
  registerInputGuards(app);
  registerAccessRules(app);
  const { refuseUnsupportedMethods } = await registerApiErrors(app, {
    xsrfExempt: XSRF_EXEMPT,
    rateLimited: config.RATE_LIMIT_ENABLED,
  });
  registerPlantedCookieFilter(app, {
    secret: config.AUTH_SECRET,
    sessionCookie: cookieNames(secureCookies).session,
  });
  await app.register(fastifyCookie);
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
  await app.register(fastifyCors, {
    origin: config.trustedOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'authorization', 'x-xsrf-token', DEVICE_TOKEN_HEADER],
    // content-disposition: the app on a phone saves exports under the name the server gives them.
    exposedHeaders: ['set-auth-token', SET_DEVICE_TOKEN_HEADER, 'content-disposition'],
  });
  app.addHook('onRequest', refuseUnsupportedMethods);
  await registerApiRateLimit(app, { config, store: limitStore });
  app.addHook('onRequest', (request, reply) => services.xsrf.check(request, reply));

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Lastman API',
        version: '2.0.0',
        description: 'Last Man Standing competitions for clubs.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: cookieNames(secureCookies).session },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: openApiTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, async () =>
    app.swagger(),
  );

  // Infrastructure: health, the web app's settings, uploaded files.
  await app.register(healthRoutes);
  await app.register(clientConfigRoutes);
  await app.register(fileRoutes);
  // The clubs a serving process starts with, made before any domain's jobs start.
  if (app.runsJobs) await app.register(startingClubs, { demo: opts.seedDemo === true });
  // The domains, each with its routes, notification kinds, reminder passes, export parts and jobs.
  await app.register(accountDomain);
  await app.register(gameDomain);
  await app.register(paymentsDomain);
  await app.register(clubDomain);
  await app.register(notificationsDomain);
  await app.register(contentDomain);
  await app.register(staffDomain);
  await app.register(analyticsDomain);
  await app.register(quizDomain);
  if (app.runsJobs) await app.register(backups);
  // The clubs' public pages (server-rendered from the domains' public functions), then the web app.
  await app.register(publicPagesRoutes);
  await serveWebApp(app, config.WEB_DIST);
  return app;
}
