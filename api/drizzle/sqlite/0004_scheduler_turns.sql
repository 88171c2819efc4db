CREATE TABLE `work_order_turns` (
	`company_id` text PRIMARY KEY NOT NULL,
	`served_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `work_orders_company_status_idx` ON `work_orders` (`company_id`,`status`);