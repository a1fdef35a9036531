ALTER TABLE "profiles" ADD COLUMN "vetting_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vetting_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vetting_digest_through" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "observations_dateidentified_idx" ON "observations" USING btree ("dateidentified") WHERE "observations"."dateidentified" IS NOT NULL;