CREATE TABLE "sales_monthly" (
	"month" date NOT NULL,
	"dealer_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"sell_type" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_azn" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_monthly_month_dealer_id_country_id_sell_type_pk" PRIMARY KEY("month","dealer_id","country_id","sell_type")
);
--> statement-breakpoint
CREATE TABLE "sales_product_country_daily" (
	"day" date NOT NULL,
	"country_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_azn" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_product_country_daily_day_country_id_product_id_pk" PRIMARY KEY("day","country_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_product_country_monthly" (
	"month" date NOT NULL,
	"country_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_azn" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_product_country_monthly_month_country_id_product_id_pk" PRIMARY KEY("month","country_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "sales_product_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"country_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_usd" numeric(18, 2) NOT NULL,
	"amount_azn" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_weekly" (
	"week" date NOT NULL,
	"dealer_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"sell_type" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"amount_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount_azn" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sales_weekly_week_dealer_id_country_id_sell_type_pk" PRIMARY KEY("week","dealer_id","country_id","sell_type")
);
--> statement-breakpoint
CREATE INDEX "sales_monthly_dealer_idx" ON "sales_monthly" USING btree ("dealer_id","month");--> statement-breakpoint
CREATE INDEX "sales_weekly_dealer_idx" ON "sales_weekly" USING btree ("dealer_id","week");--> statement-breakpoint
CREATE INDEX "sales_weekly_country_idx" ON "sales_weekly" USING btree ("country_id","week");