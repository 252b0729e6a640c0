import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/schema/columns.ts';
import { user } from '../account/schema.ts';
import { clubIdColumn, clubs } from '../club/schema.ts';
import { events } from '../content/events/schema.ts';

/**
 * A quiz night: its questions in order, the one on show (`current_position`, 0 before the first), and
 * the code teams join with. `status`: draft (written, not started), running, finished.
 */
export const quizzes = pgTable(
  'quizzes',
  {
    id: id(),
    clubId: clubIdColumn(),
    title: text('title').notNull(),
    joinCode: text('join_code').notNull(),
    status: text('status', { enum: ['draft', 'running', 'finished'] })
      .notNull()
      .default('draft'),
    currentPosition: integer('current_position').notNull().default(0),
    /** The club's event it is the quiz of (the Thursday quiz night): its public page says a quiz is on. */
    eventId: text('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** Each team's entry fee, in pence (0: free), paid at the bar. */
    teamFeePence: integer('team_fee_pence').notNull().default(0),
    /** With a fee: only teams that have paid appear on the leaderboard (and play a tie-break). */
    leaderboardPaidOnly: boolean('leaderboard_paid_only').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When it last started, moved on or finished. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quizzes_club_idx').on(t.clubId, t.createdAt),
    // A code is told to one quiz at a time, across clubs (a team types only the code).
    uniqueIndex('quizzes_join_code_idx').on(t.joinCode),
  ],
);

/** A question, with its round (number and title) and its place in the whole quiz (1, 2, ...). */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: id(),
    clubId: clubIdColumn(),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    round: integer('round').notNull(),
    roundTitle: text('round_title').notNull(),
    prompt: text('prompt').notNull(),
    kind: text('kind', { enum: ['choice', 'text', 'number', 'picture'] }).notNull(),
    choices: jsonb('choices').$type<string[]>(),
    answer: text('answer').notNull(),
    numberMode: text('number_mode', { enum: ['exact', 'closest'] })
      .notNull()
      .default('exact'),
    points: integer('points').notNull().default(1),
    seconds: integer('seconds').notNull().default(60),
    /** A picture question's image in the storage (lib/storage.ts), metadata stripped on upload. */
    imageKey: text('image_key'),
    /**
     * A tie-break (after the questions, no points): the tied teams' ids, who alone answer it; its
     * nearest answers order them on the leaderboard. Null for the quiz's own questions.
     */
    tieBreakTeamIds: jsonb('tie_break_team_ids').$type<string[]>(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('quiz_questions_club_idx').on(t.clubId, t.quizId),
    uniqueIndex('quiz_questions_position_idx').on(t.quizId, t.position),
  ],
);

/** A team of one quiz: no account, a device cookie whose token is kept here only as its hash. */
export const quizTeams = pgTable(
  'quiz_teams',
  {
    id: id(),
    clubId: clubIdColumn(),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The name as compared: lower case, single spaces (a name is taken in any case). */
    nameKey: text('name_key').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The team's entry fee was paid (cash at the bar, recorded by the quizmaster); null: not yet. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidHow: text('paid_how', { enum: ['cash'] }),
    paidRecordedBy: text('paid_recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('quiz_teams_club_idx').on(t.clubId, t.quizId),
    uniqueIndex('quiz_teams_name_idx').on(t.quizId, t.nameKey),
    uniqueIndex('quiz_teams_token_idx').on(t.tokenHash),
  ],
);

/** A team's answer to a question (its last one counts), and its mark once the question closes. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    id: id(),
    clubId: clubIdColumn(),
    quizId: text('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    teamId: text('team_id')
      .notNull()
      .references(() => quizTeams.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
    correct: boolean('correct'),
    /** The quizmaster set the mark by hand: marking again leaves it. */
    overridden: boolean('overridden').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('quiz_answers_club_idx').on(t.clubId, t.quizId),
    uniqueIndex('quiz_answers_team_idx').on(t.questionId, t.teamId),
  ],
);

/** One row per club that changed the default: whether staff (not only admins) may run quizzes. */
export const quizSettings = pgTable('quiz_settings', {
  clubId: text('club_id')
    .primaryKey()
    .references(() => clubs.id),
  staffCanRun: boolean('staff_can_run').notNull().default(false),
});
