-- Each server process keeps catalogue pages and totals (modules/catalogue/catalogue-cache.ts);
-- any change to products or categories, from any process or by hand, tells every process to
-- drop them at once. One notification per statement: an import of many rows is one message.
CREATE OR REPLACE FUNCTION catalogue_notify_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('esd_catalogue_changed', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_notify_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_changed();
--> statement-breakpoint
CREATE TRIGGER categories_notify_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_notify_changed();
