CREATE TABLE `bigcommerce_installations` (
	`store_hash` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`owner_bc_user_id` integer NOT NULL,
	`account_uuid` text,
	`scopes` text NOT NULL,
	`installed_at` integer NOT NULL,
	`uninstalled_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bigcommerce_installations_company_id_unique` ON `bigcommerce_installations` (`company_id`);--> statement-breakpoint
CREATE INDEX `bigcommerce_installations_uninstalled_idx` ON `bigcommerce_installations` (`uninstalled_at`);--> statement-breakpoint
CREATE TABLE `bigcommerce_payload_ids` (
	`jti` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bigcommerce_payload_ids_expires_idx` ON `bigcommerce_payload_ids` (`expires_at`);--> statement-breakpoint
CREATE TABLE `bigcommerce_users` (
	`store_hash` text NOT NULL,
	`bc_user_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`store_hash`, `bc_user_id`),
	FOREIGN KEY (`store_hash`) REFERENCES `bigcommerce_installations`(`store_hash`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bigcommerce_users_user_idx` ON `bigcommerce_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `sign_in_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sign_in_codes_expires_idx` ON `sign_in_codes` (`expires_at`);