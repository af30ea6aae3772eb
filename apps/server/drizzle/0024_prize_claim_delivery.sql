ALTER TABLE "won_prizes" ADD COLUMN "delivery_contact_name" varchar(120);--> statement-breakpoint
ALTER TABLE "won_prizes" ADD COLUMN "delivery_phone" varchar(30);--> statement-breakpoint
ALTER TABLE "won_prizes" ADD COLUMN "delivery_address" varchar(500);