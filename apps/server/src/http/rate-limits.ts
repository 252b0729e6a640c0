import { createHash } from 'node:crypto';
import fastifyRateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { toE164 } from '../lib/phone.ts';
import type { DeviceCookies } from './device-cookie.ts';
import { LIMITS, type LimitName, type LimitRule, RESERVE_PER_ADDRESS, SIGN_IN_DELAY } from './limit-rules.ts';
import type { GrowingDelay, LimitStore } from './limit-store.ts';

export type Limits = ReturnType<typeof createLimits>;

/** What the limits decided about one better-auth request (beforeAuth). */
export interface AuthGate {
  /** A password reset request past its email address's share: answered as usual, no email sent. */
  holdResetEmail: boolean;
  after: (status: number) => Promise<void>;
}

/** The shared store's counting, as every limit uses it: count, take back, refuse, forget. */
function limitCounter({ store, config, log }: { store: LimitStore; config: Config; log: FastifyBaseLogger }) {
  const scale = config.RATE_LIMIT_SCALE;
  const maxOf = (rule: LimitRule) => Math.max(1, Math.round(rule.max * scale));

  /**
   * Counts one request against each named limit. Over any of them, the request is refused, and a
   * refused request counts towards none of them (its hits are taken back): asking again too soon
   * does not use up a longer allowance. Redis away, the store counts in this process's memory
   * (limit-store.ts). Should the store itself ever fail, the request goes through and the problem is
   * logged: a pub's deadline should not fail because a counter could not be read.
   */
  async function count(hits: [LimitName, string][]): Promise<{ rule: LimitRule; waitMs: number } | null> {
    if (!config.RATE_LIMIT_ENABLED || hits.length === 0) return null;
    const keys = hits.map(([name, key]) => `${name}:${key}`);
    let results: { count: number; resetInMs: number }[];
    try {
      results = await Promise.all(hits.map(([name], i) => store.hit(keys[i] ?? '', LIMITS[name].windowMs)));
    } catch (err) {
      log.error({ err }, 'rate limits: the store failed; request let through');
      return null;
    }
    let over: { rule: LimitRule; waitMs: number } | null = null;
    for (const [i, [name]] of hits.entries()) {
      const rule = LIMITS[name];
      const result = results[i];
      if (result && result.count > maxOf(rule) && (!over || result.resetInMs > over.waitMs)) {
        over = { rule, waitMs: result.resetInMs };
      }
    }
    if (over) await Promise.all(keys.map(uncount));
    return over;
  }

  /**
   * An allowance on something anyone can type (an email address, a phone number), counted per
   * network address (`perAddress`, the first its main share) and across addresses (`overall`).
   * Past its own share an address is refused. Past the overall count, only an address that has used
   * more than `reserve` of its main share is refused: strangers from other addresses, however many,
   * cannot use up the owner's allowance where the owner is, while one address cannot guess (or send)
   * more than its share, and many addresses only `reserve` each once the account is under attack.
   * Refused, nothing counts (as count()).
   */
  async function sharedPerAddress(share: {
    perAddress: [LimitName, string][];
    overall: [LimitName, string];
    reserve: number;
  }): Promise<{ rule: LimitRule; waitMs: number } | null> {
    if (!config.RATE_LIMIT_ENABLED) return null;
    const hits = [...share.perAddress, share.overall];
    const keys = hits.map(([name, key]) => `${name}:${key}`);
    let results: { count: number; resetInMs: number }[];
    try {
      results = await Promise.all(hits.map(([name], i) => store.hit(keys[i] ?? '', LIMITS[name].windowMs)));
    } catch (err) {
      log.error({ err }, 'rate limits: the store failed; request let through');
      return null;
    }
    let over: { rule: LimitRule; waitMs: number } | null = null;
    for (const [i, [name]] of share.perAddress.entries()) {
      const rule = LIMITS[name];
      const result = results[i];
      if (result && result.count > maxOf(rule) && (!over || result.resetInMs > over.waitMs)) {
        over = { rule, waitMs: result.resetInMs };
      }
    }
    const main = results[0];
    const overall = results[hits.length - 1];
    const overallRule = LIMITS[share.overall[0]];
    if (!over && main && overall && overall.count > maxOf(overallRule) && main.count > share.reserve) {
      over = { rule: overallRule, waitMs: Math.min(overall.resetInMs, main.resetInMs) };
    }
    if (over) await Promise.all(keys.map(uncount));
    return over;
  }

  async function uncount(key: string) {
    await store.unhit(key).catch((err) => {
      log.error({ err }, 'rate limits: the store failed; a hit not taken back');
    });
  }

  /** count(), and a 429 naming the wait when over a limit. */
  async function enforce(reply: FastifyReply, hits: [LimitName, string][]) {
    const over = await count(hits);
    if (over) throw tooMany(reply, `Too many ${over.rule.what}.`, over.waitMs);
  }

  const forget = (key: string) =>
    store.forget(key).catch((err) => {
      log.error({ err }, 'rate limits: the store failed; a count not forgotten');
    });

  return { count, sharedPerAddress, uncount, enforce, forget };
}

type LimitCounter = ReturnType<typeof limitCounter>;

/** The limits of the better-auth endpoints (sign-in, sign-up, password reset), applied before each runs. */
function authLimits(
  {
    store,
    config,
    clock,
    log,
    devices,
  }: {
    store: LimitStore;
    config: Config;
    clock: Clock;
    log: FastifyBaseLogger;
    devices: DeviceCookies;
  },
  signInDelay: GrowingDelay,
  { count, sharedPerAddress, uncount, enforce, forget }: LimitCounter,
  /** Signing in with a texted code, and checking one, count as the phone code's limits. */
  beforePhoneCode: (request: FastifyRequest, reply: FastifyReply, kind: 'sign-in' | 'check') => Promise<void>,
) {
  /**
   * Applies the limits of one better-auth endpoint before it runs. `holdResetEmail`: answer a reset
   * request as usual but send no email (the address has had its share). `after` is called with the
   * answer's status (a successful sign-in forgets the attempts before it).
   */
  async function beforeAuth(
    request: FastifyRequest,
    reply: FastifyReply,
    authPath: string,
  ): Promise<AuthGate> {
    const pass: AuthGate = { holdResetEmail: false, after: async () => {} };
    if (!config.RATE_LIMIT_ENABLED || request.method !== 'POST') return pass;
    const address = addressOf(request);
    const email = emailOf(request.body);
    const account = email ? digest(email) : undefined;
    const perAccount = (name: LimitName): [LimitName, string][] => (account ? [[name, account]] : []);

    switch (authPath) {
      case '/sign-in/email': {
        if (!email || !account) {
          await enforce(reply, [['signInPerAddress', address]]);
          return pass;
        }
        // A device known to the account is slowed on its own, not with its network address: a
        // stranger guessing from the same pub Wi-Fi does not hold up the owner's phone.
        const device = devices.deviceFor(request, email);
        const delayKey = `sign-in-attempts:${account}:${device ? `device:${device}` : address}`;
        const { waitMs } = await store
          .attempt(delayKey, clock.now().getTime(), SIGN_IN_DELAY.forgetAfterMs, signInDelay)
          .catch((err) => {
            log.error({ err }, 'rate limits: the store failed; sign-in delay skipped');
            return { waitMs: 0 };
          });
        if (waitMs > 0) {
          const where = device ? 'this device' : 'this network address';
          throw tooMany(reply, `Too many failed sign-ins to this account from ${where}.`, waitMs);
        }
        await enforce(reply, [['signInPerAddress', address]]);
        // Failed passwords count on the known device's own allowance, else (none, or past it) on
        // the account's from this address, and across addresses.
        let failures: string[] = [];
        if (device && !(await count([['signInFailuresPerDevice', device]]))) {
          failures = [`signInFailuresPerDevice:${device}`];
        }
        if (failures.length === 0) {
          const here = `${account}:${address}`;
          const over = await sharedPerAddress({
            perAddress: [['signInFailuresPerAccountAddress', here]],
            overall: ['signInFailuresPerAccount', account],
            reserve: RESERVE_PER_ADDRESS.signInFailures,
          });
          if (over) {
            throw tooMany(
              reply,
              over.rule === LIMITS.signInFailuresPerAccount
                ? 'Too many failed sign-ins to this account.'
                : 'Too many failed sign-ins to this account from this network address.',
              over.waitMs,
              'You can still sign in with a passkey or a code sent to your phone.',
            );
          }
          failures = [`signInFailuresPerAccountAddress:${here}`, `signInFailuresPerAccount:${account}`];
        }
        return {
          holdResetEmail: false,
          after: async (status) => {
            // Only a wrong password (401) is a failure; anything else gives its count back.
            if (status !== 401) await Promise.all(failures.map(uncount));
            if (status < 200 || status >= 300) return;
            await forget(delayKey);
            if (device) await forget(`signInFailuresPerDevice:${device}`);
          },
        };
      }
      case '/sign-up/email':
        await enforce(reply, [['signUpPerAddress', address], ...perAccount('signUpPerAccount')]);
        return pass;
      case '/request-password-reset': {
        // The requester's own address may be refused; an email address strangers can type may not
        // be: past its share, the answer is the same and no email goes.
        await enforce(reply, [['resetEmailPerAddress', address]]);
        if (!account) return pass;
        const here = `${account}:${address}`;
        const over = await sharedPerAddress({
          perAddress: [
            ['resetEmailPerAccountAddress', here],
            ['resetEmailCooldown', here],
          ],
          overall: ['resetEmailPerAccount', account],
          reserve: RESERVE_PER_ADDRESS.resetEmails,
        });
        return { ...pass, holdResetEmail: over !== null };
      }
      case '/reset-password':
        await enforce(reply, [['resetPasswordPerAddress', address]]);
        return pass;
      case '/send-verification-email':
        await enforce(reply, [
          ['verificationEmailPerAddress', address],
          ...perAccount('verificationEmailCooldown'),
        ]);
        return pass;
      case '/change-password': {
        const viewer = request.viewer;
        await enforce(reply, [['changePasswordPerAccount', viewer ? `user:${viewer.userId}` : address]]);
        return pass;
      }
      case '/sign-in/phone/send-code':
        await beforePhoneCode(request, reply, 'sign-in');
        return pass;
      case '/sign-in/phone':
        await beforePhoneCode(request, reply, 'check');
        return pass;
      default:
        // Any other way of signing in (passkeys) counts as a sign-in from the address.
        if (authPath.startsWith('/sign-in/')) await enforce(reply, [['signInPerAddress', address]]);
        return pass;
    }
  }

  return beforeAuth;
}

/** The per-route limits (sign-in, sign-up, reset, contact), counted in the shared store. */
export function createLimits(opts: {
  store: LimitStore;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  devices: DeviceCookies;
  /** The account that has confirmed a number (E.164), if any. */
  numberOwner: (phoneNumber: string) => Promise<{ id: string; email: string } | null>;
}) {
  const { config, log, devices, numberOwner } = opts;
  const counter = limitCounter(opts);
  const { sharedPerAddress, uncount, enforce } = counter;
  const scale = config.RATE_LIMIT_SCALE;
  const signInDelay: GrowingDelay = {
    free: Math.max(1, Math.round(SIGN_IN_DELAY.freeAttempts * scale)),
    firstMs: SIGN_IN_DELAY.firstDelayMs,
    maxMs: SIGN_IN_DELAY.maxDelayMs,
  };
  const beforeAuth = authLimits(opts, signInDelay, counter, beforePhoneCode);

  /** The contact form: per address, and per sender (the signed-in person, else the email given). */
  async function beforeContact(request: FastifyRequest, reply: FastifyReply) {
    const sender = request.viewer ? `user:${request.viewer.userId}` : emailOf(request.body);
    await enforce(reply, [
      ['contactPerAddress', addressOf(request)],
      ...(sender ? ([['contactPerAccount', digest(sender)]] as [LimitName, string][]) : []),
    ]);
  }

  /**
   * Phone codes: sending is limited per number (read as E.164, so spellings of one number count
   * once) and per address; trying codes per address (each code also locks after a few wrong tries).
   * `sign-in` asks for a sign-in code, `confirm` for a code to confirm a number on the signed-in
   * person's profile. Strangers share a number's allowance; its owner does not share it with them.
   */
  async function beforePhoneCode(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'sign-in' | 'confirm' | 'check',
  ) {
    const address = addressOf(request);
    if (kind === 'check') return enforce(reply, [['codeChecksPerAddress', address]]);
    const raw = (request.body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
    const number = typeof raw === 'string' ? toE164(raw, config.PHONE_DEFAULT_COUNTRY) : null;
    if (!number) return enforce(reply, [['smsPerAddress', address]]);
    const own = kind === 'confirm' ? request.viewer?.userId : await ownerAsking(request, number);
    if (own) {
      // The owner's allowance is their own, one for each kind of code (each is its own code).
      const key = `${digest(number)}:user:${own}:${kind}`;
      return enforce(reply, [
        ['smsPerAddress', address],
        ['smsCooldownPerNumber', key],
        ['smsPerNumber', key],
      ]);
    }
    await enforce(reply, [['smsPerAddress', address]]);
    const here = `${digest(number)}:${address}`;
    const over = await sharedPerAddress({
      perAddress: [
        ['smsPerNumber', here],
        ['smsCooldownPerNumber', here],
      ],
      overall: ['smsPerNumberOverall', digest(number)],
      reserve: RESERVE_PER_ADDRESS.smsCodes,
    });
    if (over) {
      await uncount(`smsPerAddress:${address}`);
      throw tooMany(reply, `Too many ${over.rule.what}.`, over.waitMs);
    }
  }

  /** The owner of the number, when it is they who ask: signed in, or on a device known to the account. */
  async function ownerAsking(request: FastifyRequest, number: string): Promise<string | undefined> {
    if (!config.RATE_LIMIT_ENABLED) return undefined;
    const owner = await numberOwner(number).catch((err) => {
      log.error({ err }, "rate limits: the number's owner could not be read; counted as a stranger");
      return null;
    });
    if (!owner) return undefined;
    if (devices.deviceFor(request, owner.email)) return owner.id;
    let viewer = request.viewer;
    if (viewer === undefined) viewer = await request.server.services.sessions(request).catch(() => undefined);
    return viewer?.userId === owner.id ? owner.id : undefined;
  }

  /** Starting a club: a few a day per person (each attempt that passed validation counts). */
  async function beforeClubStart(request: FastifyRequest, reply: FastifyReply) {
    const viewer = request.viewer;
    await enforce(reply, [['clubStartsPerPerson', viewer ? `user:${viewer.userId}` : addressOf(request)]]);
  }

  /**
   * Sending an invitation (a new one, or again): per club, and per recipient (the email address in
   * lower case, or the number as E.164), whichever invitation it is.
   */
  async function beforeInvitationSend(request: FastifyRequest, reply: FastifyReply, recipient: string) {
    const clubId = request.viewer?.clubId;
    await enforce(reply, [
      ...(clubId ? ([['invitationsPerClub', clubId]] as [LimitName, string][]) : []),
      ['invitationCooldownPerRecipient', digest(recipient)],
      ['invitationsPerRecipient', digest(recipient)],
    ]);
  }

  /** A TV screen asking for a pairing code: per address. */
  async function beforeScreenStart(request: FastifyRequest, reply: FastifyReply) {
    await enforce(reply, [['screenStartsPerAddress', addressOf(request)]]);
  }

  return {
    enforce,
    beforeAuth,
    beforeContact,
    beforePhoneCode,
    beforeClubStart,
    beforeInvitationSend,
    beforeScreenStart,
  };
}

/**
 * The limit on every /api request: per user when signed in (per session with a bearer token),
 * per address otherwise. Applied by the route matched, never by the raw URL: `/%61pi/...` is
 * routed as `/api/...` and is counted as such.
 */
export async function registerApiRateLimit(
  app: FastifyInstance,
  opts: { config: Config; store: LimitStore },
) {
  const { config, store } = opts;
  if (!config.RATE_LIMIT_ENABLED) return;
  const scaled = (rule: LimitRule) => Math.max(1, Math.round(rule.max * config.RATE_LIMIT_SCALE));
  const ruleOf = (key: string) => (key.startsWith('user:') ? LIMITS.apiPerUser : LIMITS.apiPerAddress);
  await app.register(fastifyRateLimit, {
    global: true,
    hook: 'onRequest',
    keyGenerator: (request) => apiKeyOf(request),
    allowList: (request) => !isApiRoute(request),
    max: (_request, key) => scaled(ruleOf(key)),
    timeWindow: (_request, key) => ruleOf(key).windowMs,
    // Counted in the limit store, so Redis away moves these counts to memory with the others.
    store: apiStoreOf(store, 'api:'),
    // The store does not fail (Redis away, it counts in memory); if it ever did, no request fails for it.
    skipOnError: true,
    errorResponseBuilder: (request, context) => {
      const key = request.viewer || request.knownSession ? 'user:' : '';
      return new AppError('TOO_MANY_REQUESTS', `Too many ${ruleOf(key).what}. ${waitWords(context.ttl)}`);
    },
  });
}

/** @fastify/rate-limit's store, counting in ours (a fixed window from the key's first hit, as its own). */
function apiStoreOf(store: LimitStore, prefix: string): FastifyRateLimitStoreCtor {
  return class ApiLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      store.hit(`${prefix}${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (err: Error) => callback(err),
      );
    }
    /** A route with a rateLimit of its own (none today) counts apart, keyed as RedisStore keys it. */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes its merged options with the route as `routeInfo`, not what its types say.
      const { routeInfo } = options as unknown as { routeInfo: { method?: unknown; url?: unknown } };
      const Child = apiStoreOf(store, `${prefix}${String(routeInfo.method)}${String(routeInfo.url)}-`);
      return new Child({});
    }
  };
}

export function isApiRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && (url === '/api' || url.startsWith('/api/'));
}

/**
 * Resolves the viewer with the fast session reader only: better-auth's getSession may extend a
 * session, and the cookie of that extension would be lost here. An undecided session counts by address.
 */
async function apiKeyOf(request: FastifyRequest): Promise<string> {
  if (!isApiRoute(request)) return 'not-limited';
  let viewer = request.viewer;
  // A route whose statement checks the session itself: counted by the person this process knows the
  // token for, without reading the session (a session's person never changes).
  if (viewer === undefined && request.routeOptions.config.sessionInStatement) {
    const known = request.server.services.sessions.known(request);
    if (known) {
      request.knownSession = known;
      return personKey(request, known.userId);
    }
  }
  if (viewer === undefined) {
    try {
      const read = await request.server.services.sessions(request);
      if (read !== undefined) request.viewer = read;
      viewer = read;
    } catch {
      viewer = undefined;
    }
  }
  if (!viewer) return `address:${addressOf(request)}`;
  return personKey(request, viewer.userId);
}

/** A signed-in person's key: theirs, or with a bearer token, that token's (each device its own). */
function personKey(request: FastifyRequest, userId: string): string {
  const authorization = request.headers.authorization;
  return authorization?.slice(0, 7).toLowerCase() === 'bearer '
    ? `user:${userId}:session:${digest(authorization.slice(7).trim())}`
    : `user:${userId}`;
}

/** The client's address as Fastify determined it through TRUST_PROXY; IPv6 by its /56, as one home. */
export function addressOf(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined;
}

/** Keys hold no email addresses: anyone can make one by typing an address into a form. */
function digest(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 32);
}

/** The wait in words: seconds up to two minutes, then minutes, then hours (each rounded up). */
export function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const [n, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 120 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `Try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
}

function tooMany(reply: FastifyReply, what: string, waitMs: number, otherWays?: string): AppError {
  reply.header('retry-after', Math.max(1, Math.ceil(waitMs / 1000)));
  return new AppError('TOO_MANY_REQUESTS', [what, waitWords(waitMs), otherWays].filter(Boolean).join(' '));
}
