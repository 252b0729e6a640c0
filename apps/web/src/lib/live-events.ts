import type { LiveEvent } from '@lastman/api';
import { nativeApiOrigin } from './api.ts';
import { isNative } from './platform.ts';

/**
 * The server's live events (`GET /api/live`, Server-Sent Events) for every screen of this tab, over one
 * EventSource: opened when the first screen listens, closed when the last one stops. The browser
 * reconnects on its own and sends Last-Event-ID, so the server replays what was missed (or says
 * `resync`, and the screens fetch again).
 */
type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
const EVENT_TYPES = ['live-score', 'results', 'resync'] as const;

function open() {
  if (source || typeof EventSource === 'undefined') return;
  const base = isNative() ? nativeApiOrigin : '';
  const es = new EventSource(`${base}/api/live`, { withCredentials: true });
  for (const type of EVENT_TYPES) {
    es.addEventListener(type, (e) => {
      let event: LiveEvent;
      try {
        event = JSON.parse((e as MessageEvent<string>).data) as LiveEvent;
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener(event);
    });
  }
  // A refused stream (signed out: 401) is not retried by the browser; the next screen that listens opens it again.
  es.addEventListener('error', () => {
    if (es.readyState === EventSource.CLOSED && source === es) source = null;
  });
  source = es;
}

export function listenToLiveEvents(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
}

/** Whether this tab holds the stream open (for tests and the screen's "live" mark). */
export const liveStreamOpen = () => source !== null && source.readyState !== EventSource.CLOSED;
