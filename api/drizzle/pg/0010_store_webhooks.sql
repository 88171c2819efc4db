CREATE TABLE "store_refreshes" (
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" bigint NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_refreshes_company_id_kind_external_id_pk" PRIMARY KEY("company_id","kind","external_id")
);
--> statement-breakpoint
CREATE TABLE "store_webhook_receipts" (
	"company_id" text NOT NULL,
	"hash" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_webhook_receipts_company_id_hash_pk" PRIMARY KEY("company_id","hash")
);
--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "sync_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "full_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "api_settings" ADD COLUMN "webhook_destination" text;--> statement-breakpoint
ALTER TABLE "store_refreshes" ADD CONSTRAINT "store_refreshes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_webhook_receipts" ADD CONSTRAINT "store_webhook_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_refreshes_queued_idx" ON "store_refreshes" USING btree ("queued_at");--> statement-breakpoint
CREATE INDEX "store_webhook_receipts_received_idx" ON "store_webhook_receipts" USING btree ("received_at");