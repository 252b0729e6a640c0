import type { LiveEvent } from '@lastman/api';
import { nativeApiOrigin } from './api.ts';
import { isNative } from './platform.ts';

/**
 * The server's live events (Server-Sent Events) for every screen of this tab, over one EventSource per
 * stream: `GET /api/live` for a member, `GET /api/screens/current/live?club=` for a paired TV. Opened
 * when the first screen listens, closed when the last one stops. The browser reconnects on its own and
 * sends Last-Event-ID, so the server replays what was missed (or says `resync`, and the screens fetch
 * again). When the server refuses the stream, the screens poll until it takes it again.
 */
type Listener = (event: LiveEvent) => void;

interface Stream {
  readonly listeners: Set<Listener>;
  source: EventSource | null;
  /** While the server refuses the stream: the poll that stands in for it. */
  polling: ReturnType<typeof setInterval> | null;
  /** While the server refuses the stream: when to ask for it again. */
  retry: ReturnType<typeof setTimeout> | null;
}

/**
 * A refused stream (the server holding all it can: 503; too many from this address: 429; signed out)
 * is not retried by the browser. Meanwhile the screens fetch again this often, as if told `resync`,
 * and the stream is asked for again after the server's Retry-After (30 s).
 */
export const POLL_WHILE_REFUSED_MS = 20_000;
export const REOPEN_AFTER_MS = 30_000;

const MEMBER_STREAM = '/api/live';
const streams = new Map<string, Stream>();
const EVENT_TYPES = ['live-score', 'results', 'resync', 'quiz'] as const;

function open(path: string, stream: Stream) {
  if (stream.source || typeof EventSource === 'undefined') return;
  const base = isNative() ? nativeApiOrigin : '';
  const es = new EventSource(`${base}${path}`, { withCredentials: true });
  for (const type of EVENT_TYPES) {
    es.addEventListener(type, (e) => {
      let event: LiveEvent;
      try {
        event = JSON.parse((e as MessageEvent<string>).data) as LiveEvent;
      } catch {
        return;
      }
      for (const listener of [...stream.listeners]) listener(event);
    });
  }
  es.addEventListener('open', () => stopPolling(stream));
  es.addEventListener('error', () => {
    if (es.readyState === EventSource.CLOSED && stream.source === es) {
      stream.source = null;
      pollWhileRefused(path, stream);
    }
  });
  stream.source = es;
}

function pollWhileRefused(path: string, stream: Stream) {
  const resync = () => {
    for (const listener of [...stream.listeners]) listener({ type: 'resync' });
  };
  stream.polling ??= setInterval(resync, POLL_WHILE_REFUSED_MS);
  if (stream.retry) clearTimeout(stream.retry);
  stream.retry = setTimeout(() => {
    stream.retry = null;
    if (stream.listeners.size > 0) open(path, stream);
  }, REOPEN_AFTER_MS);
}

function stopPolling(stream: Stream) {
  if (stream.polling) clearInterval(stream.polling);
  if (stream.retry) clearTimeout(stream.retry);
  stream.polling = null;
  stream.retry = null;
}

export function listenToLiveEvents(listener: Listener, path = MEMBER_STREAM): () => void {
  let stream = streams.get(path);
  if (!stream) {
    stream = { listeners: new Set(), source: null, polling: null, retry: null };
    streams.set(path, stream);
  }
  const held = stream;
  held.listeners.add(listener);
  open(path, held);
  return () => {
    held.listeners.delete(listener);
    if (held.listeners.size === 0) {
      held.source?.close();
      held.source = null;
      stopPolling(held);
      streams.delete(path);
    }
  };
}
