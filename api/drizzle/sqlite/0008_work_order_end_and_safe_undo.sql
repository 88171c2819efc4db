ALTER TABLE `work_orders` ADD `revert_at` integer;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `undo_request` text;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `revert_report` text;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `warning` text;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `needs_attention` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `work_orders_status_revert_idx` ON `work_orders` (`status`,`revert_at`);