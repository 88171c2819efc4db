ALTER TABLE `product_variants` ADD `retail_price_cents` integer;--> statement-breakpoint
ALTER TABLE `product_variants` ADD `cost_price_cents` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `retail_price_cents` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `cost_price_cents` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `brand` text;