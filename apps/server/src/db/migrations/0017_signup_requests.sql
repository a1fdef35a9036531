CREATE TABLE "signup_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"username" varchar(30) NOT NULL,
	"email" varchar(254) NOT NULL,
	"password" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"language" varchar(2) NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "signup_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "signup_requests_email_lower_idx" ON "signup_requests" USING btree (lower("email"));