CREATE TABLE "menu_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" text PRIMARY KEY NOT NULL,
	"club_id" text NOT NULL,
	"category_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_pence" integer NOT NULL,
	"allergens" text[] DEFAULT '{}' NOT NULL,
	"may_contain" text[] DEFAULT '{}' NOT NULL,
	"dietary" text[] DEFAULT '{}' NOT NULL,
	"calories" integer,
	"available" boolean DEFAULT true NOT NULL,
	"allergens_checked_on" date NOT NULL,
	"image_key" text,
	"thumbnail_key" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_items_price_check" CHECK ("menu_items"."price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "menu_pdfs" (
	"club_id" text PRIMARY KEY NOT NULL,
	"file_key" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "menu_categories" ADD CONSTRAINT "menu_categories_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_menu_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."menu_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_pdfs" ADD CONSTRAINT "menu_pdfs_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_categories_club_idx" ON "menu_categories" USING btree ("club_id","position");--> statement-breakpoint
CREATE INDEX "menu_items_club_idx" ON "menu_items" USING btree ("club_id","category_id","position");