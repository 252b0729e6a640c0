-- A notification's push and email deliveries are columns of its row, and its primary key is (user, id),
-- the inbox's only index: a reminder writes one heap row and two index entries (the key and its channel's
-- pending index) instead of two rows and five entries (docs/decisions/030-reminders-one-row-per-reminder.md).
ALTER TABLE "notifications" ADD COLUMN "push_status" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "push_detail" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_status" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_detail" text;--> statement-breakpoint
-- Each delivery moves into its notification's row (one per notification and channel).
UPDATE "notifications" n SET "push_status" = d."status", "push_attempts" = d."attempts", "push_sent_at" = d."sent_at",
  "push_not_before" = d."not_before", "push_detail" = d."detail"
  FROM "notification_deliveries" d WHERE d."notification_id" = n."id" AND d."channel" = 'push';--> statement-breakpoint
UPDATE "notifications" n SET "email_status" = d."status", "email_attempts" = d."attempts", "email_sent_at" = d."sent_at",
  "email_not_before" = d."not_before", "email_detail" = d."detail"
  FROM "notification_deliveries" d WHERE d."notification_id" = n."id" AND d."channel" = 'email';--> statement-breakpoint
DROP TRIGGER "notifications_remove_deliveries" ON "notifications";--> statement-breakpoint
DROP FUNCTION "notification_deliveries_of_removed"();--> statement-breakpoint
DROP TABLE "notification_deliveries" CASCADE;--> statement-breakpoint
DROP INDEX "notifications_club_user_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
-- user_id in the "C" collation as id is (0040): byte comparisons in the key. Compared with a column of
-- the database's collation (the removed-user trigger of 0039), the comparison is in "C" and reads this key.
ALTER TABLE "notifications" ALTER COLUMN "user_id" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_id_pk" PRIMARY KEY("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_push_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."push_status" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email_status" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_push_sending_idx" ON "notifications" USING btree ("push_sent_at") WHERE "notifications"."push_status" = 'sending';--> statement-breakpoint
CREATE INDEX "notifications_email_sending_idx" ON "notifications" USING btree ("email_sent_at") WHERE "notifications"."email_status" = 'sending';
