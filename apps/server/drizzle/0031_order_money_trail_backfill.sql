-- Issue 29: the money trail of the orders placed before it was kept, read from each order's
-- amounts and history, so every order's trail sums to what it owes (invariant 10).
-- Credit drawn when a credit order was placed; a cash payment when it was confirmed; each
-- approved return and withdrawn Adobe item (onto the credit while the order was unsettled,
-- money back otherwise); the settlement (what was left of the order then); and the refund of a
-- paid order cancelled, which nothing recorded before.
INSERT INTO "order_money_movements" ("order_id", "item_id", "kind", "amount_usd", "amount_azn", "actor_id", "note", "created_at")
SELECT "order_id", "item_id", "kind", "amount_usd", "amount_azn", "actor_id",
  'Recorded from the order''s history when the money trail began.', "at"
FROM (
  SELECT o."id" AS "order_id", NULL::integer AS "item_id", 'credit_drawn' AS "kind",
    o."total_usd" AS "amount_usd", o."total_azn" AS "amount_azn", o."buyer_id" AS "actor_id",
    coalesce(o."paid_at", o."created_at") AS "at", 1 AS "step"
  FROM "orders" o
  WHERE o."sell_type" = 2
  UNION ALL
  SELECT o."id", NULL, 'paid', o."total_usd", o."total_azn",
    (SELECT e."actor_id" FROM "order_events" e
      WHERE e."order_id" = o."id" AND e."to_status" = 'in_progress' AND e."item_id" IS NULL
      ORDER BY e."id" DESC LIMIT 1),
    o."paid_at", 1
  FROM "orders" o
  WHERE o."sell_type" = 1 AND o."paid_at" IS NOT NULL
  UNION ALL
  SELECT o."id", i."id",
    CASE WHEN o."sell_type" = 2 AND (o."credit_settled_at" IS NULL OR o."credit_settled_at" > e."created_at")
      THEN 'credit_restored' ELSE 'refunded' END,
    i."total_usd", i."total_azn", e."actor_id", e."created_at", 2
  FROM "order_events" e
  JOIN "orders" o ON o."id" = e."order_id"
  JOIN "order_items" i ON i."id" = e."item_id"
  WHERE e."to_status" IN ('returned', 'adobe_withdrawn') AND i."status" = 'returned'
  UNION ALL
  SELECT o."id", NULL, 'settled',
    o."total_usd" - coalesce((SELECT sum(i."total_usd") FROM "order_events" e
      JOIN "order_items" i ON i."id" = e."item_id"
      WHERE e."order_id" = o."id" AND e."to_status" IN ('returned', 'adobe_withdrawn')
        AND e."created_at" <= o."credit_settled_at"), 0),
    o."total_azn" - coalesce((SELECT sum(i."total_azn") FROM "order_events" e
      JOIN "order_items" i ON i."id" = e."item_id"
      WHERE e."order_id" = o."id" AND e."to_status" IN ('returned', 'adobe_withdrawn')
        AND e."created_at" <= o."credit_settled_at"), 0),
    (SELECT e."actor_id" FROM "order_events" e
      WHERE e."order_id" = o."id" AND e."to_status" = 'credit_settled'
      ORDER BY e."id" DESC LIMIT 1),
    o."credit_settled_at", 3
  FROM "orders" o
  WHERE o."sell_type" = 2 AND o."credit_settled_at" IS NOT NULL
  UNION ALL
  SELECT o."id", NULL,
    CASE WHEN o."sell_type" = 2 AND o."credit_settled_at" IS NULL THEN 'credit_restored' ELSE 'refunded' END,
    o."total_usd" - o."refunded_usd", o."total_azn" - o."refunded_azn",
    (SELECT e."actor_id" FROM "order_events" e
      WHERE e."order_id" = o."id" AND e."to_status" = 'cancelled'
      ORDER BY e."id" DESC LIMIT 1),
    coalesce(o."cancelled_at", o."updated_at"), 4
  FROM "orders" o
  WHERE o."status" = 'cancelled' AND (o."sell_type" = 2 OR o."paid_at" IS NOT NULL)
    AND (o."total_usd" > o."refunded_usd" OR o."total_azn" > o."refunded_azn")
) AS "trail"
ORDER BY "at", "order_id", "step";
