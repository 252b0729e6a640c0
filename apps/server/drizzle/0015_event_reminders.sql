CREATE TABLE "event_reminder_sends" (
	"club_id" text NOT NULL,
	"registration_id" text NOT NULL,
	"reminder" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_reminder_sends" ADD CONSTRAINT "event_reminder_sends_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_reminder_sends" ADD CONSTRAINT "event_reminder_sends_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_reminder_sends_key_idx" ON "event_reminder_sends" USING btree ("registration_id","reminder");