ALTER TABLE "competitions" ADD COLUMN "buy_back_until_round" smallint;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "buy_back_price_pence" integer;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "lives_left" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "lives_lost_rounds" smallint[] DEFAULT '{}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_lives_check" CHECK (coalesce(("competitions"."rules"->>'lives')::int, 0) BETWEEN 0 AND 3);--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_buy_back_check" CHECK (("competitions"."buy_back_until_round" IS NULL AND "competitions"."buy_back_price_pence" IS NULL) OR ("competitions"."buy_back_until_round" >= "competitions"."start_round" AND "competitions"."buy_back_price_pence" BETWEEN 0 AND 1000000));