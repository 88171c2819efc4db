ALTER TABLE `work_orders` ADD `store_hash` text;--> statement-breakpoint
CREATE INDEX `work_orders_status_lease_idx` ON `work_orders` (`status`,`lease_expires_at`);