CREATE TABLE "quiz_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"quiz_id" text NOT NULL,
	"question_id" text NOT NULL,
	"team_id" text NOT NULL,
	"answer" text NOT NULL,
	"correct" boolean,
	"overridden" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_questions" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"quiz_id" text NOT NULL,
	"position" integer NOT NULL,
	"round" integer NOT NULL,
	"round_title" text NOT NULL,
	"prompt" text NOT NULL,
	"kind" text NOT NULL,
	"choices" jsonb,
	"answer" text NOT NULL,
	"number_mode" text DEFAULT 'exact' NOT NULL,
	"points" integer DEFAULT 1 NOT NULL,
	"seconds" integer DEFAULT 60 NOT NULL,
	"image_key" text,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "quiz_settings" (
	"club_id" text PRIMARY KEY NOT NULL,
	"staff_can_run" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_teams" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"quiz_id" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"title" text NOT NULL,
	"join_code" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"current_position" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_question_id_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_team_id_quiz_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."quiz_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_settings" ADD CONSTRAINT "quiz_settings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_teams" ADD CONSTRAINT "quiz_teams_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_teams" ADD CONSTRAINT "quiz_teams_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_answers_club_idx" ON "quiz_answers" USING btree ("club_id","quiz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_answers_team_idx" ON "quiz_answers" USING btree ("question_id","team_id");--> statement-breakpoint
CREATE INDEX "quiz_questions_club_idx" ON "quiz_questions" USING btree ("club_id","quiz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_questions_position_idx" ON "quiz_questions" USING btree ("quiz_id","position");--> statement-breakpoint
CREATE INDEX "quiz_teams_club_idx" ON "quiz_teams" USING btree ("club_id","quiz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_teams_name_idx" ON "quiz_teams" USING btree ("quiz_id","name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_teams_token_idx" ON "quiz_teams" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "quizzes_club_idx" ON "quizzes" USING btree ("club_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quizzes_join_code_idx" ON "quizzes" USING btree ("join_code");