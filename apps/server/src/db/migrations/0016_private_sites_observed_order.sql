ALTER TABLE "observations" ADD COLUMN "observed_on" date;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "observations_public_observed_idx" ON "observations" USING btree ("observationstatus_id","observed_on" DESC NULLS LAST,"observation_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "observations_observed_idx" ON "observations" USING btree ("observed_on" DESC NULLS LAST,"observation_id" DESC NULLS LAST);--> statement-breakpoint
-- observed_on is its checklist's date, always: set on insert (and when an observation moves to
-- another checklist), and followed when a checklist's date is corrected. A statement that
-- inserts the checklist and its observations together (one WITH) passes the date itself, since the
-- trigger may not see the checklist row yet.
CREATE OR REPLACE FUNCTION mm_observation_observed_on() RETURNS trigger AS $$
BEGIN
  NEW.observed_on := coalesce((SELECT checklist_date FROM checklists WHERE checklist_id = NEW.checklist_id), NEW.observed_on);
  RETURN NEW;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER observations_observed_on BEFORE INSERT OR UPDATE OF checklist_id, observed_on ON observations FOR EACH ROW EXECUTE FUNCTION mm_observation_observed_on();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_checklist_observed_on() RETURNS trigger AS $$
BEGIN
  UPDATE observations SET observed_on = NEW.checklist_date WHERE checklist_id = NEW.checklist_id;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER checklists_observed_on AFTER UPDATE OF checklist_date ON checklists FOR EACH ROW WHEN (OLD.checklist_date IS DISTINCT FROM NEW.checklist_date) EXECUTE FUNCTION mm_checklist_observed_on();
--> statement-breakpoint
UPDATE observations o SET observed_on = c.checklist_date FROM checklists c WHERE c.checklist_id = o.checklist_id;
