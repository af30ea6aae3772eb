CREATE TABLE "sales_daily" (
	"day" date NOT NULL,
	"dealer_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"sell_type" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_azn" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_daily_day_dealer_id_country_id_sell_type_pk" PRIMARY KEY("day","dealer_id","country_id","sell_type")
);
--> statement-breakpoint
CREATE TABLE "sales_product_daily" (
	"day" date NOT NULL,
	"dealer_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_azn" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_product_daily_day_dealer_id_country_id_product_id_pk" PRIMARY KEY("day","dealer_id","country_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_product_monthly" (
	"month" date NOT NULL,
	"dealer_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_azn" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_product_monthly_month_dealer_id_country_id_product_id_pk" PRIMARY KEY("month","dealer_id","country_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "sales_daily_dealer_idx" ON "sales_daily" USING btree ("dealer_id","day");--> statement-breakpoint
CREATE INDEX "sales_daily_country_idx" ON "sales_daily" USING btree ("country_id","day");--> statement-breakpoint
CREATE INDEX "sales_product_daily_dealer_idx" ON "sales_product_daily" USING btree ("dealer_id","day");--> statement-breakpoint
CREATE INDEX "sales_product_daily_country_idx" ON "sales_product_daily" USING btree ("country_id","day");--> statement-breakpoint
CREATE INDEX "sales_product_monthly_dealer_idx" ON "sales_product_monthly" USING btree ("dealer_id","month");--> statement-breakpoint
CREATE INDEX "sales_product_monthly_country_idx" ON "sales_product_monthly" USING btree ("country_id","month");