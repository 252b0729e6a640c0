CREATE TABLE "clock_entry_corrections" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"corrected_by" text,
	"corrected_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timesheet_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clock_entry_corrections" ADD CONSTRAINT "clock_entry_corrections_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_entry_corrections" ADD CONSTRAINT "clock_entry_corrections_entry_id_clock_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."clock_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clock_entry_corrections" ADD CONSTRAINT "clock_entry_corrections_corrected_by_user_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_approvals" ADD CONSTRAINT "timesheet_approvals_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_approvals" ADD CONSTRAINT "timesheet_approvals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_approvals" ADD CONSTRAINT "timesheet_approvals_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clock_entry_corrections_entry_idx" ON "clock_entry_corrections" USING btree ("club_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_approvals_one" ON "timesheet_approvals" USING btree ("club_id","user_id","week_start");