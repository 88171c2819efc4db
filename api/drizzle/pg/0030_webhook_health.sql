ALTER TABLE "api_settings" ADD COLUMN "webhooks_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "webhooks_good_at" timestamp with time zone;