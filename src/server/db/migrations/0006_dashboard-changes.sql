-- Every change to what a signed-in user's own answers show (their dashboard: GET /api/teams/mine; who they are:
-- GET /api/account/me) tells every app process at commit, on the sessions' channel: 'd:<user id>' for that user's
-- answers, 'd*' for everyone's (a tournament, a level or a course link changed, or a table was emptied). Each process
-- drops those answers from its cache (http/per-user-cache.ts, docs/decisions/065). A query behind those answers that
-- reads a new table needs that table here too.
CREATE OR REPLACE FUNCTION golf_user_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('golf_sessions', 'd*');
  ELSIF TG_TABLE_NAME IN ('teams', 'profiles') THEN
    IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
      PERFORM pg_notify('golf_sessions', 'd:' || OLD.user_id);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
      PERFORM pg_notify('golf_sessions', 'd:' || NEW.user_id);
    END IF;
  ELSE
    -- players and team_assignments: the leader of the team (a team deleted with them was announced by its own trigger).
    PERFORM pg_notify('golf_sessions', 'd:' || t.user_id)
       FROM teams t
      WHERE t.user_id IS NOT NULL
        AND t.id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.team_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.team_id END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON "teams" FOR EACH ROW EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON "players" FOR EACH ROW EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON "team_assignments" FOR EACH ROW EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tournaments" FOR EACH STATEMENT EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tournament_courses" FOR EACH STATEMENT EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sponsorship_levels" FOR EACH STATEMENT EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tournament_sponsorship_levels" FOR EACH STATEMENT EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_truncated AFTER TRUNCATE ON "teams" FOR EACH STATEMENT EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_truncated AFTER TRUNCATE ON "players" FOR EACH STATEMENT EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_truncated AFTER TRUNCATE ON "team_assignments" FOR EACH STATEMENT EXECUTE FUNCTION golf_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_data_truncated AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION golf_user_data_changed();
