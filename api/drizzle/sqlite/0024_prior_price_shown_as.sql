ALTER TABLE `companies` ADD `prior_price_shown_as` text DEFAULT 'regular' NOT NULL;--> statement-breakpoint
ALTER TABLE `companies` ADD `publish_prior_price` integer DEFAULT false NOT NULL;