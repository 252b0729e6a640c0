import { addDays, ukLocalToUtc, utcToUkLocal } from '@lastman/api/time';
import {
  analyseRounds,
  defaultRules,
  type Fixture,
  mulberry32,
  type RoundAnalysis,
  type Season,
  TBC_KICKOFF_TIME,
  teamOutcome,
} from '@lastman/game';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { competitions, demoResults, entries, fixtures, orders, picks } from '../db/schema/index.ts';
import { revealDemoResults } from '../domains/game/fixtures/demo-reveal.ts';
import { importSeason } from '../domains/game/football/importer.ts';
import { advanceCompetition } from '../domains/game/settlement/settle.ts';

export const DEMO_SEASON_KEY = 'demo-premier-league-2024-25';
export const DEMO_SEASON_NAME = 'Demo season: Premier League 2024-25, replayed live';
/** The round that today falls just before, if the calendar allows (else one either side of it). */
export const DEMO_NEXT_ROUND = 6;

const DAY = 86_400_000;

const MATCH_MS = 2 * 3_600_000;

function shifted(season: Season, shiftDays: number): Season {
  const fixtures: Fixture[] = season.fixtures.map((f) => {
    const date = addDays(f.date, shiftDays);
    const time = f.timeTbc ? TBC_KICKOFF_TIME : utcToUkLocal(f.kickoff).time;
    return { ...f, date, kickoff: ukLocalToUtc(date, time), result: null, status: 'scheduled' };
  });
  return { ...season, fixtures };
}

/**
 * The season re-dated so that `now` falls just before a round: the round before it has ended and the
 * round's deadline is ahead, at most eight days away. Whole weeks are tried first (weekdays and UK
 * kick-off times kept); in the middle of a weekend's round no week fits, so whole days are used.
 * Results are removed: they are revealed later, by the clock.
 */
export function redateSeason(
  season: Season,
  now: number,
): { season: Season; shiftDays: number; nextRound: number } {
  const rounds = analyseRounds(season.fixtures);
  const label = new Map(rounds.map((r) => [r.round, r]));
  for (const next of [DEMO_NEXT_ROUND, DEMO_NEXT_ROUND + 1, DEMO_NEXT_ROUND - 1, DEMO_NEXT_ROUND + 2]) {
    const target = label.get(next);
    const before = label.get(next - 1);
    if (!target?.firstCountedKickoff || !before?.lastCountedKickoff) continue;
    const weeks = Math.ceil((now + 2 * 3_600_000 - target.firstCountedKickoff) / (7 * DAY));
    const shift = weeks * 7 * DAY;
    // UK clock changes move a kick-off by an hour at most: keep an hour's margin either way.
    const ended = before.lastCountedKickoff + shift + MATCH_MS + 3_600_000 <= now;
    const ahead = target.firstCountedKickoff + shift - 2 * 3_600_000 - 3_600_000 > now;
    if (ended && ahead && target.firstCountedKickoff + shift - now <= 8 * DAY) {
      return { season: shifted(season, weeks * 7), shiftDays: weeks * 7, nextRound: next };
    }
  }
  const target = label.get(DEMO_NEXT_ROUND);
  const first = target?.firstCountedKickoff ?? season.fixtures[0]?.kickoff ?? now;
  const days = Math.ceil((now + DAY - first) / DAY);
  return { season: shifted(season, days), shiftDays: days, nextRound: DEMO_NEXT_ROUND };
}

/** Picks for one entry: winners, except a loser in the round it is meant to go out in. */
function demoPicks(rounds: RoundAnalysis[], outIn: number | null, upTo: number, seed: number) {
  const random = mulberry32(seed);
  const used = new Set<string>();
  const chosen: { round: number; team: string }[] = [];
  for (const round of rounds) {
    if (round.round > upTo) break;
    const want = round.round === outIn ? 'loss' : 'win';
    const options = round.teams.filter((t) => !used.has(t) && teamOutcome(round, t) === want);
    const team = options[Math.floor(random() * options.length)];
    if (team === undefined) continue;
    used.add(team);
    chosen.push({ round: round.round, team });
    if (round.round === outIn) break;
  }
  return chosen;
}

/** The real results of the season, kept aside for the clock to reveal, and those due revealed now. */
async function setAsideResults(tx: DbOrTx, real: Season, seasonId: string, now: number): Promise<void> {
  const stored = await tx
    .select({ id: fixtures.id, externalId: fixtures.externalId })
    .from(fixtures)
    .where(eq(fixtures.seasonId, seasonId));
  const idOf = new Map(stored.map((f) => [f.externalId, f.id]));
  const aside = real.fixtures.flatMap((f) => {
    const fixtureId = idOf.get(f.id);
    return fixtureId
      ? [{ fixtureId, home: f.result?.home ?? null, away: f.result?.away ?? null, status: f.status }]
      : [];
  });
  for (let i = 0; i < aside.length; i += 500) {
    await tx
      .insert(demoResults)
      .values(aside.slice(i, i + 500))
      .onConflictDoNothing();
  }
  await revealDemoResults(tx, now);
}

/** Team ids by name, from the stored fixtures of the demo season. */
async function teamIdsByName(tx: DbOrTx, real: Season, seasonId: string): Promise<Map<string, string>> {
  const teamRows = await tx
    .select({
      homeTeamId: fixtures.homeTeamId,
      externalId: fixtures.externalId,
      awayTeamId: fixtures.awayTeamId,
    })
    .from(fixtures)
    .where(and(eq(fixtures.seasonId, seasonId), inArray(fixtures.round, [1])));
  const teamId = new Map<string, string>();
  for (const f of real.fixtures.filter((x) => x.round === 1)) {
    const row = teamRows.find((r) => r.externalId === f.id);
    if (row) {
      teamId.set(f.home, row.homeTeamId);
      teamId.set(f.away, row.awayTeamId);
    }
  }
  return teamId;
}

/**
 * The demo club's living game: a re-dated 2024-25 season whose real results are kept aside and revealed
 * by the clock, a competition five rounds in with the demo members' entries and picks, and an open one
 * that new members can join.
 */
export async function seedDemoGame(
  tx: DbOrTx,
  opts: { clubId: string; userIds: string[]; season: Season; now: number },
): Promise<void> {
  const { clubId, now } = opts;
  const real = opts.season;
  const { season: redated, nextRound } = redateSeason(real, now);
  const summary = await importSeason(tx, {
    key: DEMO_SEASON_KEY,
    name: DEMO_SEASON_NAME,
    source: 'demo',
    season: redated,
  });
  await setAsideResults(tx, real, summary.seasonId, now);

  const teamId = await teamIdsByName(tx, real, summary.seasonId);

  const rules = defaultRules;
  const [running] = await tx
    .insert(competitions)
    .values({
      clubId,
      seasonId: summary.seasonId,
      name: 'Red Lion Last Man Standing (demo)',
      status: 'running',
      prizeModel: 'free',
      prizePence: 5000,
      startRound: 1,
      minEntries: 2,
      maxEntriesPerPlayer: 2,
      rules,
    })
    .returning();
  const [open] = await tx
    .insert(competitions)
    .values({
      clubId,
      seasonId: summary.seasonId,
      name: 'Red Lion Autumn Cup (demo, free to enter)',
      status: 'open',
      prizeModel: 'free',
      prizePence: 2500,
      startRound: nextRound + 1,
      minEntries: 2,
      maxEntriesPerPlayer: 2,
      rules: { ...rules, draw: 'survive' },
    })
    .returning();
  // Paid by card (the test provider's path in the demo): players buy entries, the pot grows.
  const [paid] = await tx
    .insert(competitions)
    .values({
      clubId,
      seasonId: summary.seasonId,
      name: 'Red Lion Christmas Pot (demo, £5 an entry)',
      status: 'open',
      prizeModel: 'pool',
      entryFeePence: 500,
      houseSharePercent: 10,
      startRound: nextRound + 2,
      minEntries: 2,
      maxEntriesPerPlayer: 3,
      rules,
    })
    .returning();
  if (!running || !open || !paid) throw new Error('demo competitions were not created');
  // Player 2 bought two entries and player 4 one, paid a few hours ago.
  for (const [i, count] of [
    [3, 2],
    [5, 1],
  ] as const) {
    const userId = opts.userIds[i];
    if (!userId) continue;
    const paidAt = new Date(opts.now - (i + 1) * 3_600_000);
    const [order] = await tx
      .insert(orders)
      .values({
        clubId,
        competitionId: paid.id,
        userId,
        status: 'paid',
        entryCount: count,
        unitPricePence: 500,
        amountPence: 500 * count,
        provider: 'test',
        paymentIntentId: `demo_${paid.id}_${i}`,
        expiresAt: paidAt,
        paidAt,
      })
      .returning();
    if (!order) continue;
    await tx.insert(entries).values(
      Array.from({ length: count }, () => ({
        clubId,
        competitionId: paid.id,
        userId,
        orderId: order.id,
        status: 'active' as const,
      })),
    );
  }

  // Real results decide who went out: some in rounds 2 to 4, the rest still in before round 6.
  const realRounds = analyseRounds(real.fixtures);
  // By account: admin, staff, player1..5. Player 1 (the first demo login) is still in.
  const outRounds = [null, 2, null, 3, null, 4, null];
  const picksUpTo = nextRound;
  for (const [i, userId] of opts.userIds.entries()) {
    const [entry] = await tx
      .insert(entries)
      .values({ clubId, competitionId: running.id, userId, status: 'active' })
      .returning();
    if (!entry) continue;
    const chosen = demoPicks(realRounds, outRounds[i % outRounds.length] ?? null, picksUpTo, 7 + i);
    // The round ahead is picked by some only: the others still have a pick to make.
    const rows = chosen
      .filter((p) => p.round < nextRound || i % 2 === 0)
      .map((p) => ({
        clubId,
        competitionId: running.id,
        entryId: entry.id,
        round: p.round,
        teamId: teamId.get(p.team) ?? '',
      }))
      .filter((p) => p.teamId !== '');
    if (rows.length > 0) await tx.insert(picks).values(rows);
    if (i % 3 === 1) {
      await tx.insert(entries).values({ clubId, competitionId: open.id, userId, status: 'active' });
    }
  }
  await advanceCompetition(tx, { competitionId: running.id, now });
}
