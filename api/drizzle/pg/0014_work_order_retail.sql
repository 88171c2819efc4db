ALTER TABLE "price_history" ADD COLUMN "old_retail_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "new_retail_price_cents" bigint;