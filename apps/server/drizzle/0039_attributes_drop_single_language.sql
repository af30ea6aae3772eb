ALTER TABLE "products" DROP COLUMN "delivery_time";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "operating_systems";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "licence_type";