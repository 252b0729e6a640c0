ALTER TABLE "notification_deliveries" DROP CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_club_id_clubs_id_fk";
--> statement-breakpoint
DROP INDEX "notification_deliveries_club_idx";--> statement-breakpoint
-- What the dropped key's ON DELETE CASCADE did, once per statement instead of a check per row written
-- (docs/decisions/029-reminders-one-row.md): a removed notification's deliveries go with it.
CREATE FUNCTION "notification_deliveries_of_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "notification_deliveries" d USING "removed_notifications" r WHERE d."notification_id" = r."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_remove_deliveries" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS "removed_notifications" FOR EACH STATEMENT
  EXECUTE FUNCTION "notification_deliveries_of_removed"();
