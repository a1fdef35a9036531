CREATE SEQUENCE "public"."public_data_changes" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "public_archive" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"build" integer NOT NULL,
	"storage_key" text NOT NULL,
	"download_uuid" uuid NOT NULL,
	"data_version" bigint NOT NULL,
	"pub_date" date NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL
);
--> statement-breakpoint
-- Every announced data change also moves public_data_changes (docs/adr/0038): the public archive job
-- rebuilds only when it moved since the last build. nextval never waits on another transaction.
CREATE OR REPLACE FUNCTION mm_notify_data_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('mm_data_changed', TG_TABLE_NAME);
  PERFORM nextval('public_data_changes');
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The archive's EML carries the dataset metadata edited in the admin panel: an edit is a change too.
CREATE TRIGGER dataset_metadata_notify AFTER INSERT OR UPDATE OR DELETE ON dataset_metadata FOR EACH STATEMENT EXECUTE FUNCTION mm_notify_data_changed();
