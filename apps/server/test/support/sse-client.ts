import type { HttpClient } from './http-client.ts';

export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
  /** When the client read it (Date.now()). */
  at: number;
}

/**
 * A Server-Sent Events client over real HTTP, as a browser's EventSource reads the stream: the
 * caller's cookies, `Last-Event-ID` when resuming. Keeps the comments (heartbeats) apart from events.
 */
export async function openSse(
  baseUrl: string,
  client: HttpClient,
  opts: { lastEventId?: string; path?: string } = {},
) {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', origin: new URL(baseUrl).origin };
  if (client.jar.size > 0) headers.cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
  const res = await fetch(new URL(opts.path ?? '/api/live', baseUrl), { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let raw = '';
  const reading = (async () => {
    if (!res.ok || !res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        const text = decoder.decode(chunk, { stream: true });
        raw += text;
        buffer += text;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) messages.push({ id, event, data: data.join('\n'), at: Date.now() });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    messages,
    comments,
    raw: () => raw,
    /** Until `ok` holds (checked as messages arrive), or fails after `timeoutMs`. */
    async until(what: string, ok: () => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!ok()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${raw.slice(-500)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}
