import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { clubIdColumn } from './clubs.ts';
import { createdAt, id } from './columns.ts';

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
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_club_idx').on(t.clubId, t.createdAt)],
);
