-- Keeps sales_daily, sales_product_daily and sales_product_monthly (0010) in step with orders
-- and order_items in the same transaction as every change, whatever the code path.
-- A sale counts while its order is paid (paid_at set) and not cancelled and the item is not
-- returned, on the Baku day of payment; country 0 stands for an order without a country.
-- Statement-level triggers with transition tables: a bulk insert is one grouped upsert, and
-- sales_apply locks summary rows in key order, so concurrent transactions never deadlock on them.
CREATE TYPE sales_delta AS (
  day date,
  dealer_id integer,
  country_id integer,
  sell_type smallint,
  product_id integer,
  orders integer,
  quantity integer,
  amount_usd numeric,
  amount_azn numeric
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_apply(deltas sales_delta[]) RETURNS void AS $$
BEGIN
  IF deltas IS NULL OR cardinality(deltas) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO sales_daily AS t (day, dealer_id, country_id, sell_type, orders, quantity, amount_usd, amount_azn)
    SELECT d.day, d.dealer_id, d.country_id, d.sell_type, sum(d.orders), sum(d.quantity), sum(d.amount_usd), sum(d.amount_azn)
    FROM unnest(deltas) d
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, dealer_id, country_id, sell_type) DO UPDATE SET
    orders = t.orders + excluded.orders,
    quantity = t.quantity + excluded.quantity,
    amount_usd = t.amount_usd + excluded.amount_usd,
    amount_azn = t.amount_azn + excluded.amount_azn;
  INSERT INTO sales_product_daily AS t (day, dealer_id, country_id, product_id, quantity, amount_usd, amount_azn)
    SELECT d.day, d.dealer_id, d.country_id, d.product_id, sum(d.quantity), sum(d.amount_usd), sum(d.amount_azn)
    FROM unnest(deltas) d
    WHERE d.product_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (day, dealer_id, country_id, product_id) DO UPDATE SET
    quantity = t.quantity + excluded.quantity,
    amount_usd = t.amount_usd + excluded.amount_usd,
    amount_azn = t.amount_azn + excluded.amount_azn;
  INSERT INTO sales_product_monthly AS t (month, dealer_id, country_id, product_id, quantity, amount_usd, amount_azn)
    SELECT date_trunc('month', d.day)::date, d.dealer_id, d.country_id, d.product_id, sum(d.quantity), sum(d.amount_usd), sum(d.amount_azn)
    FROM unnest(deltas) d
    WHERE d.product_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, dealer_id, country_id, product_id) DO UPDATE SET
    quantity = t.quantity + excluded.quantity,
    amount_usd = t.amount_usd + excluded.amount_usd,
    amount_azn = t.amount_azn + excluded.amount_azn;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The contribution of some orders with sign +1 or -1: the order count, and the amounts of their
-- items that are not returned (items are read as they are now).
CREATE OR REPLACE FUNCTION sales_order_deltas(sign integer, ids integer[], paid timestamptz[], dealers integer[], countries integer[], types smallint[])
RETURNS sales_delta[] AS $$
  WITH o AS (
    SELECT * FROM unnest(ids, paid, dealers, countries, types) AS o(id, paid_at, dealer_id, country_id, sell_type)
  )
  SELECT array_agg(x) FROM (
    SELECT row((o.paid_at AT TIME ZONE 'Asia/Baku')::date, o.dealer_id, coalesce(o.country_id, 0), o.sell_type,
      NULL::integer, sign, 0, 0::numeric, 0::numeric)::sales_delta AS x
    FROM o
    UNION ALL
    SELECT row((o.paid_at AT TIME ZONE 'Asia/Baku')::date, o.dealer_id, coalesce(o.country_id, 0), o.sell_type,
      i.product_id, 0, sign * sum(i.quantity)::integer, sign * sum(i.total_usd), sign * sum(i.total_azn))::sales_delta
    FROM o JOIN order_items i ON i.order_id = o.id AND i.status <> 'returned'
    GROUP BY o.paid_at, o.dealer_id, o.country_id, o.sell_type, i.product_id
  ) s
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_orders_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM sales_apply(
    (SELECT sales_order_deltas(1, array_agg(id), array_agg(paid_at), array_agg(dealer_id), array_agg(country_id), array_agg(sell_type))
     FROM new_orders WHERE paid_at IS NOT NULL AND status <> 'cancelled'));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Paid, cancelled, or (never in practice) moved to another dealer, country or sell type:
-- take out what the old row counted and add what the new one counts.
CREATE OR REPLACE FUNCTION sales_orders_updated() RETURNS trigger AS $$
BEGIN
  PERFORM sales_apply(
    (SELECT sales_order_deltas(-1, array_agg(o.id), array_agg(o.paid_at), array_agg(o.dealer_id), array_agg(o.country_id), array_agg(o.sell_type))
     FROM old_orders o JOIN new_orders n ON n.id = o.id
     WHERE o.paid_at IS NOT NULL AND o.status <> 'cancelled'
       AND (n.paid_at IS NULL OR n.status = 'cancelled' OR n.paid_at <> o.paid_at OR n.dealer_id <> o.dealer_id
         OR n.country_id IS DISTINCT FROM o.country_id OR n.sell_type <> o.sell_type))
    || (SELECT sales_order_deltas(1, array_agg(n.id), array_agg(n.paid_at), array_agg(n.dealer_id), array_agg(n.country_id), array_agg(n.sell_type))
     FROM old_orders o JOIN new_orders n ON n.id = o.id
     WHERE n.paid_at IS NOT NULL AND n.status <> 'cancelled'
       AND (o.paid_at IS NULL OR o.status = 'cancelled' OR n.paid_at <> o.paid_at OR n.dealer_id <> o.dealer_id
         OR n.country_id IS DISTINCT FROM o.country_id OR n.sell_type <> o.sell_type)));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Row-level and BEFORE: the items are still there to be taken out (their cascade delete then
-- finds no order and changes nothing).
CREATE OR REPLACE FUNCTION sales_order_deleted() RETURNS trigger AS $$
BEGIN
  IF old.paid_at IS NOT NULL AND old.status <> 'cancelled' THEN
    PERFORM sales_apply(sales_order_deltas(-1, ARRAY[old.id], ARRAY[old.paid_at], ARRAY[old.dealer_id], ARRAY[old.country_id], ARRAY[old.sell_type]));
  END IF;
  RETURN old;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Items of counted orders with sign +1 or -1 (callers pass only items that are not returned).
CREATE OR REPLACE FUNCTION sales_item_deltas(sign integer, orders_of integer[], products integer[], quantities integer[], usd numeric[], azn numeric[])
RETURNS sales_delta[] AS $$
  SELECT array_agg(x) FROM (
    SELECT row((o.paid_at AT TIME ZONE 'Asia/Baku')::date, o.dealer_id, coalesce(o.country_id, 0), o.sell_type,
      i.product_id, 0, sign * sum(i.quantity)::integer, sign * sum(i.total_usd), sign * sum(i.total_azn))::sales_delta AS x
    FROM unnest(orders_of, products, quantities, usd, azn) AS i(order_id, product_id, quantity, total_usd, total_azn)
    JOIN orders o ON o.id = i.order_id AND o.paid_at IS NOT NULL AND o.status <> 'cancelled'
    GROUP BY o.paid_at, o.dealer_id, o.country_id, o.sell_type, i.product_id
  ) s
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_items_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM sales_apply(
    (SELECT sales_item_deltas(1, array_agg(order_id), array_agg(product_id), array_agg(quantity), array_agg(total_usd), array_agg(total_azn))
     FROM new_items WHERE status <> 'returned'));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A return (status 'returned') takes the item out; any change of what an item counts
-- (order, product, quantity, amounts) moves its contribution.
CREATE OR REPLACE FUNCTION sales_items_updated() RETURNS trigger AS $$
BEGIN
  PERFORM sales_apply(
    (SELECT sales_item_deltas(-1, array_agg(o.order_id), array_agg(o.product_id), array_agg(o.quantity), array_agg(o.total_usd), array_agg(o.total_azn))
     FROM old_items o JOIN new_items n ON n.id = o.id
     WHERE o.status <> 'returned'
       AND (n.status = 'returned' OR n.order_id <> o.order_id OR n.product_id <> o.product_id
         OR n.quantity <> o.quantity OR n.total_usd <> o.total_usd OR n.total_azn <> o.total_azn))
    || (SELECT sales_item_deltas(1, array_agg(n.order_id), array_agg(n.product_id), array_agg(n.quantity), array_agg(n.total_usd), array_agg(n.total_azn))
     FROM old_items o JOIN new_items n ON n.id = o.id
     WHERE n.status <> 'returned'
       AND (o.status = 'returned' OR n.order_id <> o.order_id OR n.product_id <> o.product_id
         OR n.quantity <> o.quantity OR n.total_usd <> o.total_usd OR n.total_azn <> o.total_azn)));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_items_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM sales_apply(
    (SELECT sales_item_deltas(-1, array_agg(order_id), array_agg(product_id), array_agg(quantity), array_agg(total_usd), array_agg(total_azn))
     FROM old_items WHERE status <> 'returned'));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sales_orders_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_orders_inserted();
--> statement-breakpoint
CREATE TRIGGER sales_orders_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION sales_orders_updated();
--> statement-breakpoint
CREATE TRIGGER sales_orders_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION sales_order_deleted();
--> statement-breakpoint
CREATE TRIGGER sales_items_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION sales_items_inserted();
--> statement-breakpoint
CREATE TRIGGER sales_items_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION sales_items_updated();
--> statement-breakpoint
CREATE TRIGGER sales_items_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION sales_items_deleted();
--> statement-breakpoint
-- Backfill from the rows that exist now.
INSERT INTO sales_daily (day, dealer_id, country_id, sell_type, orders, quantity, amount_usd, amount_azn)
SELECT d.day, d.dealer_id, d.country_id, d.sell_type, sum(d.orders), sum(d.quantity), sum(d.amount_usd), sum(d.amount_azn)
FROM (
  SELECT (o.paid_at AT TIME ZONE 'Asia/Baku')::date AS day, o.dealer_id, coalesce(o.country_id, 0) AS country_id, o.sell_type,
    1 AS orders, 0 AS quantity, 0::numeric AS amount_usd, 0::numeric AS amount_azn
  FROM orders o WHERE o.paid_at IS NOT NULL AND o.status <> 'cancelled'
  UNION ALL
  SELECT (o.paid_at AT TIME ZONE 'Asia/Baku')::date, o.dealer_id, coalesce(o.country_id, 0), o.sell_type,
    0, i.quantity, i.total_usd, i.total_azn
  FROM orders o JOIN order_items i ON i.order_id = o.id AND i.status <> 'returned'
  WHERE o.paid_at IS NOT NULL AND o.status <> 'cancelled'
) d
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO sales_product_daily (day, dealer_id, country_id, product_id, quantity, amount_usd, amount_azn)
SELECT (o.paid_at AT TIME ZONE 'Asia/Baku')::date, o.dealer_id, coalesce(o.country_id, 0), i.product_id,
  sum(i.quantity), sum(i.total_usd), sum(i.total_azn)
FROM orders o JOIN order_items i ON i.order_id = o.id AND i.status <> 'returned'
WHERE o.paid_at IS NOT NULL AND o.status <> 'cancelled'
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO sales_product_monthly (month, dealer_id, country_id, product_id, quantity, amount_usd, amount_azn)
SELECT date_trunc('month', day)::date, dealer_id, country_id, product_id, sum(quantity), sum(amount_usd), sum(amount_azn)
FROM sales_product_daily
GROUP BY 1, 2, 3, 4;
