CREATE TABLE `api_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`store_hash` text NOT NULL,
	`access_token` text NOT NULL,
	`client_id` text NOT NULL,
	`show_stock` integer DEFAULT false NOT NULL,
	`show_stock_status` integer DEFAULT false NOT NULL,
	`show_invisible_products` integer DEFAULT false NOT NULL,
	`last_sync_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_settings_company_id_unique` ON `api_settings` (`company_id`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`subscription_plan` text DEFAULT 'trial' NOT NULL,
	`product_limit` integer DEFAULT 5 NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`subscription_status` text DEFAULT 'active' NOT NULL,
	`current_period_end` integer,
	`cancelled_at` integer,
	`catalog_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `companies_stripe_customer_idx` ON `companies` (`stripe_customer_id`);--> statement-breakpoint
CREATE TABLE `company_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT 'member' NOT NULL,
	`invited_by` text,
	`token` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_invitations_token_unique` ON `company_invitations` (`token`);--> statement-breakpoint
CREATE INDEX `company_invitations_company_idx` ON `company_invitations` (`company_id`);--> statement-breakpoint
CREATE INDEX `company_invitations_email_idx` ON `company_invitations` (`email`);--> statement-breakpoint
CREATE TABLE `price_history` (
	`id` text PRIMARY KEY NOT NULL,
	`product_id` text NOT NULL,
	`variant_id` text,
	`company_id` text NOT NULL,
	`old_regular_price_cents` integer,
	`new_regular_price_cents` integer,
	`old_sale_price_cents` integer,
	`new_sale_price_cents` integer,
	`change_type` text NOT NULL,
	`work_order_id` text,
	`changed_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`work_order_id`) REFERENCES `work_orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `price_history_company_product_created_idx` ON `price_history` (`company_id`,`product_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `price_history_work_order_idx` ON `price_history` (`work_order_id`);--> statement-breakpoint
CREATE TABLE `product_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`product_id` text NOT NULL,
	`external_id` integer NOT NULL,
	`variant_sku` text,
	`option_values` text,
	`regular_price_cents` integer,
	`sale_price_cents` integer,
	`calculated_price_cents` integer,
	`stock` integer DEFAULT 0 NOT NULL,
	`last_updated` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_company_external_uq` ON `product_variants` (`company_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `product_variants_product_idx` ON `product_variants` (`product_id`);--> statement-breakpoint
CREATE INDEX `product_variants_company_version_idx` ON `product_variants` (`company_id`,`version`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`external_id` integer NOT NULL,
	`name` text NOT NULL,
	`sku` text,
	`description` text,
	`category` text,
	`regular_price_cents` integer DEFAULT 0 NOT NULL,
	`sale_price_cents` integer,
	`stock` integer DEFAULT 0 NOT NULL,
	`weight` real,
	`status` text DEFAULT 'published' NOT NULL,
	`is_visible` integer DEFAULT true NOT NULL,
	`last_updated` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`version` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_company_external_uq` ON `products` (`company_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `products_company_version_idx` ON `products` (`company_id`,`version`);--> statement-breakpoint
CREATE INDEX `products_company_category_idx` ON `products` (`company_id`,`category`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`processed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`firebase_uid` text,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`role` text DEFAULT 'member' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`has_seen_walkthrough` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_firebase_uid_unique` ON `users` (`firebase_uid`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`);--> statement-breakpoint
CREATE TABLE `work_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`created_by` text,
	`title` text NOT NULL,
	`product_updates` text NOT NULL,
	`original_prices` text,
	`scheduled_at` integer,
	`execute_immediately` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`executed_at` integer,
	`undone_at` integer,
	`error` text,
	`idempotency_key` text,
	`lease_owner` text,
	`lease_expires_at` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `work_orders_company_idempotency_uq` ON `work_orders` (`company_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `work_orders_status_scheduled_idx` ON `work_orders` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `work_orders_company_created_idx` ON `work_orders` (`company_id`,`created_at`);