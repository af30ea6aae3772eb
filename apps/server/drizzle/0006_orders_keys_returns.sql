CREATE TABLE "licence_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"key" varchar(500) NOT NULL,
	"status" varchar(20) DEFAULT 'available' NOT NULL,
	"order_item_id" integer,
	"allocated_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"activated_by" integer,
	"activated_for" text,
	"revoked_at" timestamp with time zone,
	"imported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_keys_status" CHECK ("licence_keys"."status" in ('available', 'allocated', 'revoked')),
	CONSTRAINT "licence_keys_allocation" CHECK (("licence_keys"."status" = 'available') = ("licence_keys"."order_item_id" is null))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer,
	"from_status" varchar(20),
	"to_status" varchar(40) NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"sku" varchar(64) NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"title_az" text NOT NULL,
	"provider_id" smallint NOT NULL,
	"is_returnable" boolean NOT NULL,
	"quantity" integer NOT NULL,
	"unit_usd" numeric(14, 2) NOT NULL,
	"total_usd" numeric(14, 2) NOT NULL,
	"total_azn" numeric(14, 2) NOT NULL,
	"status" varchar(20) DEFAULT 'waiting' NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"adobe" jsonb,
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" >= 1),
	CONSTRAINT "order_items_delivered" CHECK ("order_items"."delivered" between 0 and "order_items"."quantity"),
	CONSTRAINT "order_items_status" CHECK ("order_items"."status" in ('waiting', 'delivered', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"country_id" integer,
	"sell_type" smallint NOT NULL,
	"status" varchar(20) NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"lang" varchar(2) NOT NULL,
	"rate" numeric(10, 4) NOT NULL,
	"vat_percent" numeric(14, 2) NOT NULL,
	"surcharge_percent" numeric(14, 2) NOT NULL,
	"total_usd" numeric(14, 2) NOT NULL,
	"vat_usd" numeric(14, 2) NOT NULL,
	"total_azn" numeric(14, 2) NOT NULL,
	"refunded_usd" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refunded_azn" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"credit_settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_sell_type" CHECK ("orders"."sell_type" in (1, 2)),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('pending', 'in_progress', 'completed', 'cancelled')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."total_usd" >= 0 and "orders"."total_azn" >= 0),
	CONSTRAINT "orders_refund_bounds" CHECK ("orders"."refunded_usd" between 0 and "orders"."total_usd" and "orders"."refunded_azn" between 0 and "orders"."total_azn")
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"reason" text NOT NULL,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_status" CHECK ("return_requests"."status" in ('requested', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "licence_keys_product_key_unique" ON "licence_keys" USING btree ("product_id","key");--> statement-breakpoint
CREATE INDEX "licence_keys_available_idx" ON "licence_keys" USING btree ("product_id","id") WHERE status = 'available';--> statement-breakpoint
CREATE INDEX "licence_keys_item_idx" ON "licence_keys" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_waiting_idx" ON "order_items" USING btree ("product_id","id") WHERE status = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_idempotency_unique" ON "orders" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_dealer_idx" ON "orders" USING btree ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_country_idx" ON "orders" USING btree ("country_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE INDEX "orders_unpaid_credit_idx" ON "orders" USING btree ("dealer_id") WHERE sell_type = 2 and credit_settled_at is null and status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "return_requests_item_idx" ON "return_requests" USING btree ("order_item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_open_unique" ON "return_requests" USING btree ("order_item_id") WHERE status = 'requested';