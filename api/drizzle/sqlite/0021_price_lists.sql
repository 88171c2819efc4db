CREATE TABLE `customer_groups` (
	`company_id` text NOT NULL,
	`external_id` integer NOT NULL,
	`name` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`company_id`, `external_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `price_list_assignments` (
	`company_id` text NOT NULL,
	`external_id` integer NOT NULL,
	`price_list_id` integer NOT NULL,
	`customer_group_id` integer,
	`channel_id` integer,
	PRIMARY KEY(`company_id`, `external_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `price_list_records` (
	`company_id` text NOT NULL,
	`price_list_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`currency` text NOT NULL,
	`product_id` integer NOT NULL,
	`variant_row_id` text,
	`sku` text,
	`price_cents` integer NOT NULL,
	`sale_price_cents` integer,
	`retail_price_cents` integer,
	`map_price_cents` integer,
	`date_modified` integer,
	`seen_at` integer NOT NULL,
	`version` integer NOT NULL,
	`deleted_at` integer,
	PRIMARY KEY(`company_id`, `price_list_id`, `variant_id`, `currency`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_list_records_company_version_idx` ON `price_list_records` (`company_id`,`version`);--> statement-breakpoint
CREATE INDEX `price_list_records_product_idx` ON `price_list_records` (`company_id`,`price_list_id`,`product_id`) WHERE "price_list_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `price_list_records_sku_idx` ON `price_list_records` (`company_id`,`price_list_id`,`sku`) WHERE "price_list_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `price_list_records_currency_idx` ON `price_list_records` (`company_id`,`price_list_id`,`currency`) WHERE "price_list_records"."deleted_at" is null;--> statement-breakpoint
CREATE TABLE `price_list_refreshes` (
	`company_id` text NOT NULL,
	`price_list_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`currency` text NOT NULL,
	`queued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`company_id`, `price_list_id`, `variant_id`, `currency`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_list_refreshes_queued_idx` ON `price_list_refreshes` (`queued_at`);--> statement-breakpoint
CREATE TABLE `price_list_state` (
	`company_id` text PRIMARY KEY NOT NULL,
	`record_version` integer DEFAULT 0 NOT NULL,
	`lists_read_at` integer,
	`lists_due_at` integer,
	`unavailable` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `price_lists` (
	`company_id` text NOT NULL,
	`external_id` integer NOT NULL,
	`name` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`date_modified` integer,
	`records_read_at` integer,
	`records_since` integer,
	`full_read_due` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`company_id`, `external_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `store_channels` (
	`company_id` text NOT NULL,
	`external_id` integer NOT NULL,
	`name` text NOT NULL,
	`default_currency` text,
	`enabled_currencies` text NOT NULL,
	PRIMARY KEY(`company_id`, `external_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
