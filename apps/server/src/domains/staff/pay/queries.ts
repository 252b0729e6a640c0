import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { positionPayRates } from './schema.ts';

export async function positionRatesOf(db: DbOrTx, { clubId }: { clubId: string }) {
  return db
    .select({ position: positionPayRates.position, hourlyRatePence: positionPayRates.hourlyRatePence })
    .from(positionPayRates)
    .where(eq(positionPayRates.clubId, clubId))
    .orderBy(asc(positionPayRates.position));
}

export async function setPositionRate(
  db: DbOrTx,
  { clubId, position, hourlyRatePence }: { clubId: string; position: string; hourlyRatePence: number | null },
) {
  if (hourlyRatePence === null) {
    await db
      .delete(positionPayRates)
      .where(and(eq(positionPayRates.clubId, clubId), eq(positionPayRates.position, position)));
    return;
  }
  await db
    .insert(positionPayRates)
    .values({ clubId, position, hourlyRatePence })
    .onConflictDoUpdate({
      target: [positionPayRates.clubId, positionPayRates.position],
      set: { hourlyRatePence },
    });
}
