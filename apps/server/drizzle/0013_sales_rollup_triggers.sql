-- Weekly and monthly sales per dealer (kept by sales_apply with the daily rows, in the same
-- transaction), and product sales per country without the dealer: the triggers append those
-- changes to sales_product_pending (an insert, never an update of a shared row, so checkouts of
-- different dealers never wait on each other); sales_fold_pending() moves them into the
-- per-country summaries, and readers add what is still pending.
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
  INSERT INTO sales_weekly AS t (week, dealer_id, country_id, sell_type, orders, quantity, amount_usd, amount_azn)
    SELECT date_trunc('week', d.day)::date, d.dealer_id, d.country_id, d.sell_type, sum(d.orders), sum(d.quantity), sum(d.amount_usd), sum(d.amount_azn)
    FROM unnest(deltas) d
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (week, dealer_id, country_id, sell_type) DO UPDATE SET
    orders = t.orders + excluded.orders,
    quantity = t.quantity + excluded.quantity,
    amount_usd = t.amount_usd + excluded.amount_usd,
    amount_azn = t.amount_azn + excluded.amount_azn;
  INSERT INTO sales_monthly AS t (month, dealer_id, country_id, sell_type, orders, quantity, amount_usd, amount_azn)
    SELECT date_trunc('month', d.day)::date, d.dealer_id, d.country_id, d.sell_type, sum(d.orders), sum(d.quantity), sum(d.amount_usd), sum(d.amount_azn)
    FROM unnest(deltas) d
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
  ON CONFLICT (month, dealer_id, country_id, sell_type) DO UPDATE SET
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
  INSERT INTO sales_product_pending (day, country_id, product_id, quantity, amount_usd, amount_azn)
    SELECT d.day, d.country_id, d.product_id, sum(d.quantity), sum(d.amount_usd), sum(d.amount_azn)
    FROM unnest(deltas) d
    WHERE d.product_id IS NOT NULL
    GROUP BY 1, 2, 3;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Moves up to `batch` pending rows into the per-country product summaries; one folder at a
-- time (an advisory lock), rows taken in id order. Returns how many rows it moved.
CREATE OR REPLACE FUNCTION sales_fold_pending(batch integer DEFAULT 50000) RETURNS integer AS $$
DECLARE
  moved integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(727011) THEN
    RETURN 0;
  END IF;
  WITH taken AS (
    DELETE FROM sales_product_pending
    WHERE id IN (SELECT id FROM sales_product_pending ORDER BY id LIMIT batch)
    RETURNING day, country_id, product_id, quantity, amount_usd, amount_azn
  ), g AS (
    SELECT day, country_id, product_id, sum(quantity) AS quantity, sum(amount_usd) AS amount_usd,
      sum(amount_azn) AS amount_azn, count(*) AS n
    FROM taken GROUP BY 1, 2, 3
  ), daily AS (
    INSERT INTO sales_product_country_daily AS t (day, country_id, product_id, quantity, amount_usd, amount_azn)
      SELECT day, country_id, product_id, quantity, amount_usd, amount_azn FROM g ORDER BY 1, 2, 3
    ON CONFLICT (day, country_id, product_id) DO UPDATE SET
      quantity = t.quantity + excluded.quantity,
      amount_usd = t.amount_usd + excluded.amount_usd,
      amount_azn = t.amount_azn + excluded.amount_azn
  ), monthly AS (
    INSERT INTO sales_product_country_monthly AS t (month, country_id, product_id, quantity, amount_usd, amount_azn)
      SELECT date_trunc('month', day)::date, country_id, product_id, sum(quantity), sum(amount_usd), sum(amount_azn)
      FROM g GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (month, country_id, product_id) DO UPDATE SET
      quantity = t.quantity + excluded.quantity,
      amount_usd = t.amount_usd + excluded.amount_usd,
      amount_azn = t.amount_azn + excluded.amount_azn
  )
  -- data-modifying CTEs always run to completion, referenced or not
  SELECT coalesce(sum(n), 0)::integer INTO moved FROM g;
  RETURN moved;
END
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Backfill from the summaries that exist now.
INSERT INTO sales_weekly (week, dealer_id, country_id, sell_type, orders, quantity, amount_usd, amount_azn)
SELECT date_trunc('week', day)::date, dealer_id, country_id, sell_type, sum(orders), sum(quantity), sum(amount_usd), sum(amount_azn)
FROM sales_daily GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO sales_monthly (month, dealer_id, country_id, sell_type, orders, quantity, amount_usd, amount_azn)
SELECT date_trunc('month', day)::date, dealer_id, country_id, sell_type, sum(orders), sum(quantity), sum(amount_usd), sum(amount_azn)
FROM sales_daily GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO sales_product_country_daily (day, country_id, product_id, quantity, amount_usd, amount_azn)
SELECT day, country_id, product_id, sum(quantity), sum(amount_usd), sum(amount_azn)
FROM sales_product_daily GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO sales_product_country_monthly (month, country_id, product_id, quantity, amount_usd, amount_azn)
SELECT month, country_id, product_id, sum(quantity), sum(amount_usd), sum(amount_azn)
FROM sales_product_monthly GROUP BY 1, 2, 3;
