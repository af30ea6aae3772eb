CREATE OR REPLACE FUNCTION products_keep_category_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_active THEN
    UPDATE categories SET active_products = active_products - 1 WHERE id = OLD.category_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_active THEN
    UPDATE categories SET active_products = active_products + 1 WHERE id = NEW.category_id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER products_keep_category_count
  AFTER INSERT OR DELETE OR UPDATE OF is_active, category_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_keep_category_count();
--> statement-breakpoint
UPDATE categories c SET active_products = (
  SELECT count(*) FROM products p WHERE p.category_id = c.id AND p.is_active
);
