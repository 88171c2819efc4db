CREATE TABLE `work_order_targets` (
	`work_order_id` text NOT NULL,
	`company_id` text NOT NULL,
	`target` text NOT NULL,
	PRIMARY KEY(`work_order_id`, `target`),
	FOREIGN KEY (`work_order_id`) REFERENCES `work_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `work_order_targets_company_target_idx` ON `work_order_targets` (`company_id`,`target`);--> statement-breakpoint
ALTER TABLE `work_orders` ADD `item_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `product_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `regular_price_updates` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `sale_price_updates` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `retail_price_updates` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill (issue 31): the counts a card shows (repository-shared.work-orders.ts itemCounts, the
-- same rule) and the targets (contracts' itemTarget of the store's ids) of the orders made before.
UPDATE `work_orders` SET
  `item_count` = json_array_length(`product_updates`),
  `product_count` = (SELECT count(DISTINCT json_extract(j.value, '$.productId')) FROM json_each(`work_orders`.`product_updates`) AS j),
  `regular_price_updates` = (SELECT count(*) FROM json_each(`work_orders`.`product_updates`) AS j WHERE json_type(j.value, '$.newRegularPriceCents') IS NOT NULL),
  `sale_price_updates` = (SELECT count(*) FROM json_each(`work_orders`.`product_updates`) AS j WHERE json_type(j.value, '$.newSalePriceCents') IS NOT NULL),
  `retail_price_updates` = (SELECT count(*) FROM json_each(`work_orders`.`product_updates`) AS j WHERE json_type(j.value, '$.newRetailPriceCents') IS NOT NULL);--> statement-breakpoint
INSERT OR IGNORE INTO `work_order_targets` (`work_order_id`, `company_id`, `target`)
  SELECT wo.`id`, wo.`company_id`,
    CASE WHEN json_extract(j.value, '$.externalVariantId') IS NOT NULL THEN 'v' || json_extract(j.value, '$.externalVariantId')
      ELSE 'p' || coalesce(json_extract(j.value, '$.externalProductId'), 0) END
  FROM `work_orders` AS wo, json_each(wo.`product_updates`) AS j;
