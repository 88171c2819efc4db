ALTER TABLE "price_history" ADD COLUMN "price_list_id" integer;--> statement-breakpoint
ALTER TABLE "price_history" ADD COLUMN "currency" text;