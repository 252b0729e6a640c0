import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export async function insertContactMessage(
  db: DbOrTx,
  values: {
    clubId: string;
    userId: string | null;
    name: string;
    email: string;
    subject: string;
    message: string;
  },
): Promise<string> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned nothing');
  return row.id;
}

/** The club's latest messages, newest first. */
export async function listContactMessages(db: DbOrTx, { clubId, limit }: { clubId: string; limit: number }) {
  return db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.clubId, clubId))
    .orderBy(desc(contactMessages.createdAt))
    .limit(limit);
}
