-- The two functions that turn changed orders and items into rollup deltas (0011) were SQL
-- functions. PostgreSQL 15 plans a non-inlined SQL function's body again on every call: ~0.6 ms of
-- each checkout's order insert and items insert (EXPLAIN ANALYZE of the insert trigger: 0.8-1.0
-- ms before, 0.3-0.45 ms after). PL/pgSQL keeps the plan for the session. Same queries, same
-- results.
CREATE OR REPLACE FUNCTION sales_order_deltas(sign integer, ids integer[], paid timestamptz[], dealers integer[], countries integer[], types smallint[])
RETURNS sales_delta[] AS $$
BEGIN
  RETURN (
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
  );
END
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_item_deltas(sign integer, orders_of integer[], products integer[], quantities integer[], usd numeric[], azn numeric[])
RETURNS sales_delta[] AS $$
BEGIN
  RETURN (
    SELECT array_agg(x) FROM (
      SELECT row((o.paid_at AT TIME ZONE 'Asia/Baku')::date, o.dealer_id, coalesce(o.country_id, 0), o.sell_type,
        i.product_id, 0, sign * sum(i.quantity)::integer, sign * sum(i.total_usd), sign * sum(i.total_azn))::sales_delta AS x
      FROM unnest(orders_of, products, quantities, usd, azn) AS i(order_id, product_id, quantity, total_usd, total_azn)
      JOIN orders o ON o.id = i.order_id AND o.paid_at IS NOT NULL AND o.status <> 'cancelled'
      GROUP BY o.paid_at, o.dealer_id, o.country_id, o.sell_type, i.product_id
    ) s
  );
END
$$ LANGUAGE plpgsql STABLE;
