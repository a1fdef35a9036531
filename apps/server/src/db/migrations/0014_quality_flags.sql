ALTER TABLE "observations" ADD COLUMN "quality_flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "flags_accepted_by" integer;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "flags_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "exif_taken_on" date;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "exif_latitude" double precision;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "exif_longitude" double precision;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_flags_accepted_by_users_user_id_fk" FOREIGN KEY ("flags_accepted_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observations_quality_flags_idx" ON "observations" USING gin ("quality_flags");