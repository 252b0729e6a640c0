import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The events pushed to open screens (Server-Sent Events), fanned out to every server process: through
 * Redis pub/sub when REDIS_URL is set, in this process's memory otherwise. Each process keeps the last
 * events it saw so that a screen that reconnects with Last-Event-ID gets what it missed.
 */
export interface HubEvent {
  /** Unique and in publication order within a publishing process; screens send it back to resume. */
  id: string;
  /** The club the event is for; null for every club (a feed's live score, shared seasons). */
  clubId: string | null;
  type: string;
  data: unknown;
}

export interface EventHub {
  publish(event: Omit<HubEvent, 'id'>): Promise<void>;
  /** Hears each event as it arrives (own and other processes'); returns the unsubscribe. */
  subscribe(listener: (event: HubEvent) => void): () => void;
  /** The events after `lastId`, oldest first; null when `lastId` is not among the last kept. */
  since(lastId: string): HubEvent[] | null;
  /** Screens this process holds open (the live routes count them), by club; every club's without one. */
  connections: { open(clubId: string): void; close(clubId: string): void; count(clubId?: string): number };
  close(): Promise<void>;
}

export interface EventHubOptions {
  redisUrl: string | undefined;
  keyPrefix: string;
  /** How many recent events each process keeps for resuming. */
  keep?: number;
  log?: { warn(obj: unknown, msg: string): void };
}

const KEEP = 500;

export async function openEventHub(opts: EventHubOptions): Promise<EventHub> {
  const keep = opts.keep ?? KEEP;
  const recent: HubEvent[] = [];
  const listeners = new Set<(event: HubEvent) => void>();
  const tag = randomBytes(3).toString('hex');
  let seq = 0;
  const open = new Map<string, number>();

  const deliver = (event: HubEvent) => {
    if (recent.some((e) => e.id === event.id)) return;
    recent.push(event);
    if (recent.length > keep) recent.splice(0, recent.length - keep);
    for (const listener of listeners) listener(event);
  };
  const nextId = () => `${Date.now().toString(36)}-${tag}-${(++seq).toString(36)}`;

  let publishRemote: ((event: HubEvent) => Promise<void>) | null = null;
  let closeRemote: () => Promise<void> = async () => {};
  if (opts.redisUrl) {
    // Pub/sub channels are the whole Redis server's, whichever database the URL names: the database
    // is part of the channel, so that deployments told apart by it do not hear each other's events.
    const database = Number(new URL(opts.redisUrl).pathname.slice(1) || '0') || 0;
    const channel = `${opts.keyPrefix}db${database}:live-events`;
    const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true } as const;
    const publisher = new Redis(opts.redisUrl, options);
    const subscriber = new Redis(opts.redisUrl, { ...options, enableOfflineQueue: true });
    for (const client of [publisher, subscriber]) {
      client.on('error', (err: unknown) => opts.log?.warn({ err }, 'live events: Redis error'));
    }
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        deliver(JSON.parse(message) as HubEvent);
      } catch {
        opts.log?.warn({ message: message.slice(0, 200) }, 'live events: a message that is not an event');
      }
    });
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(channel);
    } catch (err) {
      // Reconnects on its own (ioredis resubscribes); until then each process tells its own screens.
      opts.log?.warn({ err }, 'live events: Redis cannot be reached; events stay in this process for now');
    }
    publishRemote = async (event) => {
      await publisher.publish(channel, JSON.stringify(event));
    };
    closeRemote = async () => {
      subscriber.disconnect();
      publisher.disconnect();
    };
  }

  return {
    publish: async (input) => {
      const event: HubEvent = { id: nextId(), ...input };
      if (publishRemote) {
        try {
          await publishRemote(event);
          return;
        } catch (err) {
          opts.log?.warn({ err }, 'live events: Redis publish failed; told this process only');
        }
      }
      deliver(event);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    since: (lastId) => {
      const at = recent.findIndex((e) => e.id === lastId);
      return at < 0 ? null : recent.slice(at + 1);
    },
    connections: {
      open: (clubId) => {
        open.set(clubId, (open.get(clubId) ?? 0) + 1);
      },
      close: (clubId) => {
        const left = (open.get(clubId) ?? 0) - 1;
        if (left > 0) open.set(clubId, left);
        else open.delete(clubId);
      },
      count: (clubId) =>
        clubId === undefined ? [...open.values()].reduce((a, b) => a + b, 0) : (open.get(clubId) ?? 0),
    },
    close: async () => {
      listeners.clear();
      await closeRemote();
    },
  };
}
