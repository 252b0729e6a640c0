import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EventHub, HubEvent } from '../../../lib/event-hub.ts';

/** A comment at least this often keeps proxies and the browser from dropping a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How soon a browser reconnects after losing the stream. */
const RETRY_MS = 3000;

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
  audience: { readonly clubId: string },
  request: FastifyRequest,
  reply: FastifyReply,
  streams: Set<() => void>,
  heartbeatMs = HEARTBEAT_MS,
): void {
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

  const forViewer = (e: HubEvent) => e.clubId === null || e.clubId === audience.clubId;
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
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  hub.connections.open(audience.clubId);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    hub.connections.close(audience.clubId);
    streams.delete(close);
    res.end();
  };
  streams.add(close);
  request.raw.on('close', close);
  res.on('close', close);
}
