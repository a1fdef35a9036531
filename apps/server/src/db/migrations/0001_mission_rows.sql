ALTER TABLE "observations" ADD COLUMN "abundance_id" smallint;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "locationsize_id" smallint;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_abundance_id_abundances_id_fk" FOREIGN KEY ("abundance_id") REFERENCES "public"."abundances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_locationsize_id_locationsizes_id_fk" FOREIGN KEY ("locationsize_id") REFERENCES "public"."locationsizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_orphan_idx" ON "photos" USING btree ("created") WHERE "photos"."observation_id" IS NULL;