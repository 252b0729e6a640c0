CREATE TABLE "club_screens" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"device_token_hash" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"paired_at" timestamp with time zone,
	"paired_by" text,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_screens_device_token_hash_unique" UNIQUE("device_token_hash")
);
--> statement-breakpoint
ALTER TABLE "club_screens" ADD CONSTRAINT "club_screens_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_screens" ADD CONSTRAINT "club_screens_paired_by_user_id_fk" FOREIGN KEY ("paired_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_screens_club_idx" ON "club_screens" USING btree ("club_id","paired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "club_screens_club_code_idx" ON "club_screens" USING btree ("club_id","code_hash") WHERE "club_screens"."code_hash" IS NOT NULL;