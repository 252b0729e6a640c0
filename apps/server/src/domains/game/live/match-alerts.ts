import { type Score, scoreSurvives } from '@lastman/game';
import { and, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Registries } from '../../../lib/registries.ts';
import { notifyUsers } from '../../notifications/index.ts';
import { fixtures, teams } from '../football/schema.ts';
import { competitions, entries, picks } from '../schema.ts';

/** The kind match alerts go out under (the notifications domain lists it: off by default). */
export const MATCH_ALERTS = 'match-alerts';

export interface ScoreChange {
  fixtureId: string;
  before: Score | null;
  after: Score;
  minute: number | null;
  /** A club's own live score concerns that club only; the feed's concerns every club. */
  clubId: string | null;
}

/**
 * Tells each player whose fate a goal changed ("through if it ends like this" <-> "out if it ends like
 * this"), for entries still in a competition in play that picked one of the match's teams this round.
 */
export async function notifyMatchAlerts(
  services: { db: Db; clock: Clock; registries: Registries; notifier?: { kick(): Promise<void> } },
  change: ScoreChange,
): Promise<number> {
  const { db } = services;
  const home = alias(teams, 'home_team');
  const away = alias(teams, 'away_team');
  const [fixture] = await db
    .select({
      id: fixtures.id,
      seasonId: fixtures.seasonId,
      round: fixtures.round,
      homeTeamId: fixtures.homeTeamId,
      awayTeamId: fixtures.awayTeamId,
      homeName: home.name,
      awayName: away.name,
      homeShort: home.shortName,
      awayShort: away.shortName,
    })
    .from(fixtures)
    .innerJoin(home, eq(home.id, fixtures.homeTeamId))
    .innerJoin(away, eq(away.id, fixtures.awayTeamId))
    .where(eq(fixtures.id, change.fixtureId));
  if (!fixture) return 0;
  const rows = await db
    .select({
      clubId: picks.clubId,
      userId: entries.userId,
      teamId: picks.teamId,
      rules: competitions.rules,
      competitionName: competitions.name,
    })
    .from(picks)
    .innerJoin(entries, eq(entries.id, picks.entryId))
    .innerJoin(competitions, eq(competitions.id, picks.competitionId))
    .where(
      and(
        eq(competitions.seasonId, fixture.seasonId),
        // Open too: a competition locks at the settlement pass after its first deadline.
        inArray(competitions.status, ['open', 'running']),
        eq(picks.round, fixture.round),
        or(eq(picks.teamId, fixture.homeTeamId), eq(picks.teamId, fixture.awayTeamId)),
        eq(entries.status, 'active'),
        ...(change.clubId ? [eq(picks.clubId, change.clubId)] : []),
      ),
    );
  const before = change.before ?? { home: 0, away: 0 };
  const score = `${fixture.homeShort} ${change.after.home}–${change.after.away} ${fixture.awayShort}${change.minute === null ? '' : ` (${change.minute}′)`}`;
  const byClub = new Map<string, { userId: string; title: string; body: string; link: string }[]>();
  for (const r of rows) {
    const side = { home: fixture.homeTeamId, away: fixture.awayTeamId };
    const was = scoreSurvives(side, before, r.teamId, r.rules);
    const now = scoreSurvives(side, change.after, r.teamId, r.rules);
    if (was === now) continue;
    const list = byClub.get(r.clubId) ?? [];
    list.push({
      userId: r.userId,
      title: now ? 'Through if it ends like this' : 'Out if it ends like this',
      body: `${score}. ${r.competitionName}: your pick is ${now ? 'through' : 'out'} if it ends like this.`,
      link: '/app/tabs/game',
    });
    byClub.set(r.clubId, list);
  }
  let sent = 0;
  for (const [clubId, messages] of byClub) {
    await db.transaction(async (tx) => {
      const result = await notifyUsers(
        { db: tx, clock: services.clock, registries: services.registries },
        { clubId, kind: MATCH_ALERTS, title: '', body: '', messages },
      );
      sent += result.recipients;
    });
  }
  if (sent > 0) await services.notifier?.kick();
  return sent;
}

/** The alerts for a batch of the feed's changes (every club). */
export async function notifyFeedMatchAlerts(
  services: { db: Db; clock: Clock; registries: Registries; notifier?: { kick(): Promise<void> } },
  changes: readonly {
    fixtureId: string;
    before: Score | null;
    home: number;
    away: number;
    minute: number | null;
  }[],
): Promise<void> {
  for (const c of changes) {
    if (c.before && c.before.home === c.home && c.before.away === c.away) continue;
    await notifyMatchAlerts(services, {
      fixtureId: c.fixtureId,
      before: c.before,
      after: { home: c.home, away: c.away },
      minute: c.minute,
      clubId: null,
    });
  }
}
