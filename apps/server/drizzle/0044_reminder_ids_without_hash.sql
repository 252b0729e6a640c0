-- A pick reminder's notification id (its claim) is now the entry's id, the round and the reminder joined
-- by dots, no longer their MD5 as a UUID (docs/decisions/030-reminders-one-row-per-reminder.md). The
-- reminders of the last three days get their new id, so that a reminder sent before this migration is
-- not sent again after it: a reminder is due at most 24 hours before its round's deadline. (Rounds up to
-- 100; an older claim keeps its old id, and would be sent again only for a round whose deadline moved
-- by days after its reminder went out.)
UPDATE "notifications" n SET "id" = k."new_id"
FROM (
  SELECT r."user_id", r."id" AS "old_id", e."id" || '.' || g."round" || '.' || m."reminder" AS "new_id"
  FROM "notifications" r
  JOIN "entries" e ON e."user_id" = r."user_id"
  CROSS JOIN generate_series(1, 100) AS g("round")
  CROSS JOIN (VALUES ('24h'), ('2h'), ('last-call')) AS m("reminder")
  WHERE r."kind" = 'reminders' AND r."created_at" > now() - interval '3 days'
    AND r."id" = md5('pick-reminder:' || e."id" || ':' || g."round" || ':' || m."reminder")::uuid::text
) k
WHERE n."user_id" = k."user_id" AND n."id" = k."old_id";
