CREATE TABLE `store_taxonomy` (
	`company_id` text NOT NULL,
	`store_hash` text NOT NULL,
	`categories` text,
	`categories_read_at` integer,
	`category_events` integer DEFAULT 0 NOT NULL,
	`categories_read_events` integer DEFAULT 0 NOT NULL,
	`brands` text,
	`missing_brands` text,
	`brands_read_at` integer,
	PRIMARY KEY(`company_id`, `store_hash`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
