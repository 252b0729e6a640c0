// Every table, for drizzle-kit (drizzle.config.ts) and the typed client (db/client.ts). A table lives in
// the domain that writes it (domains/<domain>/.../schema.ts); only infrastructure tables stay here (the
// column helpers, the mail and SMS outboxes written by lib/). Domain code never imports this file (the
// linter refuses it): it imports its own schema files, and reads another domain's data through a function
// of that domain's index.ts, or, where one SQL query must join its tables, through its read-model.ts.
// Schema files alone may import another domain's schema file directly, for foreign keys
// (references(() => clubs.id)): a table definition is not behaviour, and drizzle needs the column.
export * from '../../domains/account/passkeys/schema.ts';
export * from '../../domains/account/phone-codes/schema.ts';
export * from '../../domains/account/profile/schema.ts';
export * from '../../domains/account/schema.ts';
export * from '../../domains/club/contact/schema.ts';
export * from '../../domains/club/members/schema.ts';
export * from '../../domains/club/schema.ts';
export * from '../../domains/content/events/schema.ts';
export * from '../../domains/content/gallery/schema.ts';
export * from '../../domains/content/menu/schema.ts';
export * from '../../domains/game/football/schema.ts';
export * from '../../domains/game/live/schema.ts';
export * from '../../domains/game/payouts/schema.ts';
export * from '../../domains/game/schema.ts';
export * from '../../domains/game/screens/schema.ts';
export * from '../../domains/notifications/schema.ts';
export * from '../../domains/payments/schema.ts';
export * from '../../domains/payments/stripe-account/schema.ts';
export * from '../../domains/quiz/schema.ts';
export * from '../../domains/staff/schema.ts';
export * from './mail.ts';
export * from './sms.ts';
