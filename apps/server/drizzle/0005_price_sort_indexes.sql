CREATE INDEX "products_dealer_price_idx" ON "products" USING btree ("dealer_price","id");--> statement-breakpoint
CREATE INDEX "products_unit_price_idx" ON "products" USING btree ("unit_price","id");