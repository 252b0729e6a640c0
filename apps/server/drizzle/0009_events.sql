CREATE TABLE "event_exceptions" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"event_id" text NOT NULL,
	"original_starts_at" timestamp with time zone NOT NULL,
	"cancelled" boolean NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_exceptions_moved_has_times" CHECK ("event_exceptions"."cancelled" OR ("event_exceptions"."starts_at" IS NOT NULL AND "event_exceptions"."ends_at" IS NOT NULL AND "event_exceptions"."ends_at" > "event_exceptions"."starts_at"))
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"event_id" text NOT NULL,
	"occurrence_key" text NOT NULL,
	"user_id" text NOT NULL,
	"team_name" text,
	"team_size" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_settings" (
	"club_id" text PRIMARY KEY NOT NULL,
	"show_matches" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"recurrence" text,
	"capacity" integer,
	"ticket_url" text,
	"teams" boolean DEFAULT false NOT NULL,
	"image_key" text,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_ends_after_start" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_capacity_positive" CHECK ("events"."capacity" IS NULL OR "events"."capacity" > 0)
);
--> statement-breakpoint
ALTER TABLE "event_exceptions" ADD CONSTRAINT "event_exceptions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_exceptions" ADD CONSTRAINT "event_exceptions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_settings" ADD CONSTRAINT "event_settings_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_exceptions_date_idx" ON "event_exceptions" USING btree ("event_id","original_starts_at");--> statement-breakpoint
CREATE INDEX "event_exceptions_club_idx" ON "event_exceptions" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_one_each_idx" ON "event_registrations" USING btree ("event_id","occurrence_key","user_id");--> statement-breakpoint
CREATE INDEX "event_registrations_club_idx" ON "event_registrations" USING btree ("club_id","event_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "events_club_idx" ON "events" USING btree ("club_id","starts_at");