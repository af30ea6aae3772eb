CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_date" date NOT NULL,
	"usd_azn" numeric(10, 4) NOT NULL,
	"source" varchar(10) DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."usd_azn" > 0)
);
--> statement-breakpoint
CREATE TABLE "markup_group_categories" (
	"markup_group_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"percent" numeric(14, 2) NOT NULL,
	CONSTRAINT "markup_group_categories_markup_group_id_category_id_pk" PRIMARY KEY("markup_group_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "basket_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sell_type" smallint NOT NULL,
	"line_key" varchar(200) DEFAULT '' NOT NULL,
	"adobe" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_items_quantity" CHECK ("basket_items"."quantity" between 1 and 100000),
	CONSTRAINT "basket_items_sell_type" CHECK ("basket_items"."sell_type" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "dealer_product_prices" (
	"dealer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"mode" varchar(10) NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_product_prices_dealer_id_product_id_pk" PRIMARY KEY("dealer_id","product_id"),
	CONSTRAINT "dealer_product_prices_mode" CHECK ("dealer_product_prices"."mode" in ('price', 'markup')),
	CONSTRAINT "dealer_product_prices_value" CHECK ("dealer_product_prices"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_group_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"user_group_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"name" text NOT NULL,
	"markup_percent" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(sku || ' ' || title_en || ' ' || title_ru || ' ' || title_az)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "markup_group_categories" ADD CONSTRAINT "markup_group_categories_markup_group_id_markup_groups_id_fk" FOREIGN KEY ("markup_group_id") REFERENCES "public"."markup_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markup_group_categories" ADD CONSTRAINT "markup_group_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_product_prices" ADD CONSTRAINT "dealer_product_prices_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_product_prices" ADD CONSTRAINT "dealer_product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_user_group_id_user_groups_id_fk" FOREIGN KEY ("user_group_id") REFERENCES "public"."user_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_date_unique" ON "exchange_rates" USING btree ("rate_date");--> statement-breakpoint
CREATE UNIQUE INDEX "basket_items_line_unique" ON "basket_items" USING btree ("user_id","product_id","sell_type","line_key");--> statement-breakpoint
CREATE INDEX "user_group_members_group_idx" ON "user_group_members" USING btree ("user_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_groups_dealer_name_unique" ON "user_groups" USING btree ("dealer_id","name");--> statement-breakpoint
CREATE INDEX "products_title_en_idx" ON "products" USING btree ("title_en","id");--> statement-breakpoint
CREATE INDEX "products_title_ru_idx" ON "products" USING btree ("title_ru","id");--> statement-breakpoint
CREATE INDEX "products_title_az_idx" ON "products" USING btree ("title_az","id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_prices_check" CHECK ("products"."dealer_price" >= 0 and "products"."unit_price" >= 0);