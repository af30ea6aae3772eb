CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" varchar(60) NOT NULL,
	"entity_type" varchar(40) NOT NULL,
	"entity_id" integer,
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"quarter" smallint NOT NULL,
	"amount_usd" numeric(14, 2) NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "targets_quarter_check" CHECK ("targets"."quarter" between 1 and 4),
	CONSTRAINT "targets_year_check" CHECK ("targets"."year" between 2000 and 2100),
	CONSTRAINT "targets_amount_check" CHECK ("targets"."amount_usd" > 0)
);
--> statement-breakpoint
CREATE TABLE "library_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" varchar(20) NOT NULL,
	"lang" varchar(2) NOT NULL,
	"file_name" text NOT NULL,
	"stored_name" varchar(80) NOT NULL,
	"mime_type" varchar(120) NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_documents_category_check" CHECK ("library_documents"."category" in ('price_list', 'certificate', 'guide', 'other')),
	CONSTRAINT "library_documents_lang_check" CHECK ("library_documents"."lang" in ('en', 'ru', 'az')),
	CONSTRAINT "library_documents_size_check" CHECK ("library_documents"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"title_az" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_ru" text DEFAULT '' NOT NULL,
	"body_az" text DEFAULT '' NOT NULL,
	"image_path" text,
	"status" varchar(10) NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_status_check" CHECK ("news"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "event_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_points_kind_check" CHECK ("event_points"."kind" in ('earned', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "event_products" (
	"event_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "event_products_event_id_product_id_pk" PRIMARY KEY("event_id","product_id"),
	CONSTRAINT "event_products_points_check" CHECK ("event_products"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"title_az" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"description_az" text DEFAULT '' NOT NULL,
	"image_path" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"awarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_period_check" CHECK ("events"."ends_at" > "events"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"title_az" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"description_az" text DEFAULT '' NOT NULL,
	"image_path" text,
	"points_needed" integer,
	"rank" integer,
	"stock" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prizes_stock_check" CHECK ("prizes"."stock" >= 0),
	CONSTRAINT "prizes_rule_check" CHECK (("prizes"."points_needed" is null) <> ("prizes"."rank" is null) and coalesce("prizes"."points_needed", 1) > 0 and coalesce("prizes"."rank", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "won_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"prize_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"claimed_by" integer,
	"source" varchar(10) NOT NULL,
	"points_spent" integer DEFAULT 0 NOT NULL,
	"rank" integer,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "won_prizes_source_check" CHECK ("won_prizes"."source" in ('claim', 'rank')),
	CONSTRAINT "won_prizes_status_check" CHECK ("won_prizes"."status" in ('pending', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "won_prizes_points_check" CHECK ("won_prizes"."points_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "partner_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"voen" varchar(10) NOT NULL,
	"contract_number" text NOT NULL,
	"contract_start_date" date NOT NULL,
	"mpn_id" text NOT NULL,
	"full_name" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(40) NOT NULL,
	"fin_code" varchar(7) NOT NULL,
	"country_id" integer NOT NULL,
	"region" text NOT NULL,
	"city" text NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"postal_code" varchar(20) NOT NULL,
	"position" text NOT NULL,
	"contact_number" varchar(40) NOT NULL,
	"lang" varchar(2) DEFAULT 'en' NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"user_id" integer,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_applications_status_check" CHECK ("partner_applications"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "partner_applications_voen_check" CHECK ("partner_applications"."voen" ~ '^[0-9]{10}$'),
	CONSTRAINT "partner_applications_lang_check" CHECK ("partner_applications"."lang" in ('en', 'ru', 'az'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_points" ADD CONSTRAINT "event_points_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_points" ADD CONSTRAINT "event_points_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_points" ADD CONSTRAINT "event_points_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_points" ADD CONSTRAINT "event_points_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_products" ADD CONSTRAINT "event_products_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_products" ADD CONSTRAINT "event_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "won_prizes" ADD CONSTRAINT "won_prizes_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "won_prizes" ADD CONSTRAINT "won_prizes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "won_prizes" ADD CONSTRAINT "won_prizes_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "won_prizes" ADD CONSTRAINT "won_prizes_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "won_prizes" ADD CONSTRAINT "won_prizes_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_applications" ADD CONSTRAINT "partner_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "targets_dealer_quarter_unique" ON "targets" USING btree ("dealer_id","year","quarter");--> statement-breakpoint
CREATE INDEX "targets_quarter_idx" ON "targets" USING btree ("year","quarter");--> statement-breakpoint
CREATE INDEX "library_documents_category_idx" ON "library_documents" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("publish_at","id") WHERE status = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "event_points_item_kind_unique" ON "event_points" USING btree ("event_id","order_item_id","kind");--> statement-breakpoint
CREATE INDEX "event_points_event_dealer_idx" ON "event_points" USING btree ("event_id","dealer_id");--> statement-breakpoint
CREATE INDEX "event_products_product_idx" ON "event_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "events_period_idx" ON "events" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "prizes_event_idx" ON "prizes" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "won_prizes_prize_dealer_unique" ON "won_prizes" USING btree ("prize_id","dealer_id");--> statement-breakpoint
CREATE INDEX "won_prizes_dealer_idx" ON "won_prizes" USING btree ("dealer_id","created_at");--> statement-breakpoint
CREATE INDEX "won_prizes_created_idx" ON "won_prizes" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_applications_voen_unique" ON "partner_applications" USING btree ("voen") WHERE status <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "partner_applications_email_unique" ON "partner_applications" USING btree ("email") WHERE status <> 'rejected';--> statement-breakpoint
CREATE INDEX "partner_applications_status_idx" ON "partner_applications" USING btree ("status","created_at");