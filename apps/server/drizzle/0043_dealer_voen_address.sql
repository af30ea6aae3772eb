ALTER TABLE "users" ADD COLUMN "voen" varchar(10);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "address" varchar(300);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_voen_check" CHECK ("users"."voen" ~ '^[0-9]{10}$');--> statement-breakpoint
-- Issue 33: a dealer's VÖEN and address live on its account. A dealer that came through
-- "Become a Partner" starts with those of its approved application (the newest); the country
-- stays the account's own, which invoices add in their language.
UPDATE "users" AS u SET
  "voen" = a."voen",
  "address" = left(concat_ws(', ',
    nullif(btrim(a."address_line1"), ''),
    nullif(btrim(a."address_line2"), ''),
    nullif(btrim(a."city"), ''),
    CASE WHEN btrim(a."region") <> btrim(a."city") THEN nullif(btrim(a."region"), '') END,
    nullif(btrim(a."postal_code"), '')
  ), 300)
FROM (
  SELECT DISTINCT ON ("user_id") *
  FROM "partner_applications"
  WHERE "status" = 'approved' AND "user_id" IS NOT NULL
  ORDER BY "user_id", "id" DESC
) AS a
WHERE a."user_id" = u."id" AND u."type_id" = 3 AND u."voen" IS NULL;
