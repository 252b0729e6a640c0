ALTER TABLE "quiz_teams" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quiz_teams" ADD COLUMN "paid_how" text;--> statement-breakpoint
ALTER TABLE "quiz_teams" ADD COLUMN "paid_recorded_by" text;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "team_fee_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "leaderboard_paid_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_teams" ADD CONSTRAINT "quiz_teams_paid_recorded_by_user_id_fk" FOREIGN KEY ("paid_recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;