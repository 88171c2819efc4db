ALTER TABLE `price_history` ADD `old_retail_price_cents` integer;--> statement-breakpoint
ALTER TABLE `price_history` ADD `new_retail_price_cents` integer;