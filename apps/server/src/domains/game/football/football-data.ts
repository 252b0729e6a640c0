import { utcToUkLocal } from '@lastman/api/time';
import { compareStrings, type Fixture, type FixtureStatus, type Season } from '@lastman/game';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { type ImportSummary, importSeason } from './importer.ts';

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
  season: z.object({ startDate: z.string() }).optional(),
});
const MatchList = z.object({
  filters: z.object({ season: z.union([z.string(), z.number()]).optional() }).optional(),
  competition: z.object({ name: z.string(), code: z.string().optional() }),
  matches: z.array(Match),
});
export type FootballDataMatchList = z.infer<typeof MatchList>;

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

export class FootballDataError extends Error {}

/** The API's answer as a season, in the same shape the openfootball parser gives. */
export function parseFootballDataMatches(json: unknown): Season & { startYear: number | null } {
  const parsed = MatchList.safeParse(json);
  if (!parsed.success) {
    throw new FootballDataError(
      `football-data.org answered in an unexpected shape: ${parsed.error.issues[0]?.message}`,
    );
  }
  const { competition, matches, filters } = parsed.data;
  const fixtures: Fixture[] = [];
  const teams = new Set<string>();
  for (const m of matches) {
    if (m.matchday === null || m.matchday === undefined) continue;
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
  return { name: `${competition.name}${label}`, teams: [...teams].sort(compareStrings), fixtures, startYear };
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
    throw new FootballDataError(`football-data.org: ${why}`);
  }
  return parseFootballDataMatches(await res.json());
}

/** Fetches and imports a live season (the same importer as openfootball: upserts, stable ids). */
export async function syncFootballData(db: Db, source: FootballDataSource): Promise<ImportSummary> {
  const season = await fetchFootballDataSeason(source);
  const year = season.startYear ?? source.season ?? 'current';
  return db.transaction((tx) =>
    importSeason(tx, {
      key: `football-data-${source.competition}-${year}`,
      name: season.name,
      source: 'football-data',
      season,
    }),
  );
}

export interface FootballDataSync {
  runNow(): Promise<void>;
  stop(): void;
}

/** The scheduled sync: at start, then every `intervalMs`; after each import the settlement job runs. */
export function startFootballDataSync(opts: {
  db: Db;
  source: FootballDataSource;
  intervalMs: number;
  afterSync?: () => Promise<void>;
  log?: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}): FootballDataSync {
  let running: Promise<void> | null = null;
  const run = (): Promise<void> => {
    if (running) return running;
    running = syncFootballData(opts.db, opts.source)
      .then(async (summary) => {
        opts.log?.info(summary, 'football-data.org season synced');
        await opts.afterSync?.();
      })
      .catch((err: unknown) => opts.log?.error({ err }, 'football-data.org sync failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void run(), opts.intervalMs);
  timer.unref();
  void run();
  return { runNow: run, stop: () => clearInterval(timer) };
}
