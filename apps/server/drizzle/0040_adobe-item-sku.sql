-- One SKU per Adobe purchase (issue 33): an Adobe order item is the offer Adobe quoted and was
-- ordered (its volume or commitment level, e.g. 65304522CA12A12), not the catalogue's base offer
-- (65304522CA01A12). Items placed before keep what they bought: their quoted offer, kept in
-- `adobe.option_id`, becomes their SKU. Issued invoices are records and keep what they printed.
UPDATE "order_items"
SET "sku" = "adobe"->>'option_id'
WHERE "adobe" IS NOT NULL
  AND coalesce("adobe"->>'option_id', '') <> ''
  AND "sku" <> "adobe"->>'option_id';
