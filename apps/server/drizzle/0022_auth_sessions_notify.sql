-- Each server process keeps the sessions it checks for a few seconds (plugins/auth.ts); a
-- session ended (sign-out) or gone, by any process or by hand, tells every process to forget
-- it at once, so its tokens are refused everywhere from then on.
CREATE OR REPLACE FUNCTION auth_sessions_notify_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('esd_sessions_changed', OLD.id::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_changed
  AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION auth_sessions_notify_changed();
