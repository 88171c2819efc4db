DROP INDEX `work_order_targets_company_target_idx`;--> statement-breakpoint
CREATE INDEX `work_order_targets_company_target_order_idx` ON `work_order_targets` (`company_id`,`target`,`work_order_id`);--> statement-breakpoint
ALTER TABLE `work_orders` ADD `undo_trigger` text;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `revert_counts` text;--> statement-breakpoint
-- Backfill (issue 31): the undo's trigger and the revert report's counts, as update() writes them.
UPDATE `work_orders` SET
  `undo_trigger` = json_extract(`undo_request`, '$.trigger'),
  `revert_counts` = CASE WHEN `revert_report` IS NULL THEN NULL ELSE json_remove(`revert_report`, '$.items') END;--> statement-breakpoint
-- SQLite only (a custom index, which drizzle-kit does not know): every column of a summary
-- (repository-shared.work-orders.ts SUMMARY_COLUMNS) after the list's key, so a page of the list
-- is read from this index alone. In the table these columns come after product_updates and
-- original_prices, whose overflow pages SQLite walks to reach them (a page of 100 orders of
-- 2,360 items read ~17,000 pages); PostgreSQL keeps those values out of line (TOAST).
-- sqlite/work-orders-list-index.test.ts fails when a summary column is missing here.
CREATE INDEX `work_orders_summary_cover_idx` ON `work_orders` (
  `company_id`, `created_at`, `id`, `archived`, `created_by`, `title`, `scheduled_at`, `execute_immediately`, `status`,
  `executed_at`, `undone_at`, `error`, `idempotency_key`, `revert_at`, `warning`, `needs_attention`, `approved_by`,
  `approved_at`, `rejected_by`, `rejected_at`, `rejection_reason`, `item_count`, `product_count`, `regular_price_updates`,
  `sale_price_updates`, `retail_price_updates`, `undo_trigger`, `revert_counts`
);
