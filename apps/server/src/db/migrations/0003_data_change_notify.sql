-- Every committed change to what Explore, the map, the charts and the gallery show is announced on
-- channel mm_data_changed (once per table and transaction: PostgreSQL folds identical
-- notifications). Each server process LISTENs and drops its cached public answers (lib/data-version.ts).
CREATE OR REPLACE FUNCTION mm_notify_data_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('mm_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER observations_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON observations FOR EACH STATEMENT EXECUTE FUNCTION mm_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER checklists_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON checklists FOR EACH STATEMENT EXECUTE FUNCTION mm_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER sites_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sites FOR EACH STATEMENT EXECUTE FUNCTION mm_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER photos_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON photos FOR EACH STATEMENT EXECUTE FUNCTION mm_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION mm_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER milkweed_species_notify AFTER INSERT OR UPDATE OR DELETE ON milkweed_species FOR EACH STATEMENT EXECUTE FUNCTION mm_notify_data_changed();
