ALTER TABLE "seasons" ADD COLUMN "league" text DEFAULT 'premier-league' NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "data_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "feed_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "feed_etag" text;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "feed_error" text;--> statement-breakpoint
-- football-data.org's Championship (ELC) imported before leagues were recorded.
UPDATE "seasons" SET "league" = 'championship' WHERE "key" LIKE 'football-data-ELC-%';