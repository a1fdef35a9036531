ALTER TABLE "checklists" ADD COLUMN "date_precision" varchar(5) DEFAULT 'day' NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "source_dataset" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "source_institution" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "source_record_id" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "from_gbif" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "content_key" uuid;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "source_basis_of_record" varchar(32);--> statement-breakpoint
CREATE INDEX "checklists_idempotency_key_idx" ON "checklists" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "checklists_content_key_idx" ON "checklists" USING btree ("content_key") WHERE "checklists"."content_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_date_precision_check" CHECK ("date_precision" IN ('day', 'month', 'year'));
