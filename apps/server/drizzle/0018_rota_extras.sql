CREATE TABLE "position_pay_rates" (
	"club_id" text NOT NULL,
	"position" text NOT NULL,
	"hourly_rate_pence" integer NOT NULL,
	CONSTRAINT "position_pay_rates_club_id_position_pk" PRIMARY KEY("club_id","position"),
	CONSTRAINT "position_pay_rates_positive" CHECK ("position_pay_rates"."hourly_rate_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shift_reminder_sends" (
	"club_id" text NOT NULL,
	"shift_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_reminder_sends_shift_id_starts_at_pk" PRIMARY KEY("shift_id","starts_at")
);
--> statement-breakpoint
CREATE TABLE "shift_swaps" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"shift_id" text NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"other_shift_id" text,
	"status" text DEFAULT 'offered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shift_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_absences" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"leave_minutes" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_absences_ends_after_start" CHECK ("staff_absences"."ends_at" > "staff_absences"."starts_at"),
	CONSTRAINT "staff_absences_leave_minutes" CHECK ("staff_absences"."leave_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "position_pay_rates" ADD CONSTRAINT "position_pay_rates_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reminder_sends" ADD CONSTRAINT "shift_reminder_sends_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reminder_sends" ADD CONSTRAINT "shift_reminder_sends_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_from_user_id_user_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_to_user_id_user_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_other_shift_id_shifts_id_fk" FOREIGN KEY ("other_shift_id") REFERENCES "public"."shifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_templates" ADD CONSTRAINT "shift_templates_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_absences" ADD CONSTRAINT "staff_absences_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_absences" ADD CONSTRAINT "staff_absences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_absences" ADD CONSTRAINT "staff_absences_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_swaps_club_idx" ON "shift_swaps" USING btree ("club_id","status");--> statement-breakpoint
CREATE INDEX "shift_templates_club_idx" ON "shift_templates" USING btree ("club_id","name");--> statement-breakpoint
CREATE INDEX "staff_absences_club_starts_idx" ON "staff_absences" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE INDEX "staff_absences_user_idx" ON "staff_absences" USING btree ("user_id","starts_at");