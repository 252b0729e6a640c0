import type { EntryPickHistory, MyEntryList, PickResponse, RoundFixtures, RoundPicks } from '@lastman/api';
import { londonDateTime } from '@lastman/api/format';
import {
  type PickRejection,
  type RoundAnalysis,
  roundDeadline,
  usedTeams,
  validatePick,
} from '@lastman/game';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Viewer } from '../../../http/guards.ts';
import type { KnownSession } from '../../../http/session-reader.ts';
import { AppError, forbidden, notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { correctionOuts, visibleCompetition } from '../competitions/index.ts';
import {
  type FixtureRow,
  findTeam,
  fixtureView,
  iso,
  listSeasonFixtures,
  listSeasonTeamNames,
  roundModel,
} from '../fixtures/index.ts';
import { lostLife } from './lost-life.ts';
import { pickInOneTrip, pickWithSession } from './pick-in-one-trip.ts';
import {
  countRoundPicks,
  deletePick,
  findEntryForPick,
  findEntryWithPlayer,
  isNameOnlyPlayer,
  isRoundSettled,
  listMyEntriesWithPicks,
  listPicksOfEntries,
  listPlayerEntries,
  listRoundPicks,
  upsertPick,
} from './queries.ts';

type PickServices = Pick<Services, 'db' | 'clock'>;

const PUBLIC_PICKS_LIMIT = 2000;

/**
 * Who picks for the entry: its player (`self`), or the club (`club`, an admin, for a name-only
 * player's entry in the given competition). Either way the same deadline and team rules hold.
 */
type Picker = { by: 'self' } | { by: 'club'; competitionId: string };

/** The entry, if the viewer may pick for it and it can still pick in `round` of its competition. */
async function pickableEntry(
  db: Db,
  viewer: Viewer,
  { entryId, round }: { entryId: string; round: number },
  now: number,
  picker: Picker = { by: 'self' },
) {
  const found = await findEntryForPick(db, { clubId: viewer.clubId, entryId, round });
  if (!found) throw notFound('That entry');
  const { entry, competition: comp } = found;
  if (picker.by === 'club') {
    if (comp.id !== picker.competitionId) throw notFound('That entry');
    if (!(await isNameOnlyPlayer(db, { clubId: viewer.clubId, userId: entry.userId })))
      throw forbidden(
        'This player has the app and picks for themselves: the club picks only for name-only players.',
      );
  } else if (entry.userId !== viewer.userId)
    throw forbidden('That entry is not yours: you can pick only for your own entries.');
  if (comp.status !== 'open' && comp.status !== 'running') {
    throw new AppError('COMPETITION_NOT_OPEN', `This competition is ${comp.status}: picks are closed.`);
  }
  if (entry.status !== 'active') {
    throw new AppError(
      'ENTRY_NOT_ACTIVE',
      entry.removedFromRound !== null && entry.eliminatedRound === entry.removedFromRound
        ? `This entry was removed by the club from round ${entry.removedFromRound}: it cannot pick any more.`
        : entry.status === 'eliminated'
          ? `This entry went out in round ${entry.eliminatedRound}: it cannot pick any more.`
          : entry.status === 'pending'
            ? 'This entry is waiting for its payment: it can pick once the payment is confirmed.'
            : `This entry is ${entry.status}: it cannot pick any more.`,
    );
  }
  if (round < comp.startRound) {
    throw new AppError('ROUND_NOT_OPEN', `This competition starts at round ${comp.startRound}.`);
  }
  const rows = found.fixtures;
  const analysis = roundModel(rows, round);
  if (!analysis) throw notFound(`Round ${round}`);
  if (found.roundSettled) {
    throw new AppError('DEADLINE_PASSED', `Round ${round} has been settled: picks are closed.`);
  }
  const deadline = roundDeadline(analysis, comp.deadlineMinutes);
  if (deadline !== null && now >= deadline) {
    throw new AppError(
      'DEADLINE_PASSED',
      `Picks for round ${round} closed at ${londonDateTime(deadline)} (UK time).`,
    );
  }
  return { entry, comp, rows, analysis, deadline, usingPicks: found.usingPicks };
}

/**
 * A player's own pick with the request's session checked in the same statement (one round trip):
 * the answer, or undefined when the session or the pick did not pass (the caller then reads the
 * session and runs makePick, which says why or takes the pick).
 */
export async function pickWithKnownSession(
  services: Pick<Services, 'db' | 'clock' | 'sessions'>,
  known: KnownSession,
  params: { entryId: string; round: number; teamId: string },
): Promise<PickResponse | undefined> {
  const taken = await pickWithSession(services.db, {
    token: known.token,
    fresh: services.sessions.freshExpiry(),
    entryId: params.entryId,
    round: params.round,
    teamId: params.teamId,
    now: services.clock.now(),
  });
  return taken && pickAnswer(params, taken);
}

function pickAnswer(
  params: { entryId: string; teamId: string },
  taken: {
    round: number;
    teamName: string;
    auto: boolean;
    outcome: PickResponse['outcome'];
    deadlineMs: number;
  },
): PickResponse {
  return {
    entryId: params.entryId,
    round: taken.round,
    teamId: params.teamId,
    teamName: taken.teamName,
    auto: taken.auto,
    outcome: taken.outcome,
    deadline: iso(taken.deadlineMs),
  };
}

function refusal(
  reason: PickRejection,
  teamName: string,
  round: RoundAnalysis,
  usedIn: number | undefined,
): AppError {
  switch (reason) {
    case 'ENTRY_NOT_ACTIVE':
      return new AppError('ENTRY_NOT_ACTIVE', 'This entry is out: it cannot pick any more.');
    case 'ROUND_VOID':
      return new AppError(
        'ROUND_VOID',
        `Round ${round.round} is void (most of its matches were moved): no pick is needed and none counts.`,
      );
    case 'DEADLINE_PASSED':
      return new AppError('DEADLINE_PASSED', `Picks for round ${round.round} are closed.`);
    case 'UNKNOWN_TEAM':
    case 'TEAM_NOT_PLAYING':
      return new AppError(
        'TEAM_NOT_PLAYING',
        `${teamName} do not play in round ${round.round}. Pick a team that does.`,
      );
    case 'TEAM_ALREADY_USED':
      return new AppError(
        'TEAM_ALREADY_USED',
        `This entry already picked ${teamName}${usedIn === undefined ? '' : ` in round ${usedIn}`}. Each team can be used once.`,
      );
  }
}

/**
 * No transaction: the reads only check the pick, and the single upsert is what makes it safe: the
 * unique (entry, round) index leaves one pick under concurrent requests, and a settled pick is never
 * overwritten. Fewer round trips here is what carries a deadline rush.
 */
export async function makePick(
  services: PickServices,
  viewer: Viewer,
  params: { entryId: string; round: number; teamId: string },
  picker: Picker = { by: 'self' },
  /** pickWithSession already ran the guarded write for this viewer and it wrote nothing. */
  opts: { guardTried?: boolean } = {},
): Promise<PickResponse> {
  const { db } = services;
  const now = services.clock.now().getTime();
  // The common case in one round trip; when it writes nothing, the full checks below say why (or,
  // in the cases it leaves to them, take the pick).
  if (picker.by === 'self' && !opts.guardTried) {
    const taken = await pickInOneTrip(db, {
      clubId: viewer.clubId,
      userId: viewer.userId,
      entryId: params.entryId,
      round: params.round,
      teamId: params.teamId,
      now: new Date(now),
    });
    if (taken) return pickAnswer(params, taken);
  }
  const { entry, comp, rows, analysis, deadline, usingPicks } = await pickableEntry(
    db,
    viewer,
    params,
    now,
    picker,
  );
  const team = await teamOfRound(db, rows, params.teamId);
  if (!team) throw notFound('That team');
  const using = usingPicks.filter((p) => p.round !== params.round);
  const earlier = using.filter((p) => p.round < params.round);
  // Only a reuse cycle needs every team of the season; otherwise the round's own teams decide.
  const seasonTeams =
    comp.rules.reuse === 'afterAllUsed'
      ? await listSeasonTeamNames(db, { seasonId: comp.seasonId })
      : analysis.teams;
  const verdict = validatePick(
    {
      rules: comp.rules,
      seasonTeams,
      round: analysis,
      entryActive: true,
      earlierPicks: earlier.map((p) => p.teamName),
      now,
      deadlineMinutes: comp.deadlineMinutes,
    },
    team.name,
  );
  const usedIn = using.find((p) => p.teamId === team.id)?.round;
  if (!verdict.ok) throw refusal(verdict.reason, team.name, analysis, usedIn);
  // A team already picked ahead for a later round would make that later pick void.
  if (comp.rules.reuse === 'never' && usedIn !== undefined) {
    throw refusal('TEAM_ALREADY_USED', team.name, analysis, usedIn);
  }
  const pick = await upsertPick(db, {
    clubId: viewer.clubId,
    competitionId: comp.id,
    entryId: entry.id,
    round: params.round,
    teamId: team.id,
  });
  if (!pick)
    throw new AppError('DEADLINE_PASSED', `Round ${params.round} has been settled: picks are closed.`);
  return {
    entryId: entry.id,
    round: pick.round,
    teamId: team.id,
    teamName: team.name,
    auto: pick.auto,
    outcome: pick.outcome,
    deadline: iso(deadline),
  };
}

/** The picked team, from the round's own fixtures when it plays (the usual case: no extra query). */
async function teamOfRound(db: DbOrTx, rows: readonly FixtureRow[], teamId: string) {
  for (const r of rows) {
    if (r.homeTeamId === teamId) return { id: teamId, name: r.homeName };
    if (r.awayTeamId === teamId) return { id: teamId, name: r.awayName };
  }
  return findTeam(db, { teamId });
}

/** An admin picks for a name-only player's entry: the player's own rules, deadline included. */
export function pickForNameOnlyEntry(
  services: PickServices,
  viewer: Viewer,
  params: { competitionId: string; entryId: string; round: number; teamId: string },
): Promise<PickResponse> {
  return makePick(services, viewer, params, { by: 'club', competitionId: params.competitionId });
}

export async function removePick(
  services: PickServices,
  viewer: Viewer,
  params: { entryId: string; round: number },
) {
  const { db } = services;
  const now = services.clock.now().getTime();
  // As with makePick, the one write is guarded itself: a settled pick is never deleted.
  const { entry } = await pickableEntry(db, viewer, params, now);
  const removed = await deletePick(db, { clubId: viewer.clubId, entryId: entry.id, round: params.round });
  if (removed.length === 0) throw notFound(`A pick for round ${params.round}`);
}

export async function roundFixtures(
  services: PickServices,
  viewer: Viewer,
  params: { competitionId: string; round: number },
): Promise<RoundFixtures> {
  const { db } = services;
  const now = services.clock.now().getTime();
  const comp = await visibleCompetition(db, viewer, params.competitionId);
  const rows = await listSeasonFixtures(db, {
    clubId: viewer.clubId,
    seasonId: comp.seasonId,
    round: params.round,
  });
  const analysis = roundModel(rows, params.round);
  if (!analysis) throw notFound(`Round ${params.round}`);
  const deadline = roundDeadline(analysis, comp.deadlineMinutes);
  const { mine, picks } = await listMyEntriesWithPicks(db, {
    clubId: viewer.clubId,
    competitionId: comp.id,
    userId: viewer.userId,
  });
  // As makePick checks: with reuse cycles only the current cycle's earlier picks forbid a team.
  const seasonTeams =
    comp.rules.reuse === 'afterAllUsed'
      ? await listSeasonTeamNames(db, { seasonId: comp.seasonId })
      : analysis.teams;
  return {
    competitionId: comp.id,
    round: params.round,
    deadline: iso(deadline),
    locked: deadline !== null && now >= deadline,
    isVoid: analysis.isVoid,
    fixtures: rows.map((r) => fixtureView(r, analysis)),
    entries: mine.map((e) => {
      const own = picks.filter((p) => p.entryId === e.id);
      const pick = own.find((p) => p.round === params.round);
      return {
        entryId: e.id,
        status: e.status,
        pick: pick
          ? {
              round: pick.round,
              teamId: pick.teamId,
              teamName: pick.teamName,
              auto: pick.auto,
              outcome: pick.outcome,
            }
          : null,
        usedTeams: forbiddenTeams(comp.rules, seasonTeams, own, params.round),
      };
    }),
  };
}

/**
 * The teams an entry may not pick in `round`, each with the round it was used in: what makePick
 * refuses. `never`: every pick that uses up its team, earlier or made ahead for a later round.
 * `afterAllUsed`: the earlier picks of the entry's current reuse cycle (the engine's own count).
 */
function forbiddenTeams(
  rules: { reuse: 'never' | 'afterAllUsed' },
  seasonTeams: readonly string[],
  own: readonly { round: number; teamId: string; teamName: string; outcome: string | null }[],
  round: number,
): { teamId: string; round: number }[] {
  const using = own.filter(
    (p) =>
      p.round !== round && (p.outcome === null || p.outcome === 'survived' || p.outcome === 'eliminated'),
  );
  if (rules.reuse !== 'afterAllUsed') return using.map((p) => ({ teamId: p.teamId, round: p.round }));
  const earlier = using.filter((p) => p.round < round).sort((a, b) => a.round - b.round);
  const cycle = usedTeams(
    rules,
    seasonTeams,
    earlier.map((p) => p.teamName),
  );
  // A team of the current cycle was last picked within it.
  const last = new Map<string, { teamId: string; round: number }>();
  for (const p of earlier)
    if (cycle.has(p.teamName)) last.set(p.teamName, { teamId: p.teamId, round: p.round });
  return [...last.values()];
}

export async function roundPicks(
  services: PickServices,
  viewer: Viewer,
  params: { competitionId: string; round: number },
): Promise<RoundPicks> {
  const { db } = services;
  const now = services.clock.now().getTime();
  const comp = await visibleCompetition(db, viewer, params.competitionId);
  const rows = await listSeasonFixtures(db, {
    clubId: viewer.clubId,
    seasonId: comp.seasonId,
    round: params.round,
  });
  const analysis = roundModel(rows, params.round);
  if (!analysis) throw notFound(`Round ${params.round}`);
  const deadline = roundDeadline(analysis, comp.deadlineMinutes);
  const isPublic =
    deadline !== null
      ? now >= deadline
      : await isRoundSettled(db, { clubId: viewer.clubId, competitionId: comp.id, round: params.round });
  const list = await listRoundPicks(db, {
    clubId: viewer.clubId,
    competitionId: comp.id,
    round: params.round,
    limit: PUBLIC_PICKS_LIMIT,
    ...(isPublic ? {} : { onlyUserId: viewer.userId }),
  });
  return {
    round: params.round,
    deadline: iso(deadline),
    public: isPublic,
    picks: list.map(({ userId, eliminatedRound, livesLostRounds, ...p }) => ({
      ...p,
      lostLife: lostLife(p, { eliminatedRound, livesLostRounds }),
      mine: userId === viewer.userId,
    })),
    counts: isPublic
      ? await countRoundPicks(db, { clubId: viewer.clubId, competitionId: comp.id, round: params.round })
      : [],
  };
}

/** The player's entries in every competition of the club, each with its picks round by round. */
export async function myEntries({ db }: Pick<Services, 'db'>, viewer: Viewer): Promise<MyEntryList> {
  const rows = await listPlayerEntries(db, { clubId: viewer.clubId, userId: viewer.userId });
  const all = await listPicksOfEntries(db, { clubId: viewer.clubId, entryIds: rows.map((r) => r.entry.id) });
  const corrected = await correctionOuts(db, { clubId: viewer.clubId, entries: rows.map((r) => r.entry) });
  return {
    entries: rows.map(({ entry, competitionName, competitionStatus, competitionLives }) => ({
      id: entry.id,
      competitionId: entry.competitionId,
      competitionName,
      competitionStatus,
      orderId: entry.orderId,
      status: entry.status,
      eliminatedRound: entry.eliminatedRound,
      removedByClub:
        entry.removedFromRound === null
          ? null
          : { fromRound: entry.removedFromRound, reason: entry.removedReason ?? '' },
      outByCorrection: corrected.get(entry.id) ?? null,
      // Written to the entries when the first round locks; until then every entry has them all.
      livesLeft:
        competitionStatus === 'open'
          ? competitionLives
          : entry.status === 'active' || entry.status === 'won'
            ? entry.livesLeft
            : 0,
      createdAt: entry.createdAt.toISOString(),
      picks: all
        .filter((p) => p.entryId === entry.id)
        .map(({ entryId: _, ...p }) => ({ ...p, lostLife: lostLife(p, entry) })),
    })),
  };
}

/**
 * One entry's picks round by round (tapped from the standings), with each pick's outcome. Only the
 * rounds whose deadline has passed are listed, for every viewer alike: the same rule as the round's
 * public picks (a round without a deadline, all its matches postponed, once it is settled).
 */
export async function entryPickHistory(
  services: PickServices,
  viewer: Viewer,
  { competitionId, entryId }: { competitionId: string; entryId: string },
): Promise<EntryPickHistory> {
  const { db } = services;
  const now = services.clock.now().getTime();
  const comp = await visibleCompetition(db, viewer, competitionId);
  const entry = await findEntryWithPlayer(db, { clubId: viewer.clubId, competitionId, entryId });
  const inStandings = entry && ['active', 'eliminated', 'won'].includes(entry.status);
  if (!entry || (!inStandings && entry.userId !== viewer.userId)) throw notFound('That entry');
  const all = await listPicksOfEntries(db, { clubId: viewer.clubId, entryIds: [entryId] });
  // A pick made ahead by an entry that went out before that round lapsed with it.
  const played = all.filter((p) => entry.eliminatedRound === null || p.round <= entry.eliminatedRound);
  const fixtures =
    played.length > 0 ? await listSeasonFixtures(db, { clubId: viewer.clubId, seasonId: comp.seasonId }) : [];
  const picks: EntryPickHistory['picks'] = [];
  for (const { entryId: _, ...pick } of played) {
    const analysis = roundModel(fixtures, pick.round);
    const deadline = analysis ? roundDeadline(analysis, comp.deadlineMinutes) : null;
    const isPublic =
      deadline !== null
        ? now >= deadline
        : await isRoundSettled(db, { clubId: viewer.clubId, competitionId, round: pick.round });
    if (isPublic) picks.push({ ...pick, lostLife: lostLife(pick, entry) });
  }
  return {
    entryId,
    playerName: entry.playerName,
    entryNumber: entry.entryNumber,
    status: entry.status,
    eliminatedRound: entry.eliminatedRound,
    mine: entry.userId === viewer.userId,
    picks,
  };
}

/**
 * Of `rounds` of a competition, those whose picks are public: the deadline has passed (a round
 * without a deadline, all its matches postponed, once it is settled). The one rule for every
 * screen that shows picks, the admins' included.
 */
export async function publicPickRounds(
  db: DbOrTx,
  {
    clubId,
    competition,
    rounds,
    now,
  }: {
    clubId: string;
    competition: { id: string; seasonId: string; deadlineMinutes: number };
    rounds: readonly number[];
    now: number;
  },
): Promise<Set<number>> {
  const wanted = [...new Set(rounds)];
  const open = new Set<number>();
  if (wanted.length === 0) return open;
  const fixtures = await listSeasonFixtures(db, { clubId, seasonId: competition.seasonId });
  for (const round of wanted) {
    const analysis = roundModel(fixtures, round);
    const deadline = analysis ? roundDeadline(analysis, competition.deadlineMinutes) : null;
    const isPublic =
      deadline !== null
        ? now >= deadline
        : await isRoundSettled(db, { clubId, competitionId: competition.id, round });
    if (isPublic) open.add(round);
  }
  return open;
}
