-- Each server process keeps the set of dealers with an enabled webhook endpoint
-- (modules/webhooks/webhooks.jobs.ts), so an order of a dealer without one is not read again
-- for its events; any change to the endpoints, from any process or by hand, tells every process
-- to drop that set at once. One notification per statement.
CREATE OR REPLACE FUNCTION webhook_endpoints_notify_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('esd_webhook_endpoints_changed', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_notify_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON webhook_endpoints
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_endpoints_notify_changed();
