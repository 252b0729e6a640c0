import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { DeviceCookies } from './http/device-cookie.ts';
import type { Person } from './http/guards.ts';
import type { Limits } from './http/rate-limits.ts';
import type { KnownSession, SessionReader } from './http/session-reader.ts';
import type { StreamLimits } from './http/stream-limits.ts';
import type { Auth } from './lib/auth.ts';
import type { Clock } from './lib/clock.ts';
import type { EventHub } from './lib/event-hub.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Notifier } from './lib/notifier.ts';
import type { PaymentProvider } from './lib/payment-provider.ts';
import type { Registries } from './lib/registries.ts';
import type { SmsSender } from './lib/sms.ts';
import type { Storage } from './lib/storage.ts';
import type { Xsrf } from './lib/xsrf.ts';

/** What every route and service may use; built once in app.ts. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  auth: Auth;
  /** The signed-in user in one query, when better-auth's full getSession is not needed. */
  sessions: SessionReader;
  xsrf: Xsrf;
  /** Device cookies: the devices an account has signed in on (auth/device-cookie.ts). */
  devices: DeviceCookies;
  payments: PaymentProvider;
  /** The per-route rate limits and the sign-in delay (http/rate-limits.ts). */
  limits: Limits;
  /** Uploaded files: disk under DATA_DIR/uploads, or an S3-compatible bucket (lib/storage.ts). */
  storage: Storage;
  /** Notifications: the sending path that hands queued push and email to their services. */
  notifier: Notifier;
  /** Text messages: Twilio when configured, else the sms_outbox table. */
  sms: SmsSender;
  /** Events pushed to open screens, across server processes (lib/event-hub.ts). */
  events: EventHub;
  /** How many live streams this process holds, per session, per address and in all (http/stream-limits.ts). */
  liveStreams: StreamLimits;
  /** This app's kinds of notification, reminder passes and domains' export and deletion parts (lib/registries.ts). */
  registries: Registries;
  /** What this process may hold open: its open-file limit (null where unknown) and its socket caps. */
  capacity: {
    openFiles: { soft: number; hard: number } | null;
    connections: number;
    /** 0: no cap per address. */
    connectionsPerAddress: number;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** This process runs the background work: each domain's jobs, started when ready (app.ts `jobs`). */
    runsJobs: boolean;
  }
  interface FastifyRequest {
    /** The signed-in person, once resolved (a Viewer when they act in a club). */
    viewer?: Person | null;
    /**
     * On a route whose statement checks the session itself (config.sessionInStatement): the session
     * this process knows the request's token for, when the session was not read before the route
     * (http/access.ts). The route's statement checks it; without it the route reads the session.
     */
    knownSession?: KnownSession | null;
  }
}
