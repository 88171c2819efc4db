ALTER TABLE "work_orders" ADD COLUMN "revert_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "undo_request" jsonb;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "revert_report" jsonb;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "warning" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "needs_attention" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "work_orders_status_revert_idx" ON "work_orders" USING btree ("status","revert_at");