ALTER TABLE "reminder_sends" DROP CONSTRAINT "reminder_sends_club_id_clubs_id_fk";
--> statement-breakpoint
ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_club_id_clubs_id_fk";
