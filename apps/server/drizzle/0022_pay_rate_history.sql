CREATE TABLE "staff_pay_rates" (
	"club_id" text NOT NULL,
	"user_id" text NOT NULL,
	"effective_from" date NOT NULL,
	"hourly_rate_pence" integer,
	"set_by" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_pay_rates_club_id_user_id_effective_from_pk" PRIMARY KEY("club_id","user_id","effective_from"),
	CONSTRAINT "staff_pay_rates_positive" CHECK ("staff_pay_rates"."hourly_rate_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "staff_settings" DROP CONSTRAINT "staff_settings_rate_positive";--> statement-breakpoint
ALTER TABLE "staff_pay_rates" ADD CONSTRAINT "staff_pay_rates_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_pay_rates" ADD CONSTRAINT "staff_pay_rates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_pay_rates" ADD CONSTRAINT "staff_pay_rates_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each rate set so far applies to all of the person's hours, as it did before rates had dates.
INSERT INTO "staff_pay_rates" ("club_id", "user_id", "effective_from", "hourly_rate_pence", "set_at")
SELECT "club_id", "user_id", DATE '1970-01-01', "hourly_rate_pence", "updated_at"
FROM "staff_settings" WHERE "hourly_rate_pence" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_settings" DROP COLUMN "hourly_rate_pence";