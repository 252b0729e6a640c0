import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns.ts';
import { user } from '../account/schema.ts';
import { clubIdColumn } from '../club/schema.ts';
import { fixtureStatuses, fixtures, seasons, teams } from './football/schema.ts';

export const competitionStatuses = ['draft', 'open', 'running', 'finished', 'cancelled'] as const;
export const prizeModels = ['pool', 'fixed', 'free'] as const;
export const entryStatuses = ['pending', 'active', 'eliminated', 'won', 'refunded'] as const;
/** What a pick came to once its round was settled; null until then. */
export const pickOutcomes = ['survived', 'eliminated', 'void', 'invalid'] as const;

/** The five rules variants, stored as chosen (every field present). */
export interface CompetitionRules {
  draw: 'eliminate' | 'survive';
  reuse: 'never' | 'afterAllUsed';
  missedPick: 'eliminate' | 'autoPick';
  postponed: 'survive' | 'eliminate';
  allOut: 'rollover' | 'split';
  /** Lives each entry starts with, 0 to 3; absent in rows written before lives existed (0). */
  lives?: number;
}

export const competitions = pgTable(
  'competitions',
  {
    id: id(),
    clubId: clubIdColumn(),
    seasonId: text('season_id')
      .notNull()
      .references(() => seasons.id),
    name: text('name').notNull(),
    /** A few words from the club for players (shown on the card and the rules page); editable while open. */
    description: text('description').notNull().default(''),
    status: text('status', { enum: competitionStatuses }).notNull().default('draft'),
    prizeModel: text('prize_model', { enum: prizeModels }).notNull(),
    entryFeePence: integer('entry_fee_pence').notNull().default(0),
    prizePence: integer('prize_pence').notNull().default(0),
    maxEntriesPerPlayer: smallint('max_entries_per_player').notNull().default(1),
    minEntries: smallint('min_entries').notNull().default(2),
    houseSharePercent: smallint('house_share_percent').notNull().default(0),
    deadlineMinutes: smallint('deadline_minutes').notNull().default(60),
    startRound: smallint('start_round').notNull(),
    rules: jsonb('rules').$type<CompetitionRules>().notNull(),
    /**
     * Buy-backs: an entry knocked out in a round up to this one may be bought back once, before the
     * next round's deadline, for the price (0: a free rejoin). Both null: no buy-backs.
     */
    buyBackUntilRound: smallint('buy_back_until_round'),
    buyBackPricePence: integer('buy_back_price_pence'),
    /** The round that decided it, once finished. */
    finalRound: smallint('final_round'),
    /** Set when a result correction changed the winners after a payout was recorded; cleared by an admin. */
    needsReviewReason: text('needs_review_reason'),
    needsReviewAt: timestamp('needs_review_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('competitions_club_idx').on(t.clubId, t.status),
    check('competitions_fee_check', sql`${t.entryFeePence} >= 0 AND ${t.prizePence} >= 0`),
    check('competitions_share_check', sql`${t.houseSharePercent} BETWEEN 0 AND 100`),
    check('competitions_lives_check', sql`coalesce((${t.rules}->>'lives')::int, 0) BETWEEN 0 AND 3`),
    check(
      'competitions_buy_back_check',
      sql`(${t.buyBackUntilRound} IS NULL AND ${t.buyBackPricePence} IS NULL) OR (${t.buyBackUntilRound} >= ${t.startRound} AND ${t.buyBackPricePence} BETWEEN 0 AND 1000000)`,
    ),
  ],
);

export const entries = pgTable(
  'entries',
  {
    id: id(),
    clubId: clubIdColumn(),
    competitionId: text('competition_id')
      .notNull()
      .references(() => competitions.id),
    userId: text('user_id')
      .notNull()
      .references(() => user.id),
    status: text('status', { enum: entryStatuses }).notNull().default('pending'),
    eliminatedRound: smallint('eliminated_round'),
    /** Lives left: set to the competition's lives when its first round locks, one less per life lost. */
    livesLeft: smallint('lives_left').notNull().default(0),
    /** The rounds in which it lost a life, so that a re-settlement from a round gives them back. */
    livesLostRounds: smallint('lives_lost_rounds').array().notNull().default(sql`'{}'::smallint[]`),
    /** The order that bought it (payments issue); null for a free competition. */
    orderId: text('order_id'),
    /**
     * Knocked out by the club (a broken club rule): the first round the entry takes no part in. It
     * plays every earlier round as usual; settlement puts it out at this round whatever its pick did,
     * and keeps it out through any re-settlement. Null when not removed (or reinstated).
     */
    removedFromRound: smallint('removed_from_round'),
    removedReason: text('removed_reason'),
    removedBy: text('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * Bought back in after being knocked out in this round (at most once); null when not bought back,
     * or when a correction undid the knock-out and the buy-back was refunded.
     */
    boughtBackRound: smallint('bought_back_round'),
    /** The order that paid for the buy-back (card or cash); null for a free rejoin. */
    buyBackOrderId: text('buy_back_order_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // No index holds a column settlement writes (status, eliminated_round, updated_at), and the table
  // keeps half of each page free (fillfactor 50, set in migration 0030): putting a round's losers out
  // is then a heap-only (HOT) update of each row, with no index entry written.
  (t) => [
    index('entries_competition_idx').on(t.competitionId),
    index('entries_club_user_idx').on(t.clubId, t.userId),
    // The few entries the club removed, found without reading every entry at each settlement.
    index('entries_removed_idx').on(t.competitionId).where(sql`${t.removedFromRound} IS NOT NULL`),
  ],
);

export const picks = pgTable(
  'picks',
  {
    id: id(),
    clubId: clubIdColumn(),
    competitionId: text('competition_id')
      .notNull()
      .references(() => competitions.id),
    entryId: text('entry_id')
      .notNull()
      .references(() => entries.id),
    round: smallint('round').notNull(),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id),
    auto: boolean('auto').notNull().default(false),
    outcome: text('outcome', { enum: pickOutcomes }),
    /** The reuse cycle the pick counted in (reuse: afterAllUsed); set when settled. */
    cycle: smallint('cycle').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // As entries: no index holds a column that settlement (outcome, cycle) or a changed pick (team_id,
  // updated_at) writes, and half of each page is kept free (fillfactor 50, migration 0030), so both
  // are heap-only updates. An entry's earlier picks of a team are found by (entry, round).
  (t) => [
    uniqueIndex('picks_entry_round_idx').on(t.entryId, t.round),
    index('picks_competition_round_idx').on(t.competitionId, t.round),
  ],
);

/** What counted for a settled round: kept so that a later reschedule does not change it. */
export interface RoundRecord {
  /** Team id -> how a pick of it fared under the rules. */
  outcomes: Record<
    string,
    { team: string; outcome: 'win' | 'draw' | 'loss' | 'postponed'; survives: boolean }
  >;
  fixtures: { id: string; home: string; away: string; score: [number, number] | null; status: string }[];
  survivors: number;
  eliminated: number;
  /** Entries that stayed in by losing a life (absent in rounds settled before lives existed). */
  livesLost?: number;
  rollover: boolean;
  split: boolean;
  winners: string[];
  /**
   * Entries knocked out in the round that were already bought back in for the next (a re-settlement
   * of the round keeps them in); absent when none.
   */
  boughtBack?: string[];
  /**
   * One entry was left standing while others knocked out in the round could still buy back in: it is
   * crowned once the next deadline passes with nobody bought back.
   */
  held?: boolean;
}

export const roundSettlements = pgTable(
  'round_settlements',
  {
    id: id(),
    clubId: clubIdColumn(),
    competitionId: text('competition_id')
      .notNull()
      .references(() => competitions.id),
    round: smallint('round').notNull(),
    status: text('status', { enum: ['played', 'void'] }).notNull(),
    record: jsonb('record').$type<RoundRecord>().notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('round_settlements_competition_round_idx').on(t.competitionId, t.round)],
);

/**
 * An admin's result for a fixture, for the admin's club only (seasons are shared by every club).
 * The latest correction per club and fixture is the result that club plays by.
 */
export const resultCorrections = pgTable(
  'result_corrections',
  {
    id: id(),
    clubId: clubIdColumn(),
    fixtureId: text('fixture_id')
      .notNull()
      .references(() => fixtures.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    oldHome: smallint('old_home'),
    oldAway: smallint('old_away'),
    oldStatus: text('old_status', { enum: fixtureStatuses }).notNull(),
    newHome: smallint('new_home'),
    newAway: smallint('new_away'),
    newStatus: text('new_status', { enum: fixtureStatuses }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('result_corrections_club_fixture_idx').on(t.clubId, t.fixtureId, t.createdAt)],
);

/** The demo season's real results, kept aside and revealed as the server clock passes each match. */
export const demoResults = pgTable('demo_results', {
  fixtureId: text('fixture_id')
    .primaryKey()
    .references(() => fixtures.id, { onDelete: 'cascade' }),
  home: smallint('home'),
  away: smallint('away'),
  status: text('status', { enum: fixtureStatuses }).notNull(),
});
