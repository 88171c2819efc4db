CREATE TABLE `idempotency_keys` (
	`company_id` text NOT NULL,
	`key` text NOT NULL,
	`scope` text NOT NULL,
	`fingerprint` text NOT NULL,
	`status` integer,
	`response` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`completed_at` integer,
	PRIMARY KEY(`company_id`, `key`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `products_company_category_idx`;--> statement-breakpoint
CREATE INDEX `products_company_name_idx` ON `products` (`company_id`,lower("name"),`external_id`,`name`,`sku`) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX `products_company_category_idx` ON `products` (`company_id`,`category`,lower("name"),`external_id`) WHERE "products"."deleted_at" is null;