import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { competitions } from './schema/index.ts';
import { sqlRows } from './sql-rows.ts';

// A competition has two locks, for two different conflicts:
// - its advisory lock (a key, not a row) serialises settling it, correcting its results and paying
//   out its pot, in every process, without blocking players who read or buy into it;
// - its row lock (SELECT ... FOR UPDATE / FOR SHARE) keeps its status and places steady while an
//   order takes entries in it.
// A third, lockPlayerEntries, is one player's entries in one competition: one entry at a time.

/** The advisory key of one competition, the same in every process. */
export function competitionAdvisoryKey(competitionId: string) {
  return sql`hashtext('lms:competition'), hashtext(${competitionId})`;
}

/** Waits for the competition's advisory lock; released when the transaction ends. */
export async function lockCompetitionAdvisory(tx: DbOrTx, competitionId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${competitionAdvisoryKey(competitionId)})`);
}

/** Takes the competition's advisory lock if free; false when another process is settling it. */
export async function tryLockCompetitionAdvisory(tx: DbOrTx, competitionId: string): Promise<boolean> {
  const [row] = await sqlRows<{ ok: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(${competitionAdvisoryKey(competitionId)}) AS ok`,
  );
  return row?.ok === true;
}

/** Waits for the lock on one player's entries in a competition, so their allowance is not overrun. */
export async function lockPlayerEntries(
  tx: DbOrTx,
  { competitionId, userId }: { competitionId: string; userId: string },
): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('lms:entry'), hashtext(${`${competitionId}:${userId}`}))`,
  );
}

/**
 * Reads the club's competition and locks its row until the transaction ends: `update` to change
 * its places, `share` to let several payments read it at once. Undefined when not the club's.
 */
export async function lockCompetitionRow(
  tx: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
  mode: 'update' | 'share' = 'update',
) {
  const [row] = await tx
    .select()
    .from(competitions)
    .where(and(eq(competitions.clubId, clubId), eq(competitions.id, competitionId)))
    .for(mode);
  return row;
}
