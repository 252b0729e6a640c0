ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_user_id_fk";
--> statement-breakpoint
-- What the dropped key's ON DELETE CASCADE did, once per statement (docs/decisions/029-reminders-one-row.md):
-- a removed user's notifications go with them (and their deliveries, by the trigger of 0038).
CREATE FUNCTION "notifications_of_removed_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "notifications" n USING "removed_users" r WHERE n."user_id" = r."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_remove_notifications" AFTER DELETE ON "user"
  REFERENCING OLD TABLE AS "removed_users" FOR EACH STATEMENT
  EXECUTE FUNCTION "notifications_of_removed_users"();
