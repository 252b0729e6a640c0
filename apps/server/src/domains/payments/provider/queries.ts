import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { competitions } from '../../game/read-model.ts';
import { paymentEvents } from '../schema.ts';

/**
 * Records a provider's event once: false when its id was recorded before (a replay, a duplicate or
 * a concurrent delivery, which waits on the unique index and then finds it taken).
 */
export async function recordPaymentEvent(
  tx: DbOrTx,
  values: Pick<
    typeof paymentEvents.$inferInsert,
    'id' | 'provider' | 'type' | 'account' | 'receivedAt' | 'payload'
  >,
): Promise<boolean> {
  const [recorded] = await tx
    .insert(paymentEvents)
    .values({ ...values, outcome: 'received' })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return recorded !== undefined;
}

export async function setPaymentEventOutcome(
  tx: DbOrTx,
  { eventId, outcome, orderId }: { eventId: string; outcome: string; orderId: string | null },
) {
  await tx.update(paymentEvents).set({ outcome, orderId }).where(eq(paymentEvents.id, eventId));
}

export async function findCompetitionName(
  db: DbOrTx,
  { clubId, competitionId }: { clubId: string; competitionId: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ name: competitions.name })
    .from(competitions)
    .where(and(eq(competitions.clubId, clubId), eq(competitions.id, competitionId)));
  return row?.name;
}
