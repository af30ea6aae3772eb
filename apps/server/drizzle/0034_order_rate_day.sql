-- Issue 31: an order records the Baku day of the bank rate its AZN amounts use. Orders placed
-- before it get the day of the newest rate on or before the Baku day they were placed (the rate
-- checkout used), preferring a day whose rate is the order's own.
ALTER TABLE "orders" ADD COLUMN "rate_date" date;
--> statement-breakpoint
UPDATE "orders" o SET "rate_date" = coalesce(
  (SELECT max(r."rate_date") FROM "exchange_rates" r
    WHERE r."rate_date" <= (o."created_at" AT TIME ZONE 'Asia/Baku')::date AND r."usd_azn" = o."rate"),
  (SELECT max(r."rate_date") FROM "exchange_rates" r
    WHERE r."rate_date" <= (o."created_at" AT TIME ZONE 'Asia/Baku')::date));
