CREATE TABLE `store_refreshes` (
	`company_id` text NOT NULL,
	`kind` text NOT NULL,
	`external_id` integer NOT NULL,
	`queued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`company_id`, `kind`, `external_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_refreshes_queued_idx` ON `store_refreshes` (`queued_at`);--> statement-breakpoint
CREATE TABLE `store_webhook_receipts` (
	`company_id` text NOT NULL,
	`hash` text NOT NULL,
	`received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`company_id`, `hash`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `store_webhook_receipts_received_idx` ON `store_webhook_receipts` (`received_at`);--> statement-breakpoint
ALTER TABLE `api_settings` ADD `sync_since` integer;--> statement-breakpoint
ALTER TABLE `api_settings` ADD `full_sync_at` integer;--> statement-breakpoint
ALTER TABLE `api_settings` ADD `webhook_secret` text;--> statement-breakpoint
ALTER TABLE `api_settings` ADD `webhook_destination` text;