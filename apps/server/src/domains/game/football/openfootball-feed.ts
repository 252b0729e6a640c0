import { utcToUkLocal } from '@lastman/api/time';
import { GameInputError, parseOpenfootballSeason } from '@lastman/game';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Services } from '../../../services.ts';
import type { League } from './importer.ts';
import { fixtures, seasons } from './schema.ts';
import { recordFeedCheck, SeasonDataRefused, type SeasonUpdate, updateSeasonData } from './season-update.ts';

/**
 * openfootball's football.json over HTTP: `<baseUrl>/<season>/en.1.json` (the Premier League) and
 * `en.2.json` (the Championship), the files the server ships, kept current by openfootball. Free and
 * keyless; fetched with If-None-Match so an unchanged file costs a 304.
 */
export const OPENFOOTBALL_DEFAULT_URL = 'https://raw.githubusercontent.com/openfootball/football.json/master';

export const FEED_LEAGUES: readonly { league: League; file: string }[] = [
  { league: 'premier-league', file: 'en.1' },
  { league: 'championship', file: 'en.2' },
];

export class FeedError extends Error {}

/** The season being played at a moment: from July, the one that starts that year ("2026-27"). */
export function seasonFolderAt(now: Date): string {
  const [year, month] = utcToUkLocal(now.getTime()).date.split('-').map(Number) as [number, number];
  const start = month >= 7 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export const seasonKeyOf = (league: League, folder: string) => `${league}-${folder}`;

export type FetchedFile = { status: 'unchanged' } | { status: 'changed'; text: string; etag: string | null };

/** One GET of a season file; throws FeedError when it does not answer well in time. */
export async function fetchSeasonFile(
  url: string,
  { etag, timeoutMs }: { etag: string | null; timeoutMs: number },
): Promise<FetchedFile> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...(etag && { 'if-none-match': etag }) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (res.status === 304) return { status: 'unchanged' };
    text = await res.text();
  } catch (error) {
    const why =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${Math.round(timeoutMs / 1000)} s`
        : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
    throw new FeedError(`${url}: ${why}`);
  }
  if (res.status === 404) throw new FeedError(`${url}: not published (404)`);
  if (!res.ok) throw new FeedError(`${url}: HTTP ${res.status}`);
  return { status: 'changed', text, etag: res.headers.get('etag') };
}

/** The file's text as a season, or a FeedError saying what is wrong with it. */
export function readSeasonText(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new FeedError(`not JSON: ${(error as Error).message}`);
  }
  try {
    return parseOpenfootballSeason(json);
  } catch (error) {
    if (error instanceof GameInputError) throw new FeedError(`not an openfootball season: ${error.message}`);
    throw error;
  }
}

export interface LeagueTick {
  key: string;
  url: string;
  status: 'unchanged' | 'updated' | 'failed';
  update?: SeasonUpdate;
  error?: string;
}

export interface FeedTick {
  leagues: LeagueTick[];
  /** A match of a current season was played lately or kicks off soon: the next poll comes sooner. */
  matchDay: boolean;
  /** Consecutive polls with a failure, and when the next poll is due. */
  failures: number;
  nextDelayMs: number;
}

type FeedServices = Pick<Services, 'db' | 'clock' | 'registries'> &
  Partial<Pick<Services, 'notifier' | 'events' | 'payments' | 'mailer'>>;

interface FeedLog {
  info(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
  debug?(obj: unknown, msg: string): void;
}

/** Fetches one league's current season and applies what changed; never throws. */
export async function pollLeague(
  services: FeedServices,
  opts: { baseUrl: string; league: League; file: string; timeoutMs: number; log?: FeedLog },
): Promise<LeagueTick> {
  const now = services.clock.now();
  const folder = seasonFolderAt(now);
  const key = seasonKeyOf(opts.league, folder);
  const url = `${opts.baseUrl}/${folder}/${opts.file}.json`;
  const [row] = await services.db
    .select({ etag: seasons.feedEtag })
    .from(seasons)
    .where(eq(seasons.key, key));
  try {
    const got = await fetchSeasonFile(url, { etag: row?.etag ?? null, timeoutMs: opts.timeoutMs });
    if (got.status === 'unchanged') {
      await recordFeedCheck(services.db, { key, at: now, error: null });
      opts.log?.debug?.({ key }, 'openfootball: season unchanged (304)');
      return { key, url, status: 'unchanged' };
    }
    const season = readSeasonText(got.text);
    const update = await updateSeasonData(services, {
      key,
      name: season.name || key,
      league: opts.league,
      season,
      updatedBy: 'openfootball-feed',
    });
    await recordFeedCheck(services.db, { key, at: now, etag: got.etag, error: null });
    const real = update.changes.filter((c) => c.kind !== 'kept');
    if (real.length > 0 || update.counts.kept > 0) {
      opts.log?.info(
        {
          key,
          created: update.created,
          counts: update.counts,
          resettled: update.resettled.length,
          // What changed, match by match (the first 40 of a season that was made new).
          changes: update.changes
            .slice(0, 40)
            .map((c) => `${c.kind} R${c.round} ${c.match}: ${c.before} → ${c.after}`),
        },
        'openfootball: season updated',
      );
    }
    return { key, url, status: 'updated', update };
  } catch (error) {
    if (!(error instanceof FeedError || error instanceof SeasonDataRefused)) throw error;
    await recordFeedCheck(services.db, { key, at: now, error: error.message });
    opts.log?.warn(
      { key, error: error.message },
      'openfootball: feed not applied, the season is left as it was',
    );
    return { key, url, status: 'failed', error: error.message };
  }
}

/** A kick-off of one of the seasons within the last 12 hours or the next hour: results are on their way. */
async function isFeedMatchDay(db: Db, keys: readonly string[], now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fixtures)
    .innerJoin(seasons, eq(seasons.id, fixtures.seasonId))
    .where(
      and(
        inArray(seasons.key, [...keys]),
        gte(fixtures.kickoffAt, new Date(now.getTime() - 12 * 3_600_000)),
        lte(fixtures.kickoffAt, new Date(now.getTime() + 3_600_000)),
      ),
    );
  return (row?.n ?? 0) > 0;
}

const MAX_BACKOFF_MS = 6 * 3_600_000;

/**
 * When to poll next: the interval (a sixth of it, a minute at least, on match days); after failures, a
 * wait that doubles from half the interval (five minutes at least) up to six hours.
 */
export function nextPollDelay({
  intervalMs,
  matchDay,
  failures,
}: {
  intervalMs: number;
  matchDay: boolean;
  failures: number;
}): number {
  const base = matchDay ? Math.max(60_000, Math.round(intervalMs / 6)) : intervalMs;
  if (failures === 0) return base;
  return Math.min(MAX_BACKOFF_MS, Math.max(5 * 60_000, base / 2) * 2 ** (failures - 1));
}

export interface OpenfootballFeed {
  /** Polls now (a poll already running is waited for instead); resolves with what it did. */
  runNow(): Promise<FeedTick>;
  stop(): void;
}

/**
 * The scheduled feed: at start, then each interval (sooner on match days), doubling its wait while the
 * feed fails. After an update with new results the settlement job runs (`afterUpdate`).
 */
export function startOpenfootballFeed(opts: {
  services: FeedServices;
  baseUrl: string;
  intervalMs: number;
  timeoutMs?: number;
  leagues?: readonly { league: League; file: string }[];
  afterUpdate?: (ticks: LeagueTick[]) => Promise<void>;
  log?: FeedLog;
  /** Start polling at once (the default); a test runs each poll itself. */
  schedule?: boolean;
}): OpenfootballFeed {
  const leagues = opts.leagues ?? FEED_LEAGUES;
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  let failures = 0;
  let running: Promise<FeedTick> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const run = (): Promise<FeedTick> => {
    if (running) return running;
    running = (async () => {
      const ticks: LeagueTick[] = [];
      for (const l of leagues) {
        ticks.push(
          await pollLeague(opts.services, {
            baseUrl,
            league: l.league,
            file: l.file,
            timeoutMs: opts.timeoutMs ?? 20_000,
            ...(opts.log && { log: opts.log }),
          }),
        );
      }
      failures = ticks.some((t) => t.status === 'failed') ? failures + 1 : 0;
      const matchDay = await isFeedMatchDay(
        opts.services.db,
        ticks.map((t) => t.key),
        opts.services.clock.now(),
      );
      if (ticks.some((t) => t.status === 'updated')) await opts.afterUpdate?.(ticks);
      return {
        leagues: ticks,
        matchDay,
        failures,
        nextDelayMs: nextPollDelay({ ...opts, matchDay, failures }),
      };
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const loop = () => {
    if (stopped) return;
    run()
      .then((tick) => tick.nextDelayMs)
      .catch((err: unknown) => {
        opts.log?.warn({ err }, 'openfootball: poll failed');
        return nextPollDelay({ intervalMs: opts.intervalMs, matchDay: false, failures: ++failures });
      })
      .then((delay) => {
        if (stopped) return;
        timer = setTimeout(loop, delay);
        timer.unref();
      });
  };
  if (opts.schedule !== false) loop();
  return {
    runNow: run,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
