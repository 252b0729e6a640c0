CREATE TABLE "club_stripe_accounts" (
	"club_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"requirements_due" text[] DEFAULT '{}' NOT NULL,
	"state_updated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_stripe_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "account" text;--> statement-breakpoint
ALTER TABLE "club_stripe_accounts" ADD CONSTRAINT "club_stripe_accounts_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;