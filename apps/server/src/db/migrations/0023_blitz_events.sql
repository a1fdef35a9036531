CREATE TABLE "blitz_events" (
	"blitz_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"country_ids" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"province_ids" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blitz_events_dates_check" CHECK ("blitz_events"."end_date" >= "blitz_events"."start_date")
);
--> statement-breakpoint
CREATE INDEX "blitz_events_dates_idx" ON "blitz_events" USING btree ("end_date" DESC NULLS LAST,"start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "blitz_events_name_start_idx" ON "blitz_events" USING btree ("name","start_date");--> statement-breakpoint
-- An event's days or area change what Explore, the map, the downloads and the Blitz totals show for
-- its blitz_id: announced like every other data change (0003), so cached answers are dropped.
CREATE TRIGGER blitz_events_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blitz_events FOR EACH STATEMENT EXECUTE FUNCTION mm_notify_data_changed();
