-- An order's insert counts the order in the sales summaries, and its items' insert counts the
-- items (0011). Checkout now writes an order and its items in one data-modifying WITH (issue 35):
-- both statement triggers then fire at the end of that one statement, each seeing the other's
-- rows, and sales_order_deltas' items part counted a credit order's items a second time. When the
-- order was inserted before its items, that part always found none (an item needs its order), so
-- the insert trigger now counts the order alone; the update and delete triggers still count an
-- order's items with it (a cash order paid later, a cancellation, a deleted order).
CREATE OR REPLACE FUNCTION sales_orders_inserted() RETURNS trigger AS $$
BEGIN
  -- an unpaid (cash) order counts only once it is paid, through the update trigger
  IF NOT EXISTS (SELECT 1 FROM new_orders WHERE paid_at IS NOT NULL AND status <> 'cancelled') THEN
    RETURN NULL;
  END IF;
  PERFORM sales_apply(
    (SELECT array_agg(row((paid_at AT TIME ZONE 'Asia/Baku')::date, dealer_id, coalesce(country_id, 0), sell_type,
        NULL::integer, 1, 0, 0::numeric, 0::numeric)::sales_delta)
     FROM new_orders WHERE paid_at IS NOT NULL AND status <> 'cancelled'));
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
