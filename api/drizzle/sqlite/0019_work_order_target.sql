ALTER TABLE `work_orders` ADD `target` text;--> statement-breakpoint
-- The summary's columns gained `target` (issue 35): the covering index of a page of the list
-- (0016) is made again with it, so a page still reads the index alone.
DROP INDEX `work_orders_summary_cover_idx`;--> statement-breakpoint
CREATE INDEX `work_orders_summary_cover_idx` ON `work_orders` (
  `company_id`, `created_at`, `id`, `archived`, `created_by`, `title`, `scheduled_at`, `execute_immediately`, `status`,
  `executed_at`, `undone_at`, `error`, `idempotency_key`, `revert_at`, `warning`, `needs_attention`, `approved_by`,
  `approved_at`, `rejected_by`, `rejected_at`, `rejection_reason`, `item_count`, `product_count`, `regular_price_updates`,
  `sale_price_updates`, `retail_price_updates`, `undo_trigger`, `revert_counts`, `target`
);
