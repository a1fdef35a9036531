ALTER TABLE "observations" ALTER COLUMN "numbers" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "license" varchar(16) DEFAULT 'CC-BY-4.0' NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD COLUMN "license" varchar(16) DEFAULT 'CC-BY-4.0' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "license" varchar(16) DEFAULT 'CC-BY-4.0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "coordinate_uncertainty_m" integer;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_uuid_unique" UNIQUE("uuid");--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_uuid_unique" UNIQUE("uuid");--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_uuid_unique" UNIQUE("uuid");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_uuid_unique" UNIQUE("uuid");