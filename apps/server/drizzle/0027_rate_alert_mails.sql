CREATE TABLE "rate_alert_mails" (
	"rate_date" date NOT NULL,
	"recipient_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "rate_alert_mails_rate_date_recipient_id_pk" PRIMARY KEY("rate_date","recipient_id")
);
--> statement-breakpoint
ALTER TABLE "rate_alert_mails" ADD CONSTRAINT "rate_alert_mails_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;