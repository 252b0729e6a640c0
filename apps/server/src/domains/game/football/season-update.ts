import type { Fixture, FixtureStatus, Season } from '@lastman/game';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import type { Services } from '../../../services.ts';
import { executeRefund } from '../../payments/index.ts';
import { clubsOnSeason } from '../competitions/index.ts';
import { resettleSeasonFrom } from '../fixtures/service.ts';
import { publishResults } from '../live/feed-events.ts';
import { importSeason, type League, type SeasonUpdater } from './importer.ts';
import { fixtures, seasons, teams } from './schema.ts';

/** What one update did to one match. `kept`: the file has no result for a match played here. */
export type SeasonChangeKind = 'added' | 'moved' | 'result' | 'corrected' | 'status' | 'kept';

export interface SeasonChange {
  kind: SeasonChangeKind;
  round: number;
  /** "Arsenal FC v Chelsea FC". */
  match: string;
  before: string;
  after: string;
}

export interface SeasonUpdate {
  seasonId: string;
  key: string;
  name: string;
  /** The season was not in the database: the file made it. */
  created: boolean;
  changes: SeasonChange[];
  /** How many matches of each kind of change. */
  counts: Record<SeasonChangeKind, number>;
  /** The competitions re-settled because a result already settled on changed. */
  resettled: string[];
}

/** A file that reads as a season but would not be applied (another league's, a fragment of one). */
export class SeasonDataRefused extends Error {}

type UpdateServices = Pick<Services, 'db' | 'clock' | 'registries'> &
  Partial<Pick<Services, 'notifier' | 'events' | 'payments' | 'mailer'>>;

/**
 * A season file's share of the season's matches must be at least this: a file that matches fewer of
 * the stored ones is another league's or season's, or a fragment, and changes nothing.
 */
const MIN_SHARE_KNOWN = 0.9;

interface StoredFixture {
  id: string;
  round: number;
  kickoffAt: Date;
  kickoffTbc: boolean;
  status: FixtureStatus;
  homeScore: number | null;
  awayScore: number | null;
  home: string;
  away: string;
}

async function storedFixtures(tx: DbOrTx, seasonId: string): Promise<Map<string, StoredFixture>> {
  const home = alias(teams, 'home_team');
  const away = alias(teams, 'away_team');
  const rows = await tx
    .select({
      externalId: fixtures.externalId,
      id: fixtures.id,
      round: fixtures.round,
      kickoffAt: fixtures.kickoffAt,
      kickoffTbc: fixtures.kickoffTbc,
      status: fixtures.status,
      homeScore: fixtures.homeScore,
      awayScore: fixtures.awayScore,
      home: home.name,
      away: away.name,
    })
    .from(fixtures)
    .innerJoin(home, eq(home.id, fixtures.homeTeamId))
    .innerJoin(away, eq(away.id, fixtures.awayTeamId))
    .where(eq(fixtures.seasonId, seasonId));
  return new Map(rows.map(({ externalId, ...r }) => [externalId, r]));
}

function resultWords(status: FixtureStatus, home: number | null, away: number | null): string {
  if (status === 'finished' && home !== null && away !== null) return `${home}–${away}`;
  return status === 'scheduled' ? 'no result' : status;
}

const kickoffWords = (at: number, tbc: boolean) =>
  `${new Date(at).toISOString()}${tbc ? ' (time to be confirmed)' : ''}`;

/**
 * Compares a season file with the stored season: what each match's new data changes. A result the
 * file no longer has for a match stored as played is kept (the file is read as "not known", never as
 * "unplay it"), and so is every stored match the file leaves out.
 */
export function compareSeason(
  stored: ReadonlyMap<string, StoredFixture>,
  incoming: readonly Fixture[],
): { merged: Fixture[]; changes: SeasonChange[] } {
  const merged: Fixture[] = [];
  const changes: SeasonChange[] = [];
  for (const f of incoming) {
    const s = stored.get(f.id);
    const match = `${f.home} v ${f.away}`;
    if (!s) {
      merged.push(f);
      changes.push({
        kind: 'added',
        round: f.round,
        match,
        before: '',
        after: kickoffWords(f.kickoff, f.timeTbc),
      });
      continue;
    }
    let next = f;
    const storedResult = s.status === 'finished' && s.homeScore !== null && s.awayScore !== null;
    if (storedResult && f.result === null && f.status === 'scheduled') {
      next = { ...f, status: 'finished', result: { home: s.homeScore ?? 0, away: s.awayScore ?? 0 } };
      changes.push({
        kind: 'kept',
        round: f.round,
        match,
        before: resultWords(s.status, s.homeScore, s.awayScore),
        after: 'no result in the file',
      });
    }
    merged.push(next);
    if (s.kickoffAt.getTime() !== next.kickoff || s.kickoffTbc !== next.timeTbc) {
      changes.push({
        kind: 'moved',
        round: f.round,
        match,
        before: kickoffWords(s.kickoffAt.getTime(), s.kickoffTbc),
        after: kickoffWords(next.kickoff, next.timeTbc),
      });
    }
    const before = resultWords(s.status, s.homeScore, s.awayScore);
    const after = resultWords(next.status, next.result?.home ?? null, next.result?.away ?? null);
    if (before !== after) {
      const kind: SeasonChangeKind = storedResult
        ? 'corrected'
        : next.status === 'finished'
          ? 'result'
          : 'status';
      changes.push({ kind, round: f.round, match, before, after });
    }
  }
  return { merged, changes };
}

function countsOf(changes: readonly SeasonChange[]): Record<SeasonChangeKind, number> {
  const counts: Record<SeasonChangeKind, number> = {
    added: 0,
    moved: 0,
    result: 0,
    corrected: 0,
    status: 0,
    kept: 0,
  };
  for (const c of changes) counts[c.kind]++;
  return counts;
}

/**
 * Brings a stored season up to date from a newer copy of its file (the openfootball feed, or a file a
 * platform admin uploaded): kick-offs move, postponed matches get their new date, results come in or
 * are corrected; nothing the file does not list is removed. A changed result, or a change in a round a
 * competition has settled, re-settles the competitions of every club on the season through the path
 * an admin's correction takes, so that their players are told. One transaction.
 */
export async function updateSeasonData(
  services: UpdateServices,
  input: { key: string; name: string; league: League; season: Season; updatedBy: SeasonUpdater },
): Promise<SeasonUpdate> {
  const now = services.clock.now();
  const { update, clubs, refundIds } = await services.db.transaction(async (tx) => {
    // One update of a season at a time (several server processes poll the same feed).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('lms:season-data'), hashtext(${input.key}))`);
    const [row] = await tx
      .select({ id: seasons.id, name: seasons.name })
      .from(seasons)
      .where(eq(seasons.key, input.key));
    const write = (season: Season) =>
      importSeason(tx, {
        key: input.key,
        name: input.name,
        source: 'openfootball',
        league: input.league,
        season,
        updatedBy: input.updatedBy,
      });
    if (!row) {
      const made = await write(input.season);
      const changes = input.season.fixtures.map((f) => ({
        kind: 'added' as const,
        round: f.round,
        match: `${f.home} v ${f.away}`,
        before: '',
        after: kickoffWords(f.kickoff, f.timeTbc),
      }));
      const update: SeasonUpdate = {
        seasonId: made.seasonId,
        key: input.key,
        name: input.name,
        created: true,
        changes,
        counts: countsOf(changes),
        resettled: [],
      };
      return { update, clubs: [] as string[], refundIds: [] as string[] };
    }
    const stored = await storedFixtures(tx, row.id);
    const known = input.season.fixtures.filter((f) => stored.has(f.id)).length;
    if (stored.size > 0 && known < stored.size * MIN_SHARE_KNOWN) {
      throw new SeasonDataRefused(
        `The file lists ${known} of the ${stored.size} matches of ${row.name}: it looks like another league's or season's, or part of one, so nothing was changed.`,
      );
    }
    const { merged, changes } = compareSeason(stored, input.season.fixtures);
    const counts = countsOf(changes);
    const real = changes.filter((c) => c.kind !== 'kept');
    const update: SeasonUpdate = {
      seasonId: row.id,
      key: input.key,
      name: input.name,
      created: false,
      changes,
      counts,
      resettled: [],
    };
    if (real.length === 0 && row.name === input.name) return { update, clubs: [], refundIds: [] };
    await write({ ...input.season, fixtures: merged });
    if (real.length === 0) return { update, clubs: [], refundIds: [] };

    // Re-settle from each corrected result (each told by name), then from the earliest other change.
    const byId = new Map(merged.map((f) => [`${f.home} v ${f.away}:${f.round}`, f]));
    const steps = [
      ...real.filter((c) => c.kind === 'corrected').sort((a, b) => a.round - b.round),
      ...real
        .filter((c) => c.kind !== 'corrected')
        .sort((a, b) => a.round - b.round)
        .slice(0, 1),
    ];
    const clubs = await clubsOnSeason(tx, { seasonId: row.id });
    const resettled = new Set<string>();
    const refundIds: string[] = [];
    for (const step of steps) {
      const f = byId.get(`${step.match}:${step.round}`);
      if (!f) continue;
      for (const clubId of clubs) {
        const done = await resettleSeasonFrom(tx, services, {
          clubId,
          seasonId: row.id,
          fromRound: step.round,
          match: {
            homeName: f.home,
            awayName: f.away,
            status: f.status,
            home: f.result?.home ?? null,
            away: f.result?.away ?? null,
          },
          old: step.kind === 'corrected' ? step.before : resultWords(f.status, null, null),
          userId: null,
          at: now,
          now: now.getTime(),
        });
        for (const id of done.resettled) resettled.add(id);
        refundIds.push(...done.refundIds);
      }
    }
    update.resettled = [...resettled];
    return { update, clubs, refundIds };
  });
  if (clubs.length > 0) {
    // The players' notifications were written with the change: sent now. Open screens fetch again.
    void services.notifier?.kick();
    if (services.events)
      for (const clubId of clubs) await publishResults(services.events, update.seasonId, clubId);
    if (services.payments && services.mailer) {
      for (const id of refundIds)
        await executeRefund({ ...services, payments: services.payments, mailer: services.mailer }, id);
    }
  }
  return update;
}

/** The feed's bookkeeping on a season: it answered (with its ETag), or why it did not. */
export async function recordFeedCheck(
  db: DbOrTx,
  { key, at, etag, error }: { key: string; at: Date; etag?: string | null; error: string | null },
): Promise<void> {
  await db
    .update(seasons)
    .set(
      error === null
        ? { feedCheckedAt: at, feedError: null, ...(etag !== undefined && { feedEtag: etag }) }
        : { feedError: error.slice(0, 500) },
    )
    .where(eq(seasons.key, key));
}
