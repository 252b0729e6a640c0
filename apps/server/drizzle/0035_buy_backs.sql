ALTER TABLE "entries" ADD COLUMN "bought_back_round" smallint;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "buy_back_order_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buy_back_entry_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buy_back_round" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buy_back_closes_at" timestamp with time zone;