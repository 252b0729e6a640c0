ALTER TABLE "events" ADD COLUMN "price_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_price_not_negative" CHECK ("events"."price_pence" >= 0);