ALTER TABLE `products` ADD `weight_hundredths` integer;--> statement-breakpoint
-- The weights kept so far (a float) as exact hundredths; the float column goes in the next migration.
UPDATE `products` SET `weight_hundredths` = CAST(round(`weight` * 100) AS INTEGER) WHERE `weight` IS NOT NULL;
