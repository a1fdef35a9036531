ALTER TABLE "checklists" ADD COLUMN "public_comment" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "public_locality" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "public_city" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "coordinate_decimals" smallint;--> statement-breakpoint
CREATE INDEX "checklists_public_text_todo_idx" ON "checklists" USING btree ("checklist_id") WHERE "checklists"."comment" IS NOT NULL AND "checklists"."public_comment" IS NULL;--> statement-breakpoint
CREATE INDEX "sites_public_text_todo_idx" ON "sites" USING btree ("site_id") WHERE "sites"."public_locality" IS NULL OR ("sites"."city" IS NOT NULL AND "sites"."public_city" IS NULL);--> statement-breakpoint
-- The public text of a comment, locality or city is written with it by the app
-- (lib/personal-data.ts). A statement that changes the text without giving a new public text makes
-- the public one unknown (null: nothing shown) until db/public-text.ts computes it again, so a
-- forgotten write path can never leave an old public text standing for a new private one.
CREATE OR REPLACE FUNCTION mm_checklist_public_text() RETURNS trigger AS $$
BEGIN
  IF NEW.comment IS DISTINCT FROM OLD.comment AND NEW.public_comment IS NOT DISTINCT FROM OLD.public_comment THEN
    NEW.public_comment := NULL;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER checklists_public_text BEFORE UPDATE OF comment ON checklists FOR EACH ROW EXECUTE FUNCTION mm_checklist_public_text();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_site_public_text() RETURNS trigger AS $$
BEGIN
  IF NEW.locality IS DISTINCT FROM OLD.locality AND NEW.public_locality IS NOT DISTINCT FROM OLD.public_locality THEN
    NEW.public_locality := NULL;
  END IF;
  IF NEW.city IS DISTINCT FROM OLD.city AND NEW.public_city IS NOT DISTINCT FROM OLD.public_city THEN
    NEW.public_city := NULL;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sites_public_text BEFORE UPDATE OF locality, city ON sites FOR EACH ROW EXECUTE FUNCTION mm_site_public_text();
--> statement-breakpoint
-- A Journey North (or any imported) sighting is a presence; a count of 0 was "not counted".
-- Only Missions record absences, so imported monarch rows stored with 0 become present without a count.
UPDATE observations o SET numbers = NULL
FROM checklists c
WHERE c.checklist_id = o.checklist_id AND c.source_dataset IS NOT NULL AND o.lifestage_id IS NOT NULL AND o.numbers = 0;
