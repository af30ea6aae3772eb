CREATE TABLE "document_counters" (
	"kind" varchar(20) NOT NULL,
	"year" smallint NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"number" varchar(20) NOT NULL,
	"year" smallint NOT NULL,
	"seq" integer NOT NULL,
	"movement_id" integer,
	"amount_azn" numeric(14, 2) NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_documents_kind" CHECK ("order_documents"."kind" in ('proforma', 'invoice', 'credit_note')),
	CONSTRAINT "order_documents_credit_note_movement" CHECK (("order_documents"."kind" = 'credit_note') = ("order_documents"."movement_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_movement_id_order_money_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."order_money_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_number_idx" ON "order_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_kind_year_seq_idx" ON "order_documents" USING btree ("kind","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_order_kind_idx" ON "order_documents" USING btree ("order_id","kind") WHERE "order_documents"."kind" in ('proforma', 'invoice');--> statement-breakpoint
CREATE UNIQUE INDEX "order_documents_movement_idx" ON "order_documents" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_id","id");