-- Each server process keeps signed-in users for a few seconds (plugins/auth.ts); any change to
-- a user row, from any process or by hand, tells every process to drop that user at once.
CREATE OR REPLACE FUNCTION users_notify_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('esd_users_changed', OLD.id::text);
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_notify_changed();
