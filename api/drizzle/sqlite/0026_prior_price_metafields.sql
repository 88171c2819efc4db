CREATE TABLE `prior_price_metafields` (
	`company_id` text NOT NULL,
	`variant_id` integer NOT NULL,
	`metafield_id` integer NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`company_id`, `variant_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `prior_price_publications` (
	`company_id` text PRIMARY KEY NOT NULL,
	`store_hash` text,
	`days` integer,
	`requested` integer DEFAULT 1 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`refresh_at` integer,
	`retry_at` integer,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
