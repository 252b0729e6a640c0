import { utcToUkLocal } from '@lastman/api/time';
import { compareStrings, type Fixture, type FixtureStatus, type Season } from '@lastman/game';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { type ImportSummary, importSeason } from './importer.ts';
import { applyLiveScores, isMatchDay, type LiveChange, type LiveMatch } from './live-scores.ts';

/**
 * football-data.org API v4: `GET /v4/competitions/{code}/matches[?season=YYYY]` with the token in
 * `X-Auth-Token`. Only the fields we use are checked; the API sends many more.
 */
const Team = z.object({ id: z.number(), name: z.string().min(1) });
const Match = z.object({
  id: z.number(),
  utcDate: z.string(),
  status: z.enum([
    'SCHEDULED',
    'TIMED',
    'IN_PLAY',
    'PAUSED',
    'LIVE',
    'FINISHED',
    'SUSPENDED',
    'POSTPONED',
    'CANCELLED',
    'AWARDED',
  ]),
  matchday: z.number().int().nullable().optional(),
  homeTeam: Team,
  awayTeam: Team,
  score: z.object({
    fullTime: z.object({ home: z.number().int().nullable(), away: z.number().int().nullable() }),
  }),
  // While a match is played: the minute (a number, sometimes sent as text), and fullTime is the score so far.
  minute: z.union([z.number(), z.string()]).nullable().optional(),
  injuryTime: z.number().nullable().optional(),
  season: z.object({ startDate: z.string() }).optional(),
});
const MatchList = z.object({
  filters: z.object({ season: z.union([z.string(), z.number()]).optional() }).optional(),
  competition: z.object({ name: z.string(), code: z.string().optional() }),
  matches: z.array(Match),
});

const STATUS: Record<z.infer<typeof Match>['status'], FixtureStatus> = {
  SCHEDULED: 'scheduled',
  TIMED: 'scheduled',
  IN_PLAY: 'live',
  PAUSED: 'live',
  LIVE: 'live',
  FINISHED: 'finished',
  AWARDED: 'finished',
  SUSPENDED: 'abandoned',
  POSTPONED: 'postponed',
  CANCELLED: 'postponed',
};

export class FootballDataError extends Error {
  /** On a 429: how long football-data.org asks us to wait before the next call, when it says. */
  retryAfterMs: number | null = null;
  rateLimited = false;
}

/** The API's answer as a season, in the same shape the openfootball parser gives. */
export function parseFootballDataMatches(
  json: unknown,
): Season & { startYear: number | null; live: LiveMatch[] } {
  const parsed = MatchList.safeParse(json);
  if (!parsed.success) {
    throw new FootballDataError(
      `football-data.org answered in an unexpected shape: ${parsed.error.issues[0]?.message}`,
    );
  }
  const { competition, matches, filters } = parsed.data;
  const fixtures: Fixture[] = [];
  const teams = new Set<string>();
  const live: LiveMatch[] = [];
  for (const m of matches) {
    if (m.matchday === null || m.matchday === undefined) continue;
    const inPlay = liveMatch(m);
    if (inPlay) live.push(inPlay);
    const kickoff = Date.parse(m.utcDate);
    if (Number.isNaN(kickoff)) throw new FootballDataError(`match ${m.id} has no valid utcDate`);
    const status = STATUS[m.status];
    const { home, away } = m.score.fullTime;
    const result = status === 'finished' && home !== null && away !== null ? { home, away } : null;
    fixtures.push({
      id: `fd:${m.id}`,
      round: m.matchday,
      home: m.homeTeam.name,
      away: m.awayTeam.name,
      kickoff,
      date: utcToUkLocal(kickoff).date,
      // SCHEDULED: the date is known, the kick-off time not yet (TIMED once it is).
      timeTbc: m.status === 'SCHEDULED',
      result,
      status: result === null && status === 'finished' ? 'scheduled' : status,
    });
    teams.add(m.homeTeam.name);
    teams.add(m.awayTeam.name);
  }
  const year = Number(filters?.season ?? matches[0]?.season?.startDate.slice(0, 4) ?? Number.NaN);
  const startYear = Number.isInteger(year) ? year : null;
  const label = startYear === null ? '' : ` ${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
  return {
    name: `${competition.name}${label}`,
    teams: [...teams].sort(compareStrings),
    fixtures,
    startYear,
    live,
  };
}

function liveMatch(m: z.infer<typeof Match>): LiveMatch | null {
  if (STATUS[m.status] !== 'live') return null;
  const minute =
    m.minute === null || m.minute === undefined ? Number.NaN : Number.parseInt(String(m.minute), 10);
  return {
    externalId: `fd:${m.id}`,
    home: m.score.fullTime.home ?? 0,
    away: m.score.fullTime.away ?? 0,
    minute: Number.isInteger(minute) && minute >= 0 && minute <= 150 ? minute : null,
  };
}

export interface FootballDataSource {
  token: string;
  baseUrl: string;
  competition: string;
  season?: number;
  timeoutMs?: number;
}

export async function fetchFootballDataSeason(source: FootballDataSource) {
  const url = new URL(`/v4/competitions/${encodeURIComponent(source.competition)}/matches`, source.baseUrl);
  if (source.season !== undefined) url.searchParams.set('season', String(source.season));
  const res = await fetch(url, {
    headers: { 'X-Auth-Token': source.token, accept: 'application/json' },
    signal: AbortSignal.timeout(source.timeoutMs ?? 20_000),
  });
  if (!res.ok) {
    const why =
      res.status === 429
        ? 'rate limit reached'
        : res.status === 403 || res.status === 401
          ? 'the token was refused'
          : `HTTP ${res.status}`;
    const error = new FootballDataError(`football-data.org: ${why}`);
    if (res.status === 429) {
      error.rateLimited = true;
      error.retryAfterMs = retryAfterMs(res.headers);
    }
    throw error;
  }
  return parseFootballDataMatches(await res.json());
}

/** football-data.org says when its per-minute counter resets (X-RequestCounter-Reset, seconds); else Retry-After. */
function retryAfterMs(headers: Headers): number | null {
  for (const name of ['x-requestcounter-reset', 'retry-after']) {
    const seconds = Number(headers.get(name));
    if (headers.get(name) !== null && Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  }
  return null;
}

export interface SyncSummary extends ImportSummary {
  /** Fixtures whose live score changed in this sync. */
  liveChanges: LiveChange[];
  /** A match of the season is being played or kicks off soon: the next sync comes within the minute. */
  matchDay: boolean;
}

/**
 * Fetches and imports a live season (the same importer as openfootball: upserts, stable ids), then
 * the scores of the matches being played. A live score is kept apart from the result: only a
 * finished match's score settles anything.
 */
export async function syncFootballData(
  db: Db,
  source: FootballDataSource,
  now: Date = new Date(),
): Promise<SyncSummary> {
  const season = await fetchFootballDataSeason(source);
  const year = season.startYear ?? source.season ?? 'current';
  return db.transaction(async (tx) => {
    const summary = await importSeason(tx, {
      key: `football-data-${source.competition}-${year}`,
      name: season.name,
      source: 'football-data',
      season,
    });
    const liveChanges = await applyLiveScores(tx, { seasonId: summary.seasonId, matches: season.live, now });
    const matchDay = await isMatchDay(tx, { seasonId: summary.seasonId, now });
    return { ...summary, liveChanges, matchDay };
  });
}

export interface FootballDataSync {
  runNow(): Promise<void>;
  stop(): void;
}

/** While a match is played the sync runs each minute: one call a minute, well within the free tier's ten. */
export const LIVE_SYNC_MS = 60_000;
/** After a 429 without a reset time, the wait starts here and doubles up to the ceiling. */
const BACKOFF_FIRST_MS = 60_000;
const BACKOFF_MAX_MS = 15 * 60_000;

/**
 * The scheduled sync: at start, then every `intervalMs`, or every `liveIntervalMs` while a match of the
 * season is being played (or kicks off soon); after a 429 it waits as long as football-data.org asks
 * (else a doubling back-off). After each import the settlement job runs, and `onLive` hears the live
 * scores that changed.
 */
export function startFootballDataSync(opts: {
  db: Db;
  source: FootballDataSource;
  intervalMs: number;
  liveIntervalMs?: number;
  now?: () => Date;
  afterSync?: (summary: SyncSummary) => Promise<void>;
  onLive?: (changes: LiveChange[]) => Promise<void> | void;
  log?: {
    info(obj: unknown, msg: string): void;
    warn?(obj: unknown, msg: string): void;
    error(obj: unknown, msg: string): void;
  };
}): FootballDataSync {
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let backoffMs = 0;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), delayMs);
    timer.unref();
  };
  const run = (): Promise<void> => {
    if (running) return running;
    let next = opts.intervalMs;
    running = syncFootballData(opts.db, opts.source, opts.now?.() ?? new Date())
      .then(async (result) => {
        const { liveChanges, ...summary } = result;
        backoffMs = 0;
        if (summary.matchDay) next = Math.min(opts.intervalMs, opts.liveIntervalMs ?? LIVE_SYNC_MS);
        opts.log?.info({ ...summary, liveChanges: liveChanges.length }, 'football-data.org season synced');
        if (liveChanges.length > 0) await opts.onLive?.(liveChanges);
        await opts.afterSync?.(result);
      })
      .catch((err: unknown) => {
        if (err instanceof FootballDataError && err.rateLimited) {
          // As long as asked (the counter resets within the minute), else a doubling wait.
          backoffMs = Math.min(Math.max(backoffMs * 2, BACKOFF_FIRST_MS), BACKOFF_MAX_MS);
          next = Math.max(err.retryAfterMs ?? backoffMs, 1000);
          opts.log?.warn?.({ waitMs: next }, 'football-data.org: rate limit reached, waiting');
          return;
        }
        opts.log?.error({ err }, 'football-data.org sync failed');
      })
      .finally(() => {
        running = null;
        schedule(next);
      });
    return running;
  };
  void run();
  return {
    runNow: run,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
