import { and, asc, count, desc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { quizAnswers, quizQuestions, quizSettings, quizTeams, quizzes } from './schema.ts';

export type QuizRow = typeof quizzes.$inferSelect;
export type QuestionRow = typeof quizQuestions.$inferSelect;
export type TeamRow = typeof quizTeams.$inferSelect;
export type AnswerRow = typeof quizAnswers.$inferSelect;

/** A new quiz, or undefined when its join code is in use (the caller draws another). */
export async function insertQuiz(
  db: DbOrTx,
  values: typeof quizzes.$inferInsert,
): Promise<QuizRow | undefined> {
  const [row] = await db
    .insert(quizzes)
    .values(values)
    .onConflictDoNothing({ target: quizzes.joinCode })
    .returning();
  return row;
}

export async function insertQuestions(
  db: DbOrTx,
  values: (typeof quizQuestions.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await db.insert(quizQuestions).values(values);
}

export async function findQuiz(
  db: DbOrTx,
  { clubId, quizId, forUpdate = false }: { clubId: string; quizId: string; forUpdate?: boolean },
): Promise<QuizRow | undefined> {
  const query = db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.clubId, clubId), eq(quizzes.id, quizId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** A quiz by the code a team typed (any club: the code is the key). */
export async function findQuizByCode(
  db: DbOrTx,
  { joinCode }: { joinCode: string },
): Promise<QuizRow | undefined> {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.joinCode, joinCode));
  return row;
}

/**
 * The quiz the club's TV shows: the one running (the latest started when more than one is), else the
 * one that finished last, until `finishedSince` (its leaderboard stays up for the evening).
 */
export async function findShownQuiz(
  db: DbOrTx,
  { clubId, finishedSince }: { clubId: string; finishedSince: Date },
): Promise<QuizRow | undefined> {
  const [row] = await db
    .select()
    .from(quizzes)
    .where(
      and(
        eq(quizzes.clubId, clubId),
        or(
          eq(quizzes.status, 'running'),
          and(eq(quizzes.status, 'finished'), gte(quizzes.updatedAt, finishedSince)),
        ),
      ),
    )
    .orderBy(sql`${quizzes.status} = 'running' desc`, desc(quizzes.updatedAt), desc(quizzes.createdAt))
    .limit(1);
  return row;
}

export async function listQuizzes(db: DbOrTx, { clubId, limit }: { clubId: string; limit: number }) {
  return db
    .select({
      quiz: quizzes,
      questionCount: sql<number>`(select count(*)::int from ${quizQuestions} where ${quizQuestions.quizId} = ${quizzes.id} and ${quizQuestions.tieBreakTeamIds} is null)`,
      teamCount: sql<number>`(select count(*)::int from ${quizTeams} where ${quizTeams.quizId} = ${quizzes.id})`,
    })
    .from(quizzes)
    .where(eq(quizzes.clubId, clubId))
    .orderBy(desc(quizzes.createdAt), desc(quizzes.id))
    .limit(limit);
}

export async function setQuizState(
  db: DbOrTx,
  {
    clubId,
    quizId,
    changes,
  }: {
    clubId: string;
    quizId: string;
    changes: Partial<
      Pick<QuizRow, 'status' | 'currentPosition' | 'eventId' | 'teamFeePence' | 'leaderboardPaidOnly'>
    > & { updatedAt: Date };
  },
): Promise<void> {
  await db
    .update(quizzes)
    .set(changes)
    .where(and(eq(quizzes.clubId, clubId), eq(quizzes.id, quizId)));
}

export async function listQuestions(db: DbOrTx, { clubId, quizId }: { clubId: string; quizId: string }) {
  return db
    .select()
    .from(quizQuestions)
    .where(and(eq(quizQuestions.clubId, clubId), eq(quizQuestions.quizId, quizId)))
    .orderBy(asc(quizQuestions.position));
}

export async function setQuestionTimes(
  db: DbOrTx,
  {
    clubId,
    questionId,
    changes,
  }: { clubId: string; questionId: string; changes: { openedAt?: Date; closedAt?: Date } },
): Promise<void> {
  await db
    .update(quizQuestions)
    .set(changes)
    .where(and(eq(quizQuestions.clubId, clubId), eq(quizQuestions.id, questionId)));
}

/** A new team, or undefined when its name is taken in the quiz (in any case). */
export async function insertTeam(
  db: DbOrTx,
  values: typeof quizTeams.$inferInsert,
): Promise<TeamRow | undefined> {
  const [row] = await db
    .insert(quizTeams)
    .values(values)
    .onConflictDoNothing({ target: [quizTeams.quizId, quizTeams.nameKey] })
    .returning();
  return row;
}

export async function findTeamByToken(
  db: DbOrTx,
  { tokenHash }: { tokenHash: string },
): Promise<TeamRow | undefined> {
  const [row] = await db.select().from(quizTeams).where(eq(quizTeams.tokenHash, tokenHash));
  return row;
}

export async function listTeams(db: DbOrTx, { clubId, quizId }: { clubId: string; quizId: string }) {
  return db
    .select()
    .from(quizTeams)
    .where(and(eq(quizTeams.clubId, clubId), eq(quizTeams.quizId, quizId)))
    .orderBy(asc(quizTeams.createdAt), asc(quizTeams.id));
}

export async function countTeams(db: DbOrTx, { clubId, quizId }: { clubId: string; quizId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(quizTeams)
    .where(and(eq(quizTeams.clubId, clubId), eq(quizTeams.quizId, quizId)));
  return row?.n ?? 0;
}

/** The team's answer, written again if it answered before: its last answer counts. */
export async function upsertAnswer(
  db: DbOrTx,
  values: {
    clubId: string;
    quizId: string;
    questionId: string;
    teamId: string;
    answer: string;
    answeredAt: Date;
  },
): Promise<AnswerRow> {
  const [row] = await db
    .insert(quizAnswers)
    .values(values)
    .onConflictDoUpdate({
      target: [quizAnswers.questionId, quizAnswers.teamId],
      set: { answer: values.answer, answeredAt: values.answeredAt },
    })
    .returning();
  if (!row) throw new Error('quiz answer upsert returned nothing');
  return row;
}

export async function findTeamAnswer(
  db: DbOrTx,
  { clubId, questionId, teamId }: { clubId: string; questionId: string; teamId: string },
): Promise<AnswerRow | undefined> {
  const [row] = await db
    .select()
    .from(quizAnswers)
    .where(
      and(
        eq(quizAnswers.clubId, clubId),
        eq(quizAnswers.questionId, questionId),
        eq(quizAnswers.teamId, teamId),
      ),
    );
  return row;
}

export async function listAnswers(db: DbOrTx, { clubId, quizId }: { clubId: string; quizId: string }) {
  return db
    .select()
    .from(quizAnswers)
    .where(and(eq(quizAnswers.clubId, clubId), eq(quizAnswers.quizId, quizId)))
    .orderBy(asc(quizAnswers.answeredAt), asc(quizAnswers.id));
}

export async function listQuestionAnswers(
  db: DbOrTx,
  { clubId, questionId }: { clubId: string; questionId: string },
) {
  return db
    .select()
    .from(quizAnswers)
    .where(and(eq(quizAnswers.clubId, clubId), eq(quizAnswers.questionId, questionId)));
}

export async function countQuestionAnswers(
  db: DbOrTx,
  { clubId, questionId }: { clubId: string; questionId: string },
) {
  const [row] = await db
    .select({ n: count() })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.clubId, clubId), eq(quizAnswers.questionId, questionId)));
  return row?.n ?? 0;
}

/** The answers to the quiz's closed tie-breaks (few: only the tied teams answer them). */
export async function closedTieBreakAnswers(
  db: DbOrTx,
  { clubId, quizId }: { clubId: string; quizId: string },
) {
  return db
    .select({ questionId: quizAnswers.questionId, teamId: quizAnswers.teamId, answer: quizAnswers.answer })
    .from(quizAnswers)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(
      and(
        eq(quizAnswers.clubId, clubId),
        eq(quizAnswers.quizId, quizId),
        isNotNull(quizQuestions.tieBreakTeamIds),
        isNotNull(quizQuestions.closedAt),
      ),
    );
}

/** Marks answers: the ids given right, the others of the question wrong; hand-set marks stay. */
export async function saveMarks(
  db: DbOrTx,
  { clubId, questionId, right }: { clubId: string; questionId: string; right: string[] },
): Promise<void> {
  const scope = and(
    eq(quizAnswers.clubId, clubId),
    eq(quizAnswers.questionId, questionId),
    eq(quizAnswers.overridden, false),
  );
  await db.update(quizAnswers).set({ correct: false }).where(scope);
  if (right.length > 0) {
    await db
      .update(quizAnswers)
      .set({ correct: true })
      .where(and(scope, inArray(quizAnswers.id, right)));
  }
}

export async function overrideMark(
  db: DbOrTx,
  {
    clubId,
    quizId,
    answerId,
    correct,
  }: { clubId: string; quizId: string; answerId: string; correct: boolean },
): Promise<AnswerRow | undefined> {
  const [row] = await db
    .update(quizAnswers)
    .set({ correct, overridden: true })
    .where(and(eq(quizAnswers.clubId, clubId), eq(quizAnswers.quizId, quizId), eq(quizAnswers.id, answerId)))
    .returning();
  return row;
}

/** Each team's score: the points of its right answers to closed questions. */
export async function teamScores(db: DbOrTx, { clubId, quizId }: { clubId: string; quizId: string }) {
  return db
    .select({
      teamId: quizTeams.id,
      name: quizTeams.name,
      paid: sql<boolean>`${quizTeams.paidAt} is not null`,
      score: sql<number>`coalesce(sum(case when ${quizAnswers.correct} and ${quizQuestions.closedAt} is not null then ${quizQuestions.points} else 0 end), 0)::int`,
    })
    .from(quizTeams)
    .leftJoin(quizAnswers, eq(quizAnswers.teamId, quizTeams.id))
    .leftJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(and(eq(quizTeams.clubId, clubId), eq(quizTeams.quizId, quizId)))
    .groupBy(quizTeams.id, quizTeams.name, quizTeams.paidAt);
}

/** Records a team's entry fee paid (in cash, by whom), or takes the record back. */
export async function setTeamPaid(
  db: DbOrTx,
  {
    clubId,
    quizId,
    teamId,
    paid,
  }: {
    clubId: string;
    quizId: string;
    teamId: string;
    paid: { at: Date; how: 'cash'; by: string } | null;
  },
): Promise<TeamRow | undefined> {
  const [row] = await db
    .update(quizTeams)
    .set({ paidAt: paid?.at ?? null, paidHow: paid?.how ?? null, paidRecordedBy: paid?.by ?? null })
    .where(and(eq(quizTeams.clubId, clubId), eq(quizTeams.quizId, quizId), eq(quizTeams.id, teamId)))
    .returning();
  return row;
}

/** The newest quiz not yet over that is the quiz of the club's event. */
export async function findQuizOfEvent(
  db: DbOrTx,
  { clubId, eventId }: { clubId: string; eventId: string },
): Promise<QuizRow | undefined> {
  const [row] = await db
    .select()
    .from(quizzes)
    .where(
      and(eq(quizzes.clubId, clubId), eq(quizzes.eventId, eventId), sql`${quizzes.status} <> 'finished'`),
    )
    .orderBy(desc(quizzes.createdAt))
    .limit(1);
  return row;
}

export async function findSettings(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db.select().from(quizSettings).where(eq(quizSettings.clubId, clubId));
  return { staffCanRun: row?.staffCanRun ?? false };
}

export async function saveSettings(
  db: DbOrTx,
  { clubId, staffCanRun }: { clubId: string; staffCanRun: boolean },
) {
  await db
    .insert(quizSettings)
    .values({ clubId, staffCanRun })
    .onConflictDoUpdate({ target: quizSettings.clubId, set: { staffCanRun } });
}
