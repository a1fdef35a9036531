-- Username search: match anywhere in the name, case- and accent-insensitive, best first.
-- pg_trgm and unaccent ship with PostgreSQL's contrib (the embedded server and Debian's postgresql both have them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change); pinning the dictionary makes it safe to index.
CREATE OR REPLACE FUNCTION mm_search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_username_trgm_idx ON users USING gin (mm_search_key(username) gin_trgm_ops) WHERE NOT isdeleted;
