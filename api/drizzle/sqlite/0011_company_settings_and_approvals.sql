ALTER TABLE `companies` ADD `orders_need_approval` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `guardrail_threshold_percent` integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `retail_floor` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `blocking_guardrails` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `approved_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `approved_at` integer;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `rejected_by` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `rejected_at` integer;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `rejection_reason` text;