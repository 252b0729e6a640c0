CREATE TABLE "competitions" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"season_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"prize_model" text NOT NULL,
	"entry_fee_pence" integer DEFAULT 0 NOT NULL,
	"prize_pence" integer DEFAULT 0 NOT NULL,
	"max_entries_per_player" smallint DEFAULT 1 NOT NULL,
	"min_entries" smallint DEFAULT 2 NOT NULL,
	"house_share_percent" smallint DEFAULT 0 NOT NULL,
	"deadline_minutes" smallint DEFAULT 60 NOT NULL,
	"start_round" smallint NOT NULL,
	"rules" jsonb NOT NULL,
	"final_round" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_fee_check" CHECK ("competitions"."entry_fee_pence" >= 0 AND "competitions"."prize_pence" >= 0),
	CONSTRAINT "competitions_share_check" CHECK ("competitions"."house_share_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "demo_results" (
	"fixture_id" text PRIMARY KEY NOT NULL,
	"home" smallint,
	"away" smallint,
	"status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"competition_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"eliminated_round" smallint,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picks" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"competition_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"round" smallint NOT NULL,
	"team_id" text NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"cycle" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_corrections" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"fixture_id" text NOT NULL,
	"user_id" text NOT NULL,
	"old_home" smallint,
	"old_away" smallint,
	"old_status" text NOT NULL,
	"new_home" smallint,
	"new_away" smallint,
	"new_status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "round_settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"competition_id" text NOT NULL,
	"round" smallint NOT NULL,
	"status" text NOT NULL,
	"record" jsonb NOT NULL,
	"settled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_results" ADD CONSTRAINT "demo_results_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picks" ADD CONSTRAINT "picks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_corrections" ADD CONSTRAINT "result_corrections_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_corrections" ADD CONSTRAINT "result_corrections_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_settlements" ADD CONSTRAINT "round_settlements_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_settlements" ADD CONSTRAINT "round_settlements_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitions_club_idx" ON "competitions" USING btree ("club_id","status");--> statement-breakpoint
CREATE INDEX "entries_competition_status_idx" ON "entries" USING btree ("competition_id","status");--> statement-breakpoint
CREATE INDEX "entries_club_user_idx" ON "entries" USING btree ("club_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "picks_entry_round_idx" ON "picks" USING btree ("entry_id","round");--> statement-breakpoint
CREATE INDEX "picks_competition_round_idx" ON "picks" USING btree ("competition_id","round","team_id");--> statement-breakpoint
CREATE INDEX "picks_entry_team_idx" ON "picks" USING btree ("entry_id","team_id");--> statement-breakpoint
CREATE INDEX "result_corrections_club_fixture_idx" ON "result_corrections" USING btree ("club_id","fixture_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "round_settlements_competition_round_idx" ON "round_settlements" USING btree ("competition_id","round");