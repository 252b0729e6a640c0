import type {
  LiveFixture,
  ScreenBoard,
  ScreenCompetition,
  ScreenEvent,
  ScreenFixture,
  ScreenRoundResult,
} from '@lastman/api';
import { addDays, fromLondon, londonDay } from '@lastman/api/time';
import { liveRound, type RoundAnalysis, roundDeadline, type Score } from '@lastman/game';
import type { DbOrTx } from '../../../db/client.ts';
import type { Services } from '../../../services.ts';
import { clubOccurrences } from '../../content/index.ts';
import {
  type CompetitionRow,
  entryCounts,
  listCompetitions,
  listSettlements,
  listStandings,
} from '../competitions/queries.ts';
import { potOf } from '../competitions/views.ts';
import { type FixtureRow, iso, listSeasonFixtures, seasonModel } from '../fixtures/index.ts';
import { liveColumnsOf } from '../live/queries.ts';
import { liveFixtureView } from '../live/service.ts';
import { countRoundPicks, listRoundPicks } from '../picks/queries.ts';
import { compileRounds } from '../settlement/index.ts';

type BoardServices = Pick<Services, 'db' | 'clock'> & Partial<Pick<Services, 'config'>>;

/** The most names each list of the last round's outcome carries; the counts give the rest. */
const NAMES_SHOWN = 60;
const TOP_TEAMS = 5;
const EVENTS_SHOWN = 6;
/** The most other competitions the screen's slides rotate through. */
const OTHER_COMPETITIONS = 4;
/** No limit on the entries a round's counts take in. */
const ALL = 100_000;
/** A pub's night ends at 5 am: "tonight" runs until then. */
const NIGHT_ENDS = '05:00';

/**
 * A name as a room may read it: the first name and the surname's initial ("Sam T."), never more;
 * a player's second entry adds its number ("Sam T. (2)").
 */
export function screenName(fullName: string, entryNumber: number | null = null): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? 'Player';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const name = last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
  return entryNumber ? `${name} (${entryNumber})` : name;
}

/** The competition the screen shows: the one being played, else the one taking entries, else the last finished. */
function competitionOnScreen(rows: readonly CompetitionRow[]): CompetitionRow | undefined {
  return (
    rows.find((c) => c.status === 'running') ??
    rows.find((c) => c.status === 'open') ??
    rows.find((c) => c.status === 'finished')
  );
}

/**
 * Everything a paired screen shows for its club at this moment: the one server function behind the
 * screen. The round's matches carry the live score as the club sees it (its own entry, else the
 * feed's), and the counts are the game package's live state, as on the game screen.
 */
export async function screenBoard(
  services: BoardServices,
  { clubId, slug }: { clubId: string; slug: string },
): Promise<ScreenBoard> {
  const now = services.clock.now();
  const all = await listCompetitions(services.db, { clubId, includeDrafts: false });
  const comp = competitionOnScreen(all);
  const others = all.filter((c) => c !== comp && (c.status === 'open' || c.status === 'running'));
  const boards: ScreenCompetition[] = [];
  for (const c of others.slice(0, OTHER_COMPETITIONS))
    boards.push(await competitionBoard(services.db, c, now.getTime()));
  return {
    competition: comp ? await competitionBoard(services.db, comp, now.getTime()) : null,
    others: boards,
    joinUrl: `${services.config?.PUBLIC_URL ?? ''}/c/${encodeURIComponent(slug)}`,
    tonight: await tonight(services, clubId, now),
    generatedAt: now.toISOString(),
  };
}

async function competitionBoard(db: DbOrTx, comp: CompetitionRow, now: number): Promise<ScreenCompetition> {
  const clubId = comp.clubId;
  const model = seasonModel(await listSeasonFixtures(db, { clubId, seasonId: comp.seasonId }));
  const settlements = await listSettlements(db, { clubId, competitionIds: [comp.id] });
  const settled = new Set(settlements.map((s) => s.round));
  const counts = (await entryCounts(db, { clubId, userId: null })).find((c) => c.competitionId === comp.id);
  const rounds = compileRounds(comp, model).rounds;

  const inPlay = comp.status === 'open' || comp.status === 'running';
  const current = inPlay ? (rounds.find((r) => !settled.has(r.round)) ?? null) : null;
  const deadline = current ? roundDeadline(current, comp.deadlineMinutes) : null;
  const locked = deadline !== null && now >= deadline;
  const next = inPlay
    ? rounds
        .filter((r) => !settled.has(r.round))
        .map((r) => ({ round: r.round, at: roundDeadline(r, comp.deadlineMinutes) }))
        .find((r) => r.at !== null && now < r.at)
    : undefined;

  const rows = current ? model.rows.filter((r) => r.round === current.round) : [];
  const columns = await liveColumnsOf(db, { clubId, fixtureIds: rows.map((r) => r.id) });
  const views = rows.map((r) => liveFixtureView(r, columns.get(r.id), now));
  const picks = current && locked ? await roundStanding(db, comp, current, rows, views) : null;

  return {
    id: comp.id,
    name: comp.name,
    status: comp.status as ScreenCompetition['status'],
    potPence: potOf(comp, counts?.total ?? 0, counts?.boughtBack ?? 0),
    entriesTotal: counts?.total ?? 0,
    entriesRemaining: counts?.remaining ?? 0,
    round: current?.round ?? null,
    roundState: current ? (locked ? 'locked' : 'upcoming') : null,
    roundDeadline: iso(deadline),
    nextDeadline: next?.at ? { round: next.round, at: new Date(next.at).toISOString() } : null,
    fixtures: rows.map((r, i) => fixtureOnScreen(r, views[i] as LiveFixture, picks?.byTeam ?? null)),
    topTeams: picks ? picks.top : null,
    standing: picks ? picks.standing : null,
    boards: picks ? picks.boards : null,
    lastResult: await lastResult(db, comp, settlements),
    entryFeePence: comp.prizeModel === 'free' ? 0 : comp.entryFeePence,
  };
}

function fixtureOnScreen(
  r: FixtureRow,
  live: LiveFixture,
  byTeam: ReadonlyMap<string, number> | null,
): ScreenFixture {
  return {
    id: r.id,
    kickoff: r.kickoffAt.toISOString(),
    status: r.status,
    home: { name: r.homeName, shortName: r.homeShort },
    away: { name: r.awayName, shortName: r.awayShort },
    homeScore: live.homeGoals,
    awayScore: live.awayGoals,
    minute: live.minute,
    feed: live.feed,
    homePicks: byTeam ? (byTeam.get(r.homeTeamId) ?? 0) : null,
    awayPicks: byTeam ? (byTeam.get(r.awayTeamId) ?? 0) : null,
  };
}

/**
 * After the deadline (picks are public then, as on the game screen): the entries per team, and the
 * entries still in by the game package's live state as the scores stand (lives included): through
 * (winning, won, or kept in by a life), in danger (would go out if it ended like this), out (its
 * match over and lost, or no pick where that is out), waiting (not kicked off).
 */
async function roundStanding(
  db: DbOrTx,
  comp: CompetitionRow,
  round: RoundAnalysis,
  rows: readonly FixtureRow[],
  views: readonly LiveFixture[],
) {
  const clubId = comp.clubId;
  const teamCounts = await countRoundPicks(db, { clubId, competitionId: comp.id, round: round.round });
  const shortOf = new Map<string, string>();
  for (const r of rows) {
    shortOf.set(r.homeTeamId, r.homeShort);
    shortOf.set(r.awayTeamId, r.awayShort);
  }
  const picks = await listRoundPicks(db, { clubId, competitionId: comp.id, round: round.round, limit: ALL });
  const pickOf = new Map(picks.map((p) => [p.entryId, p.teamName]));
  const standings = await listStandings(db, { clubId, competitionId: comp.id, limit: ALL });
  const scores = new Map<string, Score>();
  for (const f of views) {
    if (f.status !== 'finished' && f.homeGoals !== null && f.awayGoals !== null) {
      scores.set(f.fixtureId, { home: f.homeGoals, away: f.awayGoals });
    }
  }
  const playing = standings.filter((s) => s.status === 'active');
  const { counts, entries } = liveRound(
    round,
    playing.map((s) => ({ id: s.entryId, team: pickOf.get(s.entryId) ?? null, livesLeft: s.livesLeft })),
    scores,
    comp.rules,
  );
  const nameOf = new Map(playing.map((s) => [s.entryId, screenName(s.playerName, s.entryNumber)]));
  const boards = { through: [] as string[], inDanger: [] as string[], out: [] as string[] };
  for (const e of entries) {
    const name = nameOf.get(e.id);
    if (!name) continue;
    const board =
      e.state === 'out-if'
        ? boards.inDanger
        : e.state === 'out'
          ? boards.out
          : e.state === 'waiting'
            ? null
            : boards.through;
    if (board && board.length < NAMES_SHOWN) board.push(name);
  }
  return {
    byTeam: new Map(teamCounts.map((t) => [t.teamId, t.count])),
    top: teamCounts
      .slice(0, TOP_TEAMS)
      .map((t) => ({ name: t.teamName, shortName: shortOf.get(t.teamId) ?? t.teamName, entries: t.count })),
    standing: {
      through: counts.stillIn - counts.waiting,
      inDanger: counts.inDanger,
      out: counts.out,
      waiting: counts.waiting,
    },
    boards,
  };
}

/** The last round settled (not void): who is still in and who went out in it. */
async function lastResult(
  db: DbOrTx,
  comp: CompetitionRow,
  settlements: Awaited<ReturnType<typeof listSettlements>>,
): Promise<ScreenRoundResult | null> {
  const last = settlements.filter((s) => s.status === 'played').at(-1);
  if (!last) return null;
  const standings = await listStandings(db, { clubId: comp.clubId, competitionId: comp.id, limit: ALL });
  const survivors = standings.filter((s) => s.status === 'active' || s.status === 'won');
  const out = standings.filter((s) => s.status === 'eliminated' && s.eliminatedRound === last.round);
  return {
    round: last.round,
    settledAt: last.settledAt.toISOString(),
    rollover: last.record.rollover,
    survivors: survivors.slice(0, NAMES_SHOWN).map((s) => screenName(s.playerName, s.entryNumber)),
    survivorsCount: survivors.length,
    eliminated: out.slice(0, NAMES_SHOWN).map((s) => screenName(s.playerName, s.entryNumber)),
    eliminatedCount: out.length,
  };
}

/** The club's events from now until the night ends (5 am London time). */
async function tonight(services: BoardServices, clubId: string, now: Date): Promise<ScreenEvent[]> {
  const today = londonDay(now);
  let to = fromLondon(today, NIGHT_ENDS);
  if (to <= now) to = fromLondon(addDays(today, 1), NIGHT_ENDS);
  const found = await clubOccurrences({ db: services.db }, { clubId, from: now, to });
  return found.slice(0, EVENTS_SHOWN).map(({ occurrence: o }) => ({
    id: o.id,
    title: o.title,
    startsAt: o.startsAt,
    place: o.place,
  }));
}
