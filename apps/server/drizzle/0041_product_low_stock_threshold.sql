ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "duplicate_of" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_check" CHECK ("products"."low_stock_threshold" >= 0);--> statement-breakpoint
-- Issue 33, one low-stock threshold: it replaces the global "low-stock threshold" of the order
-- settings (the LOW STOCK badge on Key stock; 10 unless saved) and each product's "reorder level"
-- (the mail; off, empty, for every product). A product with a reorder level keeps it (an admin
-- chose it for that product); every other product takes the threshold admins saw as LOW STOCK
-- (the saved one, else the default 10). The global value leaves the saved order settings.
UPDATE "products" SET "low_stock_threshold" = coalesce(
  "reorder_level",
  (SELECT least(greatest(round(("value"->>'low_stock_threshold')::numeric), 0), 1000000)::int
     FROM "app_settings"
    WHERE "key" = 'orders' AND jsonb_typeof("value"->'low_stock_threshold') = 'number'),
  10
);--> statement-breakpoint
-- A stocked product without a reorder level that is already under its new threshold fell before
-- anyone was mailed: it counts as told (it shows LOW STOCK), so the migration sends no burst of
-- mails; its next fall after a restock is mailed. Products with a reorder level keep their mark.
UPDATE "products" p SET "low_stock_notified_at" = now()
 WHERE p."reorder_level" IS NULL AND p."low_stock_notified_at" IS NULL AND p."provider_id" IN (1, 2)
   AND (SELECT count(*) FROM "licence_keys" k
         WHERE k."product_id" = p."id" AND k."status" = 'available') < p."low_stock_threshold";--> statement-breakpoint
UPDATE "app_settings" SET "value" = "value" - 'low_stock_threshold' WHERE "key" = 'orders';--> statement-breakpoint
-- Issue 33, a key once in the whole pool (compared case-insensitively; imports store keys
-- trimmed): before the unique index of migration 0038, keys found more than once are settled.
-- The first copy that was sold (else the oldest) stays the key. Other copies nobody received
-- (available) are deleted: none was ever delivered. A copy already sold under another row stays
-- for its order's history, marked `duplicate_of` the copy that stays, and out of the index.
WITH "ranked" AS (
  SELECT "id", "status", first_value("id") OVER (
    PARTITION BY lower("key") ORDER BY ("status" = 'available'), "id"
  ) AS "keeper" FROM "licence_keys"
)
DELETE FROM "licence_keys" k USING "ranked" r
 WHERE k."id" = r."id" AND r."id" <> r."keeper" AND r."status" = 'available';--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", first_value("id") OVER (
    PARTITION BY lower("key") ORDER BY ("status" = 'available'), "id"
  ) AS "keeper" FROM "licence_keys"
)
UPDATE "licence_keys" k SET "duplicate_of" = r."keeper" FROM "ranked" r
 WHERE k."id" = r."id" AND r."id" <> r."keeper";
