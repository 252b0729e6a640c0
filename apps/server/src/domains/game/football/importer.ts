import type { Season } from '@lastman/game';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fixtures, type leagues, seasons, type seasonUpdaters, teams } from './schema.ts';
import { shortTeamName } from './team-names.ts';

export type League = (typeof leagues)[number];
export type SeasonUpdater = (typeof seasonUpdaters)[number];

/** The league of a season by its key: `championship-2026-27` and football-data.org's ELC are the Championship. */
export function leagueOfKey(key: string): League {
  return /^(championship-|football-data-ELC-)/.test(key) ? 'championship' : 'premier-league';
}

export interface ImportSummary {
  seasonId: string;
  teams: number;
  fixtures: number;
}

/**
 * Writes a season's teams and fixtures. Teams are keyed by name and fixtures by the source's id, so
 * importing again updates kick-offs and results in place and never duplicates.
 */
export async function importSeason(
  db: DbOrTx,
  opts: {
    key: string;
    name: string;
    source: 'openfootball' | 'football-data' | 'demo';
    season: Season;
    league?: League;
    /** What wrote it, for the admin's view of the data (by default: its source, `import` for a file). */
    updatedBy?: SeasonUpdater;
  },
): Promise<ImportSummary> {
  const { season } = opts;
  const updatedBy: SeasonUpdater =
    opts.updatedBy ?? (opts.source === 'openfootball' ? 'import' : opts.source);
  const stamp = { dataUpdatedAt: sql`now()`, updatedBy };
  const [seasonRow] = await db
    .insert(seasons)
    .values({
      key: opts.key,
      name: opts.name,
      source: opts.source,
      league: opts.league ?? leagueOfKey(opts.key),
      ...stamp,
    })
    .onConflictDoUpdate({ target: seasons.key, set: { name: opts.name, ...stamp } })
    .returning({ id: seasons.id });
  if (!seasonRow) throw new Error('season upsert returned nothing');

  await db
    .insert(teams)
    .values(season.teams.map((name) => ({ name, shortName: shortTeamName(name) })))
    .onConflictDoNothing({ target: teams.name });
  const teamRows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(inArray(teams.name, [...season.teams]));
  const teamId = new Map(teamRows.map((t) => [t.name, t.id]));
  const idOf = (name: string) => {
    const id = teamId.get(name);
    if (!id) throw new Error(`team ${name} was not stored`);
    return id;
  };

  const rows = season.fixtures.map((f) => ({
    seasonId: seasonRow.id,
    externalId: f.id,
    round: f.round,
    homeTeamId: idOf(f.home),
    awayTeamId: idOf(f.away),
    kickoffAt: new Date(f.kickoff),
    kickoffTbc: f.timeTbc,
    status: f.status,
    homeScore: f.result?.home ?? null,
    awayScore: f.result?.away ?? null,
  }));
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(fixtures)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [fixtures.seasonId, fixtures.externalId],
        set: {
          round: sql`excluded.round`,
          homeTeamId: sql`excluded.home_team_id`,
          awayTeamId: sql`excluded.away_team_id`,
          kickoffAt: sql`excluded.kickoff_at`,
          kickoffTbc: sql`excluded.kickoff_tbc`,
          status: sql`excluded.status`,
          homeScore: sql`excluded.home_score`,
          awayScore: sql`excluded.away_score`,
          updatedAt: sql`now()`,
        },
      });
  }
  return { seasonId: seasonRow.id, teams: season.teams.length, fixtures: rows.length };
}
