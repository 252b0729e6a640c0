import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { competitions } from '../schema.ts';

/** Every club's competitions a settlement pass may move on: the job works across clubs. */
export async function listCompetitionsInPlay(db: DbOrTx) {
  return db
    .select({
      id: competitions.id,
      clubId: competitions.clubId,
      seasonId: competitions.seasonId,
      status: competitions.status,
    })
    .from(competitions)
    .where(inArray(competitions.status, ['open', 'running']));
}
