-- Two shifts of one person may not overlap, drafts included, however many admins edit at once.
-- Drizzle's schema cannot say EXCLUDE, so this one is written by hand. PGlite loads btree_gist in
-- db/client.ts; PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_no_overlap" EXCLUDE USING gist (
  "user_id" WITH =,
  tstzrange("starts_at", "ends_at", '[)') WITH &&
) WHERE ("user_id" IS NOT NULL);
