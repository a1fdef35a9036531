CREATE TABLE "dataset_metadata" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"title" jsonb NOT NULL,
	"abstract_intro" jsonb NOT NULL,
	"keywords" jsonb NOT NULL,
	"contacts" jsonb NOT NULL,
	"license" varchar(16) NOT NULL,
	"citation" text DEFAULT '' NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "dataset_metadata" ADD CONSTRAINT "dataset_metadata_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;