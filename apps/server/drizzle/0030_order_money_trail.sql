CREATE TABLE "order_money_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer,
	"kind" varchar(20) NOT NULL,
	"amount_usd" numeric(14, 2) NOT NULL,
	"amount_azn" numeric(14, 2) NOT NULL,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_money_movements_kind" CHECK ("order_money_movements"."kind" in ('paid', 'credit_drawn', 'settled', 'credit_restored', 'refunded')),
	CONSTRAINT "order_money_movements_amounts" CHECK ("order_money_movements"."amount_usd" >= 0 and "order_money_movements"."amount_azn" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_money_movements" ADD CONSTRAINT "order_money_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_money_movements" ADD CONSTRAINT "order_money_movements_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_money_movements" ADD CONSTRAINT "order_money_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_money_movements_order_idx" ON "order_money_movements" USING btree ("order_id","id");