CREATE TABLE "notice_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"subject" varchar(64) NOT NULL,
	"recipient_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notice_mails_kind" CHECK ("notice_mails"."kind" in ('return_requested', 'partner_application', 'cash_digest', 'low_stock'))
);
--> statement-breakpoint
CREATE TABLE "notice_opt_outs" (
	"user_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notice_opt_outs_kind" CHECK ("notice_opt_outs"."kind" in ('return_requested', 'partner_application', 'cash_digest', 'low_stock'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reorder_level" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notice_mails" ADD CONSTRAINT "notice_mails_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_opt_outs" ADD CONSTRAINT "notice_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_mails_once" ON "notice_mails" USING btree ("kind","subject","recipient_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reorder_level_check" CHECK ("products"."reorder_level" >= 1);