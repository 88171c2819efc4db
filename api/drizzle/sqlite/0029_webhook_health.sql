ALTER TABLE `api_settings` ADD `webhooks_checked_at` integer;--> statement-breakpoint
ALTER TABLE `api_settings` ADD `webhooks_good_at` integer;