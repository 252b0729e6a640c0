import type { CompetitionLive, LiveEvent, LiveFeedState, LiveFixture, LiveScoreUpdate } from '@lastman/api';
import { liveRound, type RoundAnalysis, roundDeadline, type Score } from '@lastman/game';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { listSettlements, listStandings } from '../competitions/queries.ts';
import { visibleCompetition } from '../competitions/views.ts';
import { type FixtureRow, listSeasonFixtures, seasonModel } from '../fixtures/index.ts';
import { findFixture } from '../fixtures/queries.ts';
import { listRoundPicks } from '../picks/queries.ts';
import { compileRounds } from '../settlement/index.ts';
import { notifyMatchAlerts } from './match-alerts.ts';
import { type LiveColumns, liveColumnsOf, liveScoreOf, upsertClubLiveScore } from './queries.ts';

/** The feed has not reported a match being played for this long: "feed delayed". */
export const FEED_STALL_MS = 3 * 60_000;
/** A score that went down is flagged "score updated" for this long. */
export const CORRECTION_SHOWN_MS = 5 * 60_000;
/** A match this long past kick-off with no score heard at all is also delayed. */
const NO_SCORE_DELAYED_MS = 5 * 60_000;
const ENTRIES_LIMIT = 5000;

type LiveServices = Pick<Services, 'db' | 'clock' | 'events' | 'config' | 'registries'> &
  Partial<Pick<Services, 'notifier'>>;

export function liveFixtureView(row: FixtureRow, columns: LiveColumns | undefined, now: number): LiveFixture {
  const base = {
    fixtureId: row.id,
    seasonId: row.seasonId,
    round: row.round,
    status: row.status,
    kickoff: row.kickoffAt.toISOString(),
    home: { id: row.homeTeamId, name: row.homeName, shortName: row.homeShort },
    away: { id: row.awayTeamId, name: row.awayName, shortName: row.awayShort },
  };
  if (row.status === 'finished') {
    return {
      ...base,
      homeGoals: row.homeScore,
      awayGoals: row.awayScore,
      minute: null,
      feed: 'final',
      source: null,
      updatedAt: null,
    };
  }
  const live = row.status === 'postponed' || row.status === 'abandoned' ? null : liveScoreOf(columns);
  if (!live) {
    const overdue =
      (row.status === 'live' || row.status === 'scheduled') &&
      now - row.kickoffAt.getTime() > NO_SCORE_DELAYED_MS &&
      now - row.kickoffAt.getTime() < 3 * 60 * 60_000;
    return {
      ...base,
      homeGoals: null,
      awayGoals: null,
      minute: null,
      feed: overdue && row.status === 'live' ? 'delayed' : 'waiting',
      source: null,
      updatedAt: null,
    };
  }
  let feed: LiveFeedState = 'live';
  if (live.correctedAt && now - live.correctedAt.getTime() < CORRECTION_SHOWN_MS) feed = 'corrected';
  if (live.source === 'feed' && now - live.heardAt.getTime() > FEED_STALL_MS) feed = 'delayed';
  return {
    ...base,
    homeGoals: live.home,
    awayGoals: live.away,
    minute: live.minute,
    feed,
    source: live.source,
    updatedAt: live.updatedAt.toISOString(),
  };
}

/** The round a screen shows: the one being played (locked, not settled), else the last settled one. */
function roundOnShow(
  rounds: readonly RoundAnalysis[],
  settled: ReadonlySet<number>,
  deadlineMinutes: number,
  now: number,
) {
  const playing = rounds.find((r) => {
    const deadline = roundDeadline(r, deadlineMinutes);
    return !settled.has(r.round) && deadline !== null && now >= deadline;
  });
  if (playing) return { round: playing, settled: false };
  const last = [...rounds].reverse().find((r) => settled.has(r.round));
  return last ? { round: last, settled: true } : null;
}

/**
 * Each entry's state as the scores stand in the round being played, with the counts: what a screen
 * that has just opened shows before the live events take over.
 */
export async function competitionLive(
  services: LiveServices,
  viewer: Viewer,
  { competitionId }: { competitionId: string },
): Promise<CompetitionLive> {
  const { db } = services;
  const now = services.clock.now().getTime();
  const comp = await visibleCompetition(db, viewer, competitionId);
  const rows = await listSeasonFixtures(db, { clubId: viewer.clubId, seasonId: comp.seasonId });
  const model = seasonModel(rows);
  const rounds = compileRounds(comp, model).rounds;
  const settlements = await listSettlements(db, { clubId: viewer.clubId, competitionIds: [comp.id] });
  const shown = roundOnShow(rounds, new Set(settlements.map((s) => s.round)), comp.deadlineMinutes, now);
  const empty = { stillIn: 0, inDanger: 0, out: 0, safe: 0, waiting: 0 };
  if (!shown) {
    return {
      competitionId: comp.id,
      round: null,
      settled: false,
      fixtures: [],
      entries: [],
      counts: empty,
      at: new Date(now).toISOString(),
    };
  }
  const { round } = shown;
  const roundRows = rows.filter((r) => r.round === round.round);
  const columns = await liveColumnsOf(db, { clubId: viewer.clubId, fixtureIds: roundRows.map((r) => r.id) });
  const fixtures = roundRows.map((r) => liveFixtureView(r, columns.get(r.id), now));

  const standings = await listStandings(db, {
    clubId: viewer.clubId,
    competitionId: comp.id,
    limit: ENTRIES_LIMIT,
  });
  const inPlay = standings.filter(
    (s) => s.status !== 'eliminated' || (s.eliminatedRound !== null && s.eliminatedRound >= round.round),
  );
  const picks = await listRoundPicks(db, {
    clubId: viewer.clubId,
    competitionId: comp.id,
    round: round.round,
    limit: ENTRIES_LIMIT,
  });
  const pickOf = new Map(picks.map((p) => [p.entryId, p]));
  const scores = new Map<string, Score>();
  for (const f of fixtures) {
    if (f.status !== 'finished' && f.homeGoals !== null && f.awayGoals !== null) {
      scores.set(f.fixtureId, { home: f.homeGoals, away: f.awayGoals });
    }
  }
  const states = shown.settled
    ? inPlay.map((s) => ({
        id: s.entryId,
        state:
          s.status === 'eliminated' && s.eliminatedRound === round.round
            ? ('out' as const)
            : ('safe' as const),
      }))
    : liveRound(
        round,
        inPlay.map((s) => ({
          id: s.entryId,
          team: pickOf.get(s.entryId)?.teamName ?? null,
          livesLeft: s.status === 'active' ? s.livesLeft : 0,
        })),
        scores,
        comp.rules,
      ).entries;
  const stateOf = new Map(states.map((s) => [s.id, s.state]));
  const entries = inPlay.map((s) => {
    const pick = pickOf.get(s.entryId);
    return {
      entryId: s.entryId,
      playerName: s.playerName,
      entryNumber: s.entryNumber,
      status: s.status,
      team: pick ? { id: pick.teamId, name: pick.teamName } : null,
      fixtureId: pick ? (round.countedFixture.get(pick.teamName)?.id ?? null) : null,
      state: stateOf.get(s.entryId) ?? 'waiting',
    };
  });
  const counts = { ...empty };
  for (const e of entries) {
    if (e.state === 'out-if') counts.inDanger++;
    else if (e.state === 'out') counts.out++;
    else {
      counts.stillIn++;
      if (e.state === 'safe') counts.safe++;
      if (e.state === 'waiting') counts.waiting++;
    }
  }
  return {
    competitionId: comp.id,
    round: round.round,
    settled: shown.settled,
    fixtures,
    entries,
    counts,
    at: new Date(now).toISOString(),
  };
}

/**
 * An admin enters the live score of a match being played, for the club: when no feed is configured,
 * or to overrule one that has stalled. It is shown and pushed to open screens; it never settles.
 */
export async function setLiveScore(
  services: LiveServices,
  viewer: Viewer,
  { fixtureId, score }: { fixtureId: string; score: LiveScoreUpdate },
): Promise<LiveFixture> {
  const { db } = services;
  const now = services.clock.now();
  let before = null as Score | null;
  const view = await db.transaction(async (tx) => {
    const fixture = await findFixture(tx, { fixtureId });
    if (!fixture) throw notFound('That match');
    const [row] = (
      await listSeasonFixtures(tx, {
        clubId: viewer.clubId,
        seasonId: fixture.seasonId,
        round: fixture.round,
      })
    ).filter((r) => r.id === fixtureId);
    if (!row) throw notFound('That match');
    if (row.status === 'finished') {
      throw new AppError(
        'CONFLICT',
        'This match has finished: enter or correct its result instead of a live score.',
      );
    }
    if (row.status === 'postponed' || row.status === 'abandoned') {
      throw new AppError('CONFLICT', `This match is ${row.status}: it has no live score.`);
    }
    if (row.kickoffAt.getTime() > now.getTime()) {
      throw new AppError(
        'CONFLICT',
        'This match has not kicked off yet: a live score can be entered once it has.',
      );
    }
    const heard = fixture.liveCheckedAt;
    if (services.config.FOOTBALL_DATA_TOKEN && heard && now.getTime() - heard.getTime() <= FEED_STALL_MS) {
      throw new AppError(
        'CONFLICT',
        'The football feed is giving this match’s score. You can overrule it once the feed is delayed (no news for 3 minutes).',
      );
    }
    const shown = liveScoreOf(
      (await liveColumnsOf(tx, { clubId: viewer.clubId, fixtureIds: [fixtureId] })).get(fixtureId),
    );
    before = shown ? { home: shown.home, away: shown.away } : null;
    await upsertClubLiveScore(tx, {
      clubId: viewer.clubId,
      fixtureId,
      home: score.home,
      away: score.away,
      minute: score.minute,
      byUserId: viewer.userId,
      at: now,
    });
    const columns = await liveColumnsOf(tx, { clubId: viewer.clubId, fixtureIds: [fixtureId] });
    return liveFixtureView(row, columns.get(fixtureId), now.getTime());
  });
  await services.events.publish({
    clubId: viewer.clubId,
    type: 'live-score',
    data: {
      type: 'live-score',
      fixtureId,
      seasonId: view.seasonId,
      homeGoals: score.home,
      awayGoals: score.away,
      minute: score.minute,
      feed: view.feed,
      source: 'club',
    } satisfies LiveEvent,
  });
  if (!before || before.home !== score.home || before.away !== score.away) {
    await notifyMatchAlerts(services, {
      fixtureId,
      before,
      after: { home: score.home, away: score.away },
      minute: score.minute,
      clubId: viewer.clubId,
    });
  }
  return view;
}
