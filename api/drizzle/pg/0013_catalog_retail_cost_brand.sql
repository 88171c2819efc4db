ALTER TABLE "product_variants" ADD COLUMN "retail_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "cost_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "retail_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cost_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text;