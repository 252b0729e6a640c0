import { asc, eq } from 'drizzle-orm';
import type { ClubExportPart } from '../../lib/registries.ts';
import { quizAnswers, quizQuestions, quizTeams, quizzes } from './schema.ts';

/**
 * The quiz's tables in the club's export: quizzes, their rounds (read off the questions, which hold
 * them), questions, teams and answers. A team's cookie hash is left out: it is a key, not data.
 */
export const quizClubExport: ClubExportPart = async (db, { clubId }) => {
  const [quizRows, questionRows, teamRows, answerRows] = await Promise.all([
    db.select().from(quizzes).where(eq(quizzes.clubId, clubId)).orderBy(asc(quizzes.createdAt)),
    db
      .select()
      .from(quizQuestions)
      .where(eq(quizQuestions.clubId, clubId))
      .orderBy(asc(quizQuestions.quizId), asc(quizQuestions.position)),
    db
      .select({
        id: quizTeams.id,
        clubId: quizTeams.clubId,
        quizId: quizTeams.quizId,
        name: quizTeams.name,
        createdAt: quizTeams.createdAt,
      })
      .from(quizTeams)
      .where(eq(quizTeams.clubId, clubId)),
    db.select().from(quizAnswers).where(eq(quizAnswers.clubId, clubId)),
  ]);
  const rounds = new Map<string, { quizId: string; round: number; title: string; questionCount: number }>();
  for (const q of questionRows) {
    const key = `${q.quizId}:${q.round}`;
    const round = rounds.get(key) ?? {
      quizId: q.quizId,
      round: q.round,
      title: q.roundTitle,
      questionCount: 0,
    };
    round.questionCount += 1;
    rounds.set(key, round);
  }
  return {
    quizzes: quizRows,
    quizRounds: [...rounds.values()],
    quizQuestions: questionRows,
    quizTeams: teamRows,
    quizAnswers: answerRows,
  };
};
