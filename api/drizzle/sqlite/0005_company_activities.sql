CREATE TABLE `company_activities` (
	`company_id` text NOT NULL,
	`activity` text NOT NULL,
	`owner` text NOT NULL,
	`started_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`cancel_requested` integer DEFAULT false NOT NULL,
	`progress` text,
	PRIMARY KEY(`company_id`, `activity`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
