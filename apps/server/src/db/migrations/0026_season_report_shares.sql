CREATE TABLE "season_report_shares" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"site_id" integer,
	"year" smallint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "season_report_shares" ADD CONSTRAINT "season_report_shares_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_report_shares" ADD CONSTRAINT "season_report_shares_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "season_report_shares_live_idx" ON "season_report_shares" USING btree ("user_id",coalesce("site_id", 0),"year") WHERE "season_report_shares"."revoked" IS NULL;