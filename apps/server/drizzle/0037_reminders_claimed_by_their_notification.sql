-- A pick reminder's claim is now its notification, whose id is made of the entry, round and reminder
-- (docs/decisions/029-reminders-one-row.md). The claims made before this migration become hidden,
-- read notifications with those ids, so a reminder already sent is not sent again.
INSERT INTO "notifications" ("id", "club_id", "user_id", "kind", "title", "body", "listed", "created_at", "read_at")
SELECT md5('pick-reminder:' || rs."entry_id" || ':' || rs."round" || ':' || rs."reminder")::uuid::text,
  e."club_id", e."user_id", 'reminders', '', '', false, rs."created_at", rs."created_at"
FROM "reminder_sends" rs JOIN "entries" e ON e."id" = rs."entry_id"
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
DROP TABLE "reminder_sends" CASCADE;
