ALTER TABLE "products" DROP CONSTRAINT "products_reorder_level_check";--> statement-breakpoint
DROP INDEX "licence_keys_product_key_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "licence_keys_key_unique" ON "licence_keys" USING btree (lower("key")) WHERE "licence_keys"."duplicate_of" is null;--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "reorder_level";