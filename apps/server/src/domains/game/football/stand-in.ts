import { createServer, type Server } from 'node:http';

/**
 * A local stand-in of football-data.org API v4, for the tests and the demo: it answers
 * `GET /v4/competitions/{code}/matches` in the real wire format (token in X-Auth-Token, 10 calls a
 * minute, 429 with X-RequestCounter-Reset beyond that), from matches a script changes as it plays.
 */
export type StandInStatus = 'TIMED' | 'IN_PLAY' | 'PAUSED' | 'FINISHED' | 'POSTPONED';

export interface StandInMatch {
  id: number;
  matchday: number;
  utcDate: string;
  home: { id: number; name: string };
  away: { id: number; name: string };
  status: StandInStatus;
  score: { home: number | null; away: number | null };
  minute: number | null;
}

/** One step of a scripted match day, `atMs` after the script starts. */
export interface StandInStep {
  atMs: number;
  matchId: number;
  status?: StandInStatus;
  home?: number;
  away?: number;
  minute?: number | null;
}

export interface FootballDataStandIn {
  url: string;
  token: string;
  matches: StandInMatch[];
  /** Changes a match now (as a step of a script would). */
  apply(step: Omit<StandInStep, 'atMs'>): void;
  /** Plays the steps on real time; resolves when the last has been applied (or the stand-in closed). */
  play(steps: readonly StandInStep[]): Promise<void>;
  /** The next `count` calls answer 429, as the real API does past its per-minute allowance. */
  refuseNext(count: number, resetSeconds?: number): void;
  /** Each answered call's time, for checking the client's pace. */
  calls: number[];
  close(): Promise<void>;
}

const CALLS_PER_MINUTE = 10;

function wireMatch(m: StandInMatch, competition: { name: string; code: string }, seasonStart: string) {
  const playing = m.status === 'IN_PLAY' || m.status === 'PAUSED' || m.status === 'FINISHED';
  const home = playing ? (m.score.home ?? 0) : null;
  const away = playing ? (m.score.away ?? 0) : null;
  const winner =
    home === null || away === null ? null : home > away ? 'HOME_TEAM' : home < away ? 'AWAY_TEAM' : 'DRAW';
  return {
    area: { id: 2072, name: 'England', code: 'ENG' },
    competition: { id: 2021, name: competition.name, code: competition.code, type: 'LEAGUE' },
    season: { id: 1, startDate: seasonStart, endDate: null, currentMatchday: m.matchday, winner: null },
    id: m.id,
    utcDate: m.utcDate,
    status: m.status,
    ...(m.status === 'IN_PLAY' || m.status === 'PAUSED' ? { minute: m.minute, injuryTime: null } : {}),
    matchday: m.matchday,
    stage: 'REGULAR_SEASON',
    group: null,
    lastUpdated: new Date().toISOString(),
    homeTeam: { ...m.home, shortName: m.home.name, tla: 'HOM', crest: '' },
    awayTeam: { ...m.away, shortName: m.away.name, tla: 'AWA', crest: '' },
    score: {
      winner: m.status === 'FINISHED' ? winner : null,
      duration: 'REGULAR',
      fullTime: { home, away },
      halfTime: { home: null, away: null },
    },
    referees: [],
  };
}

export async function startFootballDataStandIn(opts: {
  token: string;
  competition?: { name: string; code: string };
  season?: number;
  matches: StandInMatch[];
  /** The per-minute allowance (the free tier's 10 unless a sped-up demo needs more). */
  callsPerMinute?: number;
}): Promise<FootballDataStandIn> {
  const allowance = opts.callsPerMinute ?? CALLS_PER_MINUTE;
  const competition = opts.competition ?? { name: 'Premier League', code: 'PL' };
  const season = opts.season ?? 2024;
  const matches = opts.matches.map((m) => ({ ...m, score: { ...m.score } }));
  const calls: number[] = [];
  let refusals: { count: number; resetSeconds: number } = { count: 0, resetSeconds: 0 };
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let closed = false;

  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-auth-token'] !== opts.token) {
      json(403, { message: 'The resource you are looking for is restricted.', errorCode: 403 });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method !== 'GET' || url.pathname !== `/v4/competitions/${competition.code}/matches`) {
      json(404, { message: 'The resource you are looking for does not exist.', errorCode: 404 });
      return;
    }
    const now = Date.now();
    const lastMinute = calls.filter((t) => t > now - 60_000).length;
    if (refusals.count > 0 || lastMinute >= allowance) {
      const reset = refusals.count > 0 ? refusals.resetSeconds : 60;
      if (refusals.count > 0) refusals = { ...refusals, count: refusals.count - 1 };
      json(
        429,
        { message: `You reached your request limit. Wait ${reset} seconds.`, errorCode: 429 },
        { 'X-RequestCounter-Reset': String(reset), 'X-Requests-Available-Minute': '0' },
      );
      return;
    }
    calls.push(now);
    const seasonStart = `${season}-08-01`;
    json(
      200,
      {
        filters: { season: String(season) },
        resultSet: { count: matches.length },
        competition: { id: 2021, name: competition.name, code: competition.code, type: 'LEAGUE' },
        matches: matches.map((m) => wireMatch(m, competition, seasonStart)),
      },
      { 'X-Requests-Available-Minute': String(allowance - lastMinute - 1) },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the stand-in has no port');

  const apply = (step: Omit<StandInStep, 'atMs'>) => {
    const m = matches.find((x) => x.id === step.matchId);
    if (!m) throw new Error(`the stand-in has no match ${step.matchId}`);
    if (step.status !== undefined) m.status = step.status;
    if (step.home !== undefined) m.score.home = step.home;
    if (step.away !== undefined) m.score.away = step.away;
    if (step.minute !== undefined) m.minute = step.minute;
  };

  return {
    url: `http://127.0.0.1:${address.port}`,
    token: opts.token,
    matches,
    calls,
    apply,
    play: (steps) =>
      new Promise<void>((resolve) => {
        if (steps.length === 0) return resolve();
        let left = steps.length;
        for (const step of steps) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!closed) apply(step);
            if (--left === 0) resolve();
          }, step.atMs);
          timers.add(timer);
        }
      }),
    refuseNext: (count, resetSeconds = 1) => {
      refusals = { count, resetSeconds };
    },
    close: async () => {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
