import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { clubStripeAccounts } from './schema.ts';

export type ClubStripeAccountRow = typeof clubStripeAccounts.$inferSelect;

export async function findClubAccount(
  db: DbOrTx,
  { clubId }: { clubId: string },
): Promise<ClubStripeAccountRow | undefined> {
  const [row] = await db.select().from(clubStripeAccounts).where(eq(clubStripeAccounts.clubId, clubId));
  return row;
}

/** The club a connected account belongs to: a webhook event from it names the account. */
export async function findClubOfAccount(
  db: DbOrTx,
  { accountId }: { accountId: string },
): Promise<ClubStripeAccountRow | undefined> {
  const [row] = await db.select().from(clubStripeAccounts).where(eq(clubStripeAccounts.accountId, accountId));
  return row;
}

/** Records a club's new account; a second request racing the first keeps the first's row. */
export async function insertClubAccount(
  db: DbOrTx,
  { clubId, accountId, now }: { clubId: string; accountId: string; now: Date },
): Promise<void> {
  await db
    .insert(clubStripeAccounts)
    .values({ clubId, accountId, stateUpdatedAt: now })
    .onConflictDoNothing({ target: clubStripeAccounts.clubId });
}

export async function updateAccountState(
  db: DbOrTx,
  {
    accountId,
    ...state
  }: {
    accountId: string;
    chargesEnabled: boolean;
    payoutsEnabled: boolean;
    detailsSubmitted: boolean;
    requirementsDue: string[];
    stateUpdatedAt: Date;
  },
): Promise<ClubStripeAccountRow | undefined> {
  const [row] = await db
    .update(clubStripeAccounts)
    .set(state)
    .where(eq(clubStripeAccounts.accountId, accountId))
    .returning();
  return row;
}
