-- Explore shows a user only through their username (and hides deleted accounts): sign-ins (lastlogin),
-- follower counts and profile edits must not drop every server's cached explore answers.
DROP TRIGGER IF EXISTS users_notify ON users;
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER UPDATE OF username, isdeleted OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION mm_notify_data_changed();
