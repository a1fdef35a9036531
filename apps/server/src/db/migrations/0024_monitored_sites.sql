CREATE TABLE "monitored_sites" (
	"site_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"every_days" smallint DEFAULT 7 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "visit_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "visit_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "visit_reminder_week" varchar(8);--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "visit_reminder_key" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "monitored_sites" ADD CONSTRAINT "monitored_sites_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monitored_sites" ADD CONSTRAINT "monitored_sites_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monitored_sites_user_idx" ON "monitored_sites" USING btree ("user_id");