-- Custom (hand-written) data migration, run after the schema migration that creates "memberships":
-- each account's club and role, kept on the user row until now (decision 002), becomes its
-- membership (decision 019). The columns stay (read no more) until a later migration drops them.
INSERT INTO "memberships" ("id", "club_id", "user_id", "role", "created_at")
SELECT gen_random_uuid()::text, u."club_id", u."id", u."role", u."created_at"
FROM "user" u
WHERE u."club_id" IS NOT NULL AND u."is_anonymous" = false
ON CONFLICT ("club_id", "user_id") DO NOTHING;
