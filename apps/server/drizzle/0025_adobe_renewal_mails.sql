CREATE TABLE "adobe_renewal_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"adobe_customer_id" integer NOT NULL,
	"subscription_id" varchar(40) NOT NULL,
	"renewal_date" date NOT NULL,
	"days_before" smallint NOT NULL,
	"dealer_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "adobe_renewal_mails_days" CHECK ("adobe_renewal_mails"."days_before" in (30, 7))
);
--> statement-breakpoint
ALTER TABLE "adobe_renewal_mails" ADD CONSTRAINT "adobe_renewal_mails_adobe_customer_id_adobe_customers_id_fk" FOREIGN KEY ("adobe_customer_id") REFERENCES "public"."adobe_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adobe_renewal_mails" ADD CONSTRAINT "adobe_renewal_mails_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adobe_renewal_mails_once" ON "adobe_renewal_mails" USING btree ("adobe_customer_id","subscription_id","renewal_date","days_before");