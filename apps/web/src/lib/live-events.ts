import type { LiveEvent } from '@lastman/api';
import { nativeApiOrigin } from './api.ts';
import { isNative } from './platform.ts';

/**
 * The server's live events (Server-Sent Events) for every screen of this tab, over one EventSource per
 * stream: `GET /api/live` for a member, `GET /api/screens/current/live?club=` for a paired TV. Opened
 * when the first screen listens, closed when the last one stops. The browser reconnects on its own and
 * sends Last-Event-ID, so the server replays what was missed (or says `resync`, and the screens fetch
 * again).
 */
type Listener = (event: LiveEvent) => void;

interface Stream {
  readonly listeners: Set<Listener>;
  source: EventSource | null;
}

const MEMBER_STREAM = '/api/live';
const streams = new Map<string, Stream>();
const EVENT_TYPES = ['live-score', 'results', 'resync'] as const;

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
  // A refused stream (signed out: 401; an unpaired TV: 404) is not retried by the browser; the next
  // screen that listens opens it again.
  es.addEventListener('error', () => {
    if (es.readyState === EventSource.CLOSED && stream.source === es) stream.source = null;
  });
  stream.source = es;
}

export function listenToLiveEvents(listener: Listener, path = MEMBER_STREAM): () => void {
  let stream = streams.get(path);
  if (!stream) {
    stream = { listeners: new Set(), source: null };
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
      streams.delete(path);
    }
  };
}

/** Whether this tab holds the stream open (for tests and the screen's "live" mark). */
export const liveStreamOpen = (path = MEMBER_STREAM) => {
  const source = streams.get(path)?.source;
  return source != null && source.readyState !== EventSource.CLOSED;
};
