import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../../lib/errors.ts';
import type { EventHub, HubEvent } from '../../../lib/event-hub.ts';

/** A comment at least this often keeps proxies and the browser from dropping a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How soon a browser reconnects after losing the stream. */
const RETRY_MS = 3000;
/**
 * A client that reads nothing (its socket's send buffer past this) is not listening: its stream ends
 * rather than queue every club's scores in this process's memory.
 */
const UNREAD_LIMIT_BYTES = 256 * 1024;

/**
 * The open streams of a plugin's routes, ended when the server closes (they would hold its close
 * open otherwise).
 */
export function closedOnShutdown(app: FastifyInstance): Set<() => void> {
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  return streams;
}

/**
 * Serves the live events of a club (a member's, or a paired TV screen's) as Server-Sent Events: a comment at once, the events
 * missed since `Last-Event-ID` (or a `resync` when they are no longer kept), then each event as it
 * comes, with a heartbeat comment between. The response is taken over from Fastify (hijacked), so
 * the headers its hooks set are written here.
 */
export function serveLiveStream(
  hub: EventHub,
  audience: {
    readonly clubId: string;
    readonly sessionToken?: string | undefined;
    readonly userId?: string;
    /** A paired TV screen: its streams are its own, however many screens a pub has on one address. */
    readonly screenId?: string;
  },
  request: FastifyRequest,
  reply: FastifyReply,
  streams: Set<() => void>,
  heartbeatMs = HEARTBEAT_MS,
  /** Which of the club's events this stream carries (all of them by default). */
  only: (e: HubEvent) => boolean = () => true,
): FastifyReply | undefined {
  const { liveStreams, config } = request.server.services;
  // A member's streams are counted per session, a paired TV screen's per screen (both also per address).
  const holder =
    audience.sessionToken ??
    audience.userId ??
    (audience.screenId ? `screen:${audience.screenId}` : `screen:${audience.clubId}:${request.ip}`);
  let close: () => void = () => {};
  const admission = liveStreams.admit({ holder, address: request.ip }, () => close());
  if (!admission.ok) {
    return reply
      .status(admission.status)
      .header('retry-after', String(admission.retryAfterSeconds))
      .send(
        errorBody(admission.status === 503 ? 'SERVICE_UNAVAILABLE' : 'TOO_MANY_REQUESTS', admission.message),
      );
  }
  reply.hijack();
  const res = reply.raw;
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && name !== 'content-length') headers[name] = value;
  }
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  res.write(`: connected\nretry: ${RETRY_MS}\n\n`);

  const forViewer = (e: HubEvent) => (e.clubId === null || e.clubId === audience.clubId) && only(e);
  const send = (e: HubEvent) => {
    if (forViewer(e)) res.write(`id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`);
  };
  // Replay and subscribe in the same tick: nothing published in between is lost or sent twice.
  const header = request.headers['last-event-id'];
  const lastId = typeof header === 'string' && header.length <= 200 ? header : null;
  if (lastId) {
    const missed = hub.since(lastId);
    if (missed === null) res.write(`event: resync\ndata: ${JSON.stringify({ type: 'resync' })}\n\n`);
    else for (const e of missed) send(e);
  }
  const unsubscribe = hub.subscribe(send);
  const heartbeat = setInterval(() => {
    if (res.writableLength > UNREAD_LIMIT_BYTES) close();
    else res.write(': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();
  // Every stream ends in time (the browser reconnects at once with Last-Event-ID and misses
  // nothing): one left open by a client that went away unheard does not hold its socket for ever.
  const lifetime = setTimeout(() => close(), config.LIVE_STREAM_MINUTES * 60_000);
  lifetime.unref();
  hub.connections.open(audience.clubId);
  let closed = false;
  close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    unsubscribe();
    hub.connections.close(audience.clubId);
    admission.release();
    streams.delete(close);
    res.end();
  };
  streams.add(close);
  request.raw.on('close', close);
  res.on('close', close);
  return undefined;
}
