-- Spec 5: after a target is added it cannot be deleted or changed. The API never tries;
-- this makes the database refuse it too, whatever the client.
CREATE OR REPLACE FUNCTION targets_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'targets are immutable once added' USING ERRCODE = 'integrity_constraint_violation';
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER targets_immutable
  BEFORE UPDATE OR DELETE ON targets
  FOR EACH ROW EXECUTE FUNCTION targets_refuse_change();
