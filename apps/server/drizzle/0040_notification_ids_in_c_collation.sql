-- The ids of notifications and deliveries compare byte by byte (the "C" collation) rather than by the
-- database's locale: each row a reminder pass writes inserts into their primary keys, and at 10,000
-- reminders the locale's comparisons were a fifth of the statement's CPU
-- (docs/decisions/029-reminders-one-row.md). The ids are UUIDs (ASCII), and the only column they are
-- compared with is the other's (both "C"); drizzle's snapshot does not record collations.
ALTER TABLE "notifications" ALTER COLUMN "id" TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ALTER COLUMN "id" TYPE text COLLATE "C", ALTER COLUMN "notification_id" TYPE text COLLATE "C";
