CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(80) NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_az" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(2) NOT NULL,
	"name_en" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_az" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "markup_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"percent" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "markup_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" varchar(64) NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"title_az" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"description_az" text DEFAULT '' NOT NULL,
	"requirements_en" text DEFAULT '' NOT NULL,
	"requirements_ru" text DEFAULT '' NOT NULL,
	"requirements_az" text DEFAULT '' NOT NULL,
	"installation_en" text DEFAULT '' NOT NULL,
	"installation_ru" text DEFAULT '' NOT NULL,
	"installation_az" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"provider_id" smallint DEFAULT 1 NOT NULL,
	"dealer_price" numeric(14, 2) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"royalty" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bonus" numeric(14, 2) DEFAULT '0' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"delivery_time" text DEFAULT '' NOT NULL,
	"operating_systems" text DEFAULT '' NOT NULL,
	"licence_type" text DEFAULT '' NOT NULL,
	"users_count" integer,
	"devices_count" integer,
	"is_returnable" boolean DEFAULT false NOT NULL,
	"image_path" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" varchar(1000) NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_district_countries" (
	"user_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "local_district_countries_user_id_country_id_pk" PRIMARY KEY("user_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text,
	"name" text NOT NULL,
	"type_id" smallint NOT NULL,
	"lang" varchar(2) DEFAULT 'en' NOT NULL,
	"photo_path" text,
	"credit_limit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"need_azn_cash" boolean DEFAULT false NOT NULL,
	"need_azn_credit" boolean DEFAULT false NOT NULL,
	"has_adobe_account" boolean DEFAULT false NOT NULL,
	"country_id" integer,
	"dealer_id" integer,
	"markup_group_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"session_version" integer DEFAULT 1 NOT NULL,
	"starred_pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_type_id_check" CHECK ("users"."type_id" between 1 and 4),
	CONSTRAINT "users_lang_check" CHECK ("users"."lang" in ('en', 'ru', 'az')),
	CONSTRAINT "users_credit_limit_check" CHECK ("users"."credit_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_district_countries" ADD CONSTRAINT "local_district_countries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_district_countries" ADD CONSTRAINT "local_district_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_dealer_id_users_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_markup_group_id_markup_groups_id_fk" FOREIGN KEY ("markup_group_id") REFERENCES "public"."markup_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_unique" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_dealer_idx" ON "users" USING btree ("dealer_id");--> statement-breakpoint
CREATE INDEX "users_country_idx" ON "users" USING btree ("country_id");