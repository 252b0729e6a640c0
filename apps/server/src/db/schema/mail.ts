import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const emailOutbox = pgTable('email_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
  createdAt: createdAt(),
});
