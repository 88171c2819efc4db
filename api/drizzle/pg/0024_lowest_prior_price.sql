CREATE TABLE "store_coverage" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "prior_price_days" integer;--> statement-breakpoint
ALTER TABLE "store_coverage" ADD CONSTRAINT "store_coverage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_coverage_company_started_idx" ON "store_coverage" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "price_history_item_created_idx" ON "price_history" USING btree ("company_id","product_id","variant_id","price_list_id","currency","created_at");--> statement-breakpoint
-- A store connected and synced before this migration is followed from the first backup taken since it connected (a backup holds prices the app knew), else from its last sync.
INSERT INTO "store_coverage" ("id", "company_id", "started_at")
SELECT gen_random_uuid()::text, s."company_id",
  least(coalesce((SELECT min(b."created_at") FROM "backups" b WHERE b."company_id" = s."company_id" AND b."created_at" >= s."created_at"), s."last_sync_at"), s."last_sync_at")
FROM "api_settings" s WHERE s."last_sync_at" IS NOT NULL;
