/**
 * How many live streams (Server-Sent Events) this process holds open, and for whom. Each stream is
 * an open socket, so a file descriptor, for as long as it lasts: one client holding hundreds would
 * starve every other club's requests and the database pool. So:
 * - a session (or a TV screen) holds a handful: its newest ends its oldest (a tab reopened, a phone
 *   that lost its stream without the server hearing), never refused;
 * - one network address holds enough for a pub's players on its Wi-Fi, then is refused with 429;
 * - the process holds a ceiling that fits its open-file limit, then refuses with 503; the web app
 *   then polls instead, and tries the stream again later.
 * Each process counts its own (behind a load balancer, each has its own ceiling).
 */
export interface StreamLimitSettings {
  perSession: number;
  perAddress: number;
  max: number;
}

export type StreamAdmission =
  | { ok: true; release: () => void }
  | { ok: false; status: 429 | 503; retryAfterSeconds: number; message: string };

export interface StreamLimits {
  readonly settings: StreamLimitSettings;
  /**
   * Makes room for a new stream of `holder` from `address`, or refuses it. `end` closes the stream
   * (the holder's later streams may end it); the stream calls `release` once it has closed.
   */
  admit(who: { holder: string; address: string }, end: () => void): StreamAdmission;
  /** Streams held open, in all and from one address. */
  count(address?: string): number;
}

/** How soon a refused client may try again. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

interface Held {
  address: string;
  end: () => void;
  released: boolean;
}

export function createStreamLimits(settings: StreamLimitSettings): StreamLimits {
  // A Set keeps insertion order: the first of a holder's is its oldest.
  const byHolder = new Map<string, Set<Held>>();
  const byAddress = new Map<string, number>();
  let total = 0;

  const release = (holder: string, held: Held) => {
    if (held.released) return;
    const { address } = held;
    held.released = true;
    total -= 1;
    const own = byHolder.get(holder);
    own?.delete(held);
    if (own?.size === 0) byHolder.delete(holder);
    const n = (byAddress.get(address) ?? 1) - 1;
    if (n <= 0) byAddress.delete(address);
    else byAddress.set(address, n);
  };

  return {
    settings,
    admit({ holder, address }, end) {
      const own = byHolder.get(holder);
      while (own && own.size >= settings.perSession) {
        const oldest = own.values().next().value as Held;
        release(holder, oldest);
        oldest.end();
      }
      if (total >= settings.max) {
        return {
          ok: false,
          status: 503,
          retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
          message: `The server is holding as many live streams as it can. Scores still update every few seconds; try the live stream again in ${STREAM_RETRY_AFTER_SECONDS} seconds.`,
        };
      }
      if ((byAddress.get(address) ?? 0) >= settings.perAddress) {
        return {
          ok: false,
          status: 429,
          retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
          message: `Too many live streams from this network address. Try again in ${STREAM_RETRY_AFTER_SECONDS} seconds.`,
        };
      }
      const held: Held = { address, end, released: false };
      total += 1;
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      const set = own ?? new Set<Held>();
      set.add(held);
      byHolder.set(holder, set);
      return { ok: true, release: () => release(holder, held) };
    },
    count: (address) => (address === undefined ? total : (byAddress.get(address) ?? 0)),
  };
}
