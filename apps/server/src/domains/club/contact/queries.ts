import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { user } from '../../account/read-model.ts';
import { contactMessages, contactReplies } from './schema.ts';

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

const messageColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  doneAt: contactMessages.doneAt,
  doneByName: user.name,
};

/** The club's latest messages: open ones first, then by newest; or only the open or the done ones. */
export async function listContactMessages(
  db: DbOrTx,
  { clubId, status, limit }: { clubId: string; status: 'all' | 'open' | 'done'; limit: number },
) {
  const byStatus =
    status === 'open'
      ? isNull(contactMessages.doneAt)
      : status === 'done'
        ? isNotNull(contactMessages.doneAt)
        : undefined;
  return db
    .select(messageColumns)
    .from(contactMessages)
    .leftJoin(user, eq(user.id, contactMessages.doneBy))
    .where(and(eq(contactMessages.clubId, clubId), byStatus))
    .orderBy(sql`${contactMessages.doneAt} is not null`, desc(contactMessages.createdAt))
    .limit(limit);
}

export async function countOpenMessages(db: DbOrTx, { clubId }: { clubId: string }) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contactMessages)
    .where(and(eq(contactMessages.clubId, clubId), isNull(contactMessages.doneAt)));
  return row?.n ?? 0;
}

export async function findContactMessage(db: DbOrTx, { clubId, id }: { clubId: string; id: string }) {
  const [row] = await db
    .select(messageColumns)
    .from(contactMessages)
    .leftJoin(user, eq(user.id, contactMessages.doneBy))
    .where(and(eq(contactMessages.clubId, clubId), eq(contactMessages.id, id)));
  return row;
}

/** The message, locked for the change (a reply or its status). */
export async function lockContactMessage(db: DbOrTx, { clubId, id }: { clubId: string; id: string }) {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.clubId, clubId), eq(contactMessages.id, id)))
    .for('update');
  return row;
}

export async function setContactMessageDone(
  db: DbOrTx,
  { clubId, id, doneAt, doneBy }: { clubId: string; id: string; doneAt: Date | null; doneBy: string | null },
) {
  await db
    .update(contactMessages)
    .set({ doneAt, doneBy })
    .where(and(eq(contactMessages.clubId, clubId), eq(contactMessages.id, id)));
}

export async function insertContactReply(db: DbOrTx, values: typeof contactReplies.$inferInsert) {
  await db.insert(contactReplies).values(values);
}

/** The replies to the messages, oldest first. */
export async function listContactReplies(
  db: DbOrTx,
  { clubId, messageIds }: { clubId: string; messageIds: string[] },
) {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(contactReplies)
    .where(and(eq(contactReplies.clubId, clubId), inArray(contactReplies.messageId, messageIds)))
    .orderBy(asc(contactReplies.createdAt));
}

export async function contactMessagesOfUser(
  db: DbOrTx,
  { clubId, userId }: { clubId: string; userId: string },
) {
  return db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.clubId, clubId), eq(contactMessages.userId, userId)));
}

/** The replies to the person's messages at a club, oldest first. */
export async function contactRepliesTo(
  db: DbOrTx,
  { clubId, messageIds }: { clubId: string; messageIds: string[] },
) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      messageId: contactReplies.messageId,
      body: contactReplies.body,
      sentByName: contactReplies.sentByName,
      sentTo: contactReplies.sentTo,
      createdAt: contactReplies.createdAt,
    })
    .from(contactReplies)
    .where(and(eq(contactReplies.clubId, clubId), inArray(contactReplies.messageId, messageIds)))
    .orderBy(asc(contactReplies.createdAt));
}

/**
 * The person's name and address on the messages they sent and the replies sent to them; and their
 * name on the replies they wrote as an admin (the club keeps the answer, not who they were).
 */
export async function scrubContactMessagesOf(db: DbOrTx, userId: string) {
  const theirs = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId));
  await db.update(contactReplies).set({ sentTo: '' }).where(inArray(contactReplies.messageId, theirs));
  await db
    .update(contactMessages)
    .set({ name: 'Deleted user', email: '' })
    .where(eq(contactMessages.userId, userId));
  await db
    .update(contactReplies)
    .set({ sentByName: 'A former admin' })
    .where(eq(contactReplies.sentBy, userId));
}
