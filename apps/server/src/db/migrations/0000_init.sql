CREATE TABLE "abundances" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "basisofrecords" (
	"basisofrecord_id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"checklist_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"site_id" integer NOT NULL,
	"checklist_date" date NOT NULL,
	"start_time" time,
	"end_time" time,
	"participants" smallint,
	"checklisttype_id" smallint NOT NULL,
	"submittype_id" smallint NOT NULL,
	"is_flash" boolean NOT NULL,
	"comment" text,
	"stems_inspected" integer,
	"abundance_id" smallint,
	"locationsize_id" smallint,
	"idempotency_key" uuid,
	"isdeleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklisttypes" (
	"checklisttype_id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"language" varchar(2) NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"administrative" varchar(3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"reason_id" integer,
	"reason_text" text,
	"filters" jsonb NOT NULL,
	"format" varchar(16) NOT NULL,
	"rows" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifestages" (
	"lifestage_id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locationsizes" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milkweed_species" (
	"milkweed_id" integer PRIMARY KEY NOT NULL,
	"latin_name" text NOT NULL,
	"english_name" text NOT NULL,
	"french_name" text NOT NULL,
	"spanish_name" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "milkweed_species_latin_name_unique" UNIQUE("latin_name")
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"observation_id" serial PRIMARY KEY NOT NULL,
	"checklist_id" integer NOT NULL,
	"milkweed_id" integer,
	"lifestage_id" smallint,
	"numbers" integer NOT NULL,
	"number_of_plants" text,
	"observationstatus_id" smallint DEFAULT 1 NOT NULL,
	"basisofrecord_id" smallint,
	"vetted_by" integer,
	"dateidentified" timestamp with time zone,
	"observation_created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observationstatus" (
	"status_id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"observation_id" integer,
	"observation_lifestage_id" smallint,
	"photo_path" text NOT NULL,
	"photo_name" text NOT NULL,
	"user_id" integer NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_photo_name_unique" UNIQUE("photo_name")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"species_name" text,
	"club" text,
	"newsletter" boolean DEFAULT false NOT NULL,
	"obsend" boolean DEFAULT false NOT NULL,
	"obreceive" boolean DEFAULT false NOT NULL,
	"bio" text,
	"isdeleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"province_id" smallint PRIMARY KEY NOT NULL,
	"province" text NOT NULL,
	"country_id" smallint NOT NULL,
	"administrative" varchar(3) NOT NULL,
	"min_lat" double precision NOT NULL,
	"min_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"site_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"locality" text NOT NULL,
	"city" text,
	"province_id" smallint,
	"country_id" smallint,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submittypes" (
	"submittype_id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_es" text NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"username" varchar(30) NOT NULL,
	"password" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"role_id" smallint DEFAULT 3 NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"province_id" smallint,
	"country_id" smallint,
	"photo_name" text,
	"photo_path" text,
	"lastlogin" timestamp with time zone,
	"remotetoken" text,
	"systoken" text,
	"passwordchanged" timestamp with time zone,
	"location_count" integer DEFAULT 0 NOT NULL,
	"checklist_count" integer DEFAULT 0 NOT NULL,
	"observation_count" integer DEFAULT 0 NOT NULL,
	"identification_sp_count" integer DEFAULT 0 NOT NULL,
	"species_count" integer DEFAULT 0 NOT NULL,
	"identification_ob_count" integer DEFAULT 0 NOT NULL,
	"following_count" integer DEFAULT 0 NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"identification_level" smallint DEFAULT 0 NOT NULL,
	"isdeleted" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_site_id_sites_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("site_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_checklisttype_id_checklisttypes_checklisttype_id_fk" FOREIGN KEY ("checklisttype_id") REFERENCES "public"."checklisttypes"("checklisttype_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_submittype_id_submittypes_submittype_id_fk" FOREIGN KEY ("submittype_id") REFERENCES "public"."submittypes"("submittype_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_abundance_id_abundances_id_fk" FOREIGN KEY ("abundance_id") REFERENCES "public"."abundances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_locationsize_id_locationsizes_id_fk" FOREIGN KEY ("locationsize_id") REFERENCES "public"."locationsizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_reason_id_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_checklist_id_checklists_checklist_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("checklist_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_milkweed_id_milkweed_species_milkweed_id_fk" FOREIGN KEY ("milkweed_id") REFERENCES "public"."milkweed_species"("milkweed_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_lifestage_id_lifestages_lifestage_id_fk" FOREIGN KEY ("lifestage_id") REFERENCES "public"."lifestages"("lifestage_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_observationstatus_id_observationstatus_status_id_fk" FOREIGN KEY ("observationstatus_id") REFERENCES "public"."observationstatus"("status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_basisofrecord_id_basisofrecords_basisofrecord_id_fk" FOREIGN KEY ("basisofrecord_id") REFERENCES "public"."basisofrecords"("basisofrecord_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_vetted_by_users_user_id_fk" FOREIGN KEY ("vetted_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_observation_id_observations_observation_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("observation_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_observation_lifestage_id_lifestages_lifestage_id_fk" FOREIGN KEY ("observation_lifestage_id") REFERENCES "public"."lifestages"("lifestage_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provinces" ADD CONSTRAINT "provinces_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_province_id_provinces_province_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("province_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_province_id_provinces_province_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("province_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checklists_idempotency_idx" ON "checklists" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "checklists_user_idx" ON "checklists" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "checklists_date_idx" ON "checklists" USING btree ("checklist_date");--> statement-breakpoint
CREATE INDEX "observations_checklist_idx" ON "observations" USING btree ("checklist_id");--> statement-breakpoint
CREATE INDEX "observations_public_created_idx" ON "observations" USING btree ("observationstatus_id","observation_created" DESC NULLS LAST,"observation_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "photos_observation_idx" ON "photos" USING btree ("observation_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sites_user_idx" ON "sites" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));