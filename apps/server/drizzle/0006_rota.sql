CREATE TABLE "shifts" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"user_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"position" text NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"override_reason" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_ends_after_start" CHECK ("shifts"."ends_at" > "shifts"."starts_at"),
	CONSTRAINT "shifts_break_minutes" CHECK ("shifts"."break_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "staff_pay_rates" (
	"club_id" text NOT NULL,
	"user_id" text NOT NULL,
	"hourly_rate_pence" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_pay_rates_club_id_user_id_pk" PRIMARY KEY("club_id","user_id"),
	CONSTRAINT "pay_rate_positive" CHECK ("staff_pay_rates"."hourly_rate_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_pay_rates" ADD CONSTRAINT "staff_pay_rates_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_pay_rates" ADD CONSTRAINT "staff_pay_rates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shifts_club_starts_idx" ON "shifts" USING btree ("club_id","starts_at");--> statement-breakpoint
CREATE INDEX "shifts_user_starts_idx" ON "shifts" USING btree ("user_id","starts_at");