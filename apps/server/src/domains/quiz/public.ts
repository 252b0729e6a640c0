import type { DbOrTx } from '../../db/client.ts';
import { findQuizOfEvent } from './queries.ts';

/** The quiz of a club's event, not yet over, as its public page tells it: the title and a team's fee. */
export async function quizOfEvent(
  db: DbOrTx,
  { clubId, eventId }: { clubId: string; eventId: string },
): Promise<{ title: string; teamFeePence: number } | null> {
  const quiz = await findQuizOfEvent(db, { clubId, eventId });
  return quiz ? { title: quiz.title, teamFeePence: quiz.teamFeePence } : null;
}
