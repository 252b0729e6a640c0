import type { CompetitionStatus } from '@lastman/api';
import { mulberry32 } from '@lastman/game';
import { and, eq, inArray, lte, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Viewer } from '../../../http/guards.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { clubForViewer } from '../../club/index.ts';
import { listCompetitions } from '../competitions/queries.ts';
import { fetchFootballDataSeason } from '../football/football-data.ts';
import { applyLiveScores } from '../football/live-scores.ts';
import { fixtures, seasons, teams } from '../football/schema.ts';
import { type StandInMatch, type StandInStep, startFootballDataStandIn } from '../football/stand-in.ts';
import { competitions, demoResults, roundSettlements } from '../schema.ts';
import { runSettlementPass } from '../settlement/worker.ts';
import { publishFeedChanges, publishResults } from './feed-events.ts';
import { notifyFeedMatchAlerts } from './match-alerts.ts';

/** The demo club (seeded as The Red Lion): the one club whose admins may play the demo round. */
export const DEMO_CLUB_SLUG = 'red-lion';

/** The demo's sped-up match: 90 minutes in this long, by default. */
export const DEMO_PLAY_MS = 3 * 60_000;
const POLL_MS = 2000;
const TOKEN = 'demo-match-day-stand-in';

type DemoServices = Pick<Services, 'db' | 'clock' | 'events' | 'config' | 'registries'> &
  Partial<Pick<Services, 'notifier'>>;

/** One sped-up match day per process at a time: the demo has one club playing. */
let playing: Promise<void> | null = null;

/** A match's 90 minutes as stand-in steps: kick-off, each minute, goals at random minutes, half time, full time. */
export function scriptMatch(id: number, final: { home: number; away: number }, playMs: number, seed: number) {
  const random = mulberry32(seed);
  const minuteMs = playMs / 92;
  const goalMinutes = (n: number) =>
    Array.from({ length: n }, () => 1 + Math.floor(random() * 89)).sort((a, b) => a - b);
  const homeGoals = goalMinutes(final.home);
  const awayGoals = goalMinutes(final.away);
  const steps: StandInStep[] = [{ atMs: 0, matchId: id, status: 'IN_PLAY', home: 0, away: 0, minute: 1 }];
  for (let minute = 2; minute <= 90; minute++) {
    const home = homeGoals.filter((m) => m < minute).length;
    const away = awayGoals.filter((m) => m < minute).length;
    const status = minute === 46 ? 'PAUSED' : 'IN_PLAY';
    steps.push({ atMs: Math.round(minute * minuteMs), matchId: id, status, home, away, minute });
  }
  steps.push({ atMs: Math.round(92 * minuteMs), matchId: id, status: 'FINISHED', ...final, minute: null });
  return steps;
}

/** One read of the stand-in: live scores to the screens, full-time results to the fixtures. Returns how many finished. */
async function pollStandIn(
  services: DemoServices,
  source: { token: string; baseUrl: string; competition: string },
  { seasonId, clubId, idOf }: { seasonId: string; clubId: string; idOf: Map<string, string> },
): Promise<number> {
  const { db } = services;
  const season = await fetchFootballDataSeason(source);
  const at = services.clock.now();
  const changes = await applyLiveScores(db, {
    seasonId: seasonId,
    matches: season.live,
    now: at,
    idOf,
  });
  const live = season.live.map((m) => idOf.get(m.externalId)).filter((id): id is string => id !== undefined);
  if (live.length > 0) {
    await db
      .update(fixtures)
      .set({ status: 'live' })
      .where(and(inArray(fixtures.id, live), eq(fixtures.status, 'scheduled')));
  }
  let finished = 0;
  for (const f of season.fixtures) {
    const id = idOf.get(f.id);
    if (!id || f.result === null) continue;
    finished++;
    await db
      .update(fixtures)
      .set({ status: 'finished', homeScore: f.result.home, awayScore: f.result.away })
      .where(and(eq(fixtures.id, id), inArray(fixtures.status, ['scheduled', 'live'])));
  }
  // To the demo club's screens alone: no other club plays on these fixtures.
  await publishFeedChanges(services.events, changes, clubId);
  await notifyFeedMatchAlerts(services, changes);
  return finished;
}

/** The demo season's fixtures are shared: a round another club's competition plays is not played live. */
async function refuseIfAnotherClubPlays(
  db: DemoServices['db'],
  { seasonId, clubId, round }: { seasonId: string; clubId: string; round: number },
): Promise<void> {
  const others = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(
      and(
        eq(competitions.seasonId, seasonId),
        ne(competitions.clubId, clubId),
        lte(competitions.startRound, round),
        notInArray(competitions.status, ['finished', 'cancelled']),
      ),
    )
    .limit(1);
  if (others.length > 0) {
    throw new AppError(
      'CONFLICT',
      `Another club has a competition on the demo season that plays round ${round}: playing it live would change its results, so the demo round is off until that competition ends.`,
    );
  }
}

/**
 * The demo club plays its running competition's next round live, sped up, without a token: the round's
 * kick-offs move to now (so its picks lock), a local stand-in of football-data.org plays the real
 * results of 2024-25 as a scripted match day, and the server reads it as it reads the real API. The
 * live scores reach open screens; full time settles the round as ever.
 */
export async function playDemoRound(
  services: DemoServices,
  viewer: Viewer,
  opts: { playMs?: number; log?: { error(obj: unknown, msg: string): void } } = {},
): Promise<{ competitionId: string; round: number; matches: number; playMs: number; startedAt: string }> {
  if (!services.config.LIVE_DEMO)
    throw new AppError('CONFLICT', 'The live demo is turned off on this server (LIVE_DEMO=false).');
  if (playing)
    throw new AppError('CONFLICT', 'A demo round is being played already: watch it on the game screen.');
  const { db } = services;
  // The demo season's fixtures are shared by every club: only the demo club plays them live, and only
  // while no other club has a competition on the round it would lock, settle or re-date.
  const club = await clubForViewer(db, {
    userClubId: viewer.clubId,
    defaultSlug: services.config.DEFAULT_CLUB,
  });
  if (club.id !== viewer.clubId || club.slug !== DEMO_CLUB_SLUG) {
    throw new AppError('FORBIDDEN', 'The live demo round is played by the demo club only, The Red Lion.');
  }
  const playMs = opts.playMs ?? DEMO_PLAY_MS;
  const running = (await listCompetitions(db, { clubId: viewer.clubId, includeDrafts: false })).filter(
    (c) => c.status === ('running' satisfies CompetitionStatus),
  );
  const demoSeasons = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.source, 'demo'));
  const comp = running.find((c) => demoSeasons.some((s) => s.id === c.seasonId));
  if (!comp) {
    throw new AppError(
      'CONFLICT',
      'Only a running competition on the demo season can play a round live in the demo.',
    );
  }
  const settled = await db
    .select({ round: roundSettlements.round })
    .from(roundSettlements)
    .where(and(eq(roundSettlements.clubId, viewer.clubId), eq(roundSettlements.competitionId, comp.id)));
  const done = new Set(settled.map((s) => s.round));
  const rows = await db
    .select({
      id: fixtures.id,
      round: fixtures.round,
      status: fixtures.status,
      homeTeamId: fixtures.homeTeamId,
      awayTeamId: fixtures.awayTeamId,
      kickoffAt: fixtures.kickoffAt,
    })
    .from(fixtures)
    .where(eq(fixtures.seasonId, comp.seasonId));
  const round = [...new Set(rows.map((r) => r.round))]
    .sort((a, b) => a - b)
    .find((r) => r >= comp.startRound && !done.has(r));
  if (round === undefined) throw new AppError('CONFLICT', 'This competition has no round left to play.');
  await refuseIfAnotherClubPlays(db, { seasonId: comp.seasonId, clubId: viewer.clubId, round });
  const roundRows = rows.filter((r) => r.round === round && r.status !== 'postponed');
  const results = await db
    .select()
    .from(demoResults)
    .where(
      inArray(
        demoResults.fixtureId,
        roundRows.map((r) => r.id),
      ),
    );
  const resultOf = new Map(results.map((r) => [r.fixtureId, r]));
  const names = new Map(
    (await db.select({ id: teams.id, name: teams.name }).from(teams)).map((t) => [t.id, t.name]),
  );
  const now = services.clock.now();
  // The round kicks off now: its deadline has passed, so its picks lock at the next settlement pass.
  // Its real results leave the clock's reveal: the stand-in plays them instead.
  await db.transaction(async (tx) => {
    await tx.delete(demoResults).where(
      inArray(
        demoResults.fixtureId,
        roundRows.map((r) => r.id),
      ),
    );
    await tx
      .update(fixtures)
      .set({ kickoffAt: now, status: 'scheduled', homeScore: null, awayScore: null })
      .where(
        inArray(
          fixtures.id,
          roundRows.map((r) => r.id),
        ),
      );
  });
  await runSettlementPass({
    db: db as Db,
    clock: services.clock,
    registries: services.registries,
    events: services.events,
  });

  const idOf = new Map<string, string>();
  const matches: StandInMatch[] = roundRows.map((r, i) => {
    idOf.set(`fd:${i + 1}`, r.id);
    return {
      id: i + 1,
      matchday: round,
      utcDate: now.toISOString(),
      home: { id: 1000 + 2 * i, name: names.get(r.homeTeamId) ?? 'Home' },
      away: { id: 1001 + 2 * i, name: names.get(r.awayTeamId) ?? 'Away' },
      status: 'TIMED',
      score: { home: null, away: null },
      minute: null,
    };
  });
  const standIn = await startFootballDataStandIn({ token: TOKEN, matches, callsPerMinute: 120 });
  const steps = matches.flatMap((m, i) => {
    const r = resultOf.get(roundRows[i]?.id ?? '');
    return scriptMatch(m.id, { home: r?.home ?? 0, away: r?.away ?? 0 }, playMs, round * 100 + i);
  });
  const source = { token: TOKEN, baseUrl: standIn.url, competition: 'PL' };

  const poll = () => pollStandIn(services, source, { seasonId: comp.seasonId, clubId: viewer.clubId, idOf });

  // Wall time, not the services' clock: it dates the stand-in's real timers (latency measurements).
  const startedAt = new Date().toISOString();
  playing = (async () => {
    const script = standIn.play(steps);
    try {
      for (;;) {
        const finished = await poll();
        if (finished === matches.length) break;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      await script;
      await runSettlementPass({ db: db as Db, clock: services.clock, registries: services.registries });
      await publishResults(services.events, comp.seasonId, viewer.clubId);
    } catch (err) {
      opts.log?.error({ err }, 'the demo match day stopped');
    } finally {
      await standIn.close();
      playing = null;
    }
  })();
  return { competitionId: comp.id, round, matches: matches.length, playMs, startedAt };
}

/** For tests: until the demo round being played (if any) has ended. */
export const demoRoundPlayed = () => playing ?? Promise.resolve();
