CREATE TABLE "adobe_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"customer_id" varchar(40) NOT NULL,
	"company_name" text NOT NULL,
	"market_segment" varchar(3) NOT NULL,
	"profile" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adobe_customers" ADD CONSTRAINT "adobe_customers_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adobe_customers_customer_unique" ON "adobe_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "adobe_customers_dealer_idx" ON "adobe_customers" USING btree ("dealer_id","company_name");