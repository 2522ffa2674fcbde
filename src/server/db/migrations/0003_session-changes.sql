-- Every change that can end or alter a signed-in session tells every app process at commit, whatever made it (better-auth's
-- sign-out and password change, an admin's deletion or demotion, a cascade, a hand-written statement): each process drops
-- that user's sessions from its cache (src/server/auth/session-changes.ts, docs/decisions/065). Payload 'u:<user id>';
-- '*' (a TRUNCATE) drops every cached session. Identical payloads of one transaction arrive once.
CREATE OR REPLACE FUNCTION golf_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('golf_sessions', '*');
  ELSIF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_notify('golf_sessions', 'u:' || OLD.id);
  ELSE
    PERFORM pg_notify('golf_sessions', 'u:' || OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('golf_sessions', 'u:' || NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION golf_session_changed();
--> statement-breakpoint
CREATE TRIGGER user_changed AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION golf_session_changed();
--> statement-breakpoint
CREATE TRIGGER session_truncated AFTER TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION golf_session_changed();
--> statement-breakpoint
CREATE TRIGGER user_truncated AFTER TRUNCATE ON "user" FOR EACH STATEMENT EXECUTE FUNCTION golf_session_changed();
