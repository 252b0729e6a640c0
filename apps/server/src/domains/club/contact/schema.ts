import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../db/schema/columns.ts';
import { user } from '../../account/schema.ts';
import { clubIdColumn } from '../schema.ts';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    clubId: clubIdColumn(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** Set when an admin marks the message dealt with; cleared when one reopens it. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: text('done_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_club_idx').on(t.clubId, t.createdAt)],
);

/**
 * An admin's answer to a contact message, emailed to its sender. The admin's name is kept as it was
 * when they wrote, so the record still says who answered after their account goes.
 */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: id(),
    clubId: clubIdColumn(),
    messageId: text('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    sentByName: text('sent_by_name').notNull(),
    /** Where the reply was emailed (the message's address at the time). */
    sentTo: text('sent_to').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_replies_club_message_idx').on(t.clubId, t.messageId, t.createdAt)],
);
