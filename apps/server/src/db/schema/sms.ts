import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { clubIdColumn } from '../../domains/club/schema.ts';
import { createdAt, id } from './columns.ts';

/** Every SMS the server sent or, without a provider, kept here for the operator and the tests. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    clubId: clubIdColumn(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    // refused: not sent (a country texts do not go to, or a budget spent); the text says why.
    transport: text('transport', { enum: ['twilio', 'outbox', 'refused'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_club_idx').on(t.clubId, t.createdAt)],
);
