CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "store_hash" text;--> statement-breakpoint
CREATE INDEX "work_orders_status_lease_idx" ON "work_orders" USING btree ("status","lease_expires_at");