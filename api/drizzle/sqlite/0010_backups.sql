CREATE TABLE `backups` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`trigger` text NOT NULL,
	`dedupe_key` text,
	`work_order_id` text,
	`created_by` text,
	`store_hash` text,
	`product_count` integer NOT NULL,
	`variant_count` integer NOT NULL,
	`changed_count` integer,
	`parent_id` text,
	`depth` integer NOT NULL,
	`data` blob NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer,
	`expired_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`work_order_id`) REFERENCES `work_orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`parent_id`) REFERENCES `backups`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `backups_company_dedupe_uq` ON `backups` (`company_id`,`dedupe_key`);--> statement-breakpoint
CREATE INDEX `backups_company_created_idx` ON `backups` (`company_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `backups_parent_idx` ON `backups` (`parent_id`);--> statement-breakpoint
CREATE INDEX `backups_expires_idx` ON `backups` (`expires_at`);--> statement-breakpoint
CREATE INDEX `price_history_company_created_idx` ON `price_history` (`company_id`,`created_at`);