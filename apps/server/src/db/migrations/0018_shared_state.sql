CREATE TABLE "download_tickets_used" (
	"nonce" varchar(32) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Every committed change to who a session belongs to is announced on channel
-- mm_session_changed with the user's id: a role or account change (users.role_id, isdeleted) and a
-- revoked session (sessions.revoked_at, a deleted session row). Every server process LISTENs and drops
-- that user's cached sessions (lib/notify-listener.ts, wired in app.ts), so the change holds everywhere at
-- once, whoever made it (admin panel, npm run users:role, SQL by hand).
CREATE OR REPLACE FUNCTION mm_notify_session_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('mm_session_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('mm_session_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_session_notify AFTER UPDATE OF role_id, isdeleted ON users FOR EACH ROW
  WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.isdeleted IS DISTINCT FROM NEW.isdeleted)
  EXECUTE FUNCTION mm_notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_at ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION mm_notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION mm_notify_session_changed();
