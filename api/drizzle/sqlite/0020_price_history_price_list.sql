ALTER TABLE `price_history` ADD `price_list_id` integer;--> statement-breakpoint
ALTER TABLE `price_history` ADD `currency` text;