DROP INDEX "notifications_club_user_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
CREATE INDEX "notifications_club_user_idx" ON "notifications" USING btree ("club_id" COLLATE "C","user_id" COLLATE "C","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id" COLLATE "C") WHERE "notifications"."read_at" IS NULL AND "notifications"."listed";