CREATE TABLE "event_screen_matches" (
	"club_id" text NOT NULL,
	"fixture_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_screen_matches_club_id_fixture_id_pk" PRIMARY KEY("club_id","fixture_id")
);
--> statement-breakpoint
CREATE TABLE "event_waitlist" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"event_id" text NOT NULL,
	"occurrence_key" text NOT NULL,
	"user_id" text NOT NULL,
	"places" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_waitlist_places_positive" CHECK ("event_waitlist"."places" > 0)
);
--> statement-breakpoint
ALTER TABLE "event_settings" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "event_settings" CASCADE;--> statement-breakpoint
ALTER TABLE "event_registrations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "guest_phone" text;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD COLUMN "places" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_screen_matches" ADD CONSTRAINT "event_screen_matches_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_screen_matches" ADD CONSTRAINT "event_screen_matches_fixture_id_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."fixtures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_waitlist" ADD CONSTRAINT "event_waitlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_waitlist_one_each_idx" ON "event_waitlist" USING btree ("event_id","occurrence_key","user_id");--> statement-breakpoint
CREATE INDEX "event_waitlist_club_idx" ON "event_waitlist" USING btree ("club_id","event_id","occurrence_key","created_at");--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_member_or_guest" CHECK ("event_registrations"."user_id" IS NOT NULL OR "event_registrations"."guest_name" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_places_positive" CHECK ("event_registrations"."places" > 0);