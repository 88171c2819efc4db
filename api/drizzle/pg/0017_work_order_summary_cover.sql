DROP INDEX "work_order_targets_company_target_idx";--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "undo_trigger" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "revert_counts" jsonb;--> statement-breakpoint
CREATE INDEX "work_order_targets_company_target_order_idx" ON "work_order_targets" USING btree ("company_id","target","work_order_id");--> statement-breakpoint
-- Backfill (issue 31): the undo's trigger and the revert report's counts, as update() writes them.
UPDATE "work_orders" SET
  "undo_trigger" = "undo_request" ->> 'trigger',
  "revert_counts" = "revert_report" - 'items'
WHERE "undo_request" IS NOT NULL OR "revert_report" IS NOT NULL;
