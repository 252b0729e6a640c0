ALTER TABLE "competitions" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "removed_from_round" smallint;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "removed_by" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;