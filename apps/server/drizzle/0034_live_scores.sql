CREATE TABLE "club_live_scores" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"fixture_id" text NOT NULL,
	"home" smallint NOT NULL,
	"away" smallint NOT NULL,
	"minute" smallint,
	"by_user_id" text,
	"updated_at" timestamp with time zone NOT NULL,
	"corrected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "live_home" smallint;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "live_away" smallint;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "live_minute" smallint;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "live_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "live_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "live_corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "club_live_scores" ADD CONSTRAINT "club_live_scores_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_live_scores" ADD CONSTRAINT "club_live_scores_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_live_scores" ADD CONSTRAINT "club_live_scores_by_user_id_user_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "club_live_scores_club_fixture_idx" ON "club_live_scores" USING btree ("club_id","fixture_id");--> statement-breakpoint
CREATE INDEX "club_live_scores_fixture_idx" ON "club_live_scores" USING btree ("fixture_id");