CREATE TABLE "store_taxonomy" (
	"company_id" text NOT NULL,
	"store_hash" text NOT NULL,
	"categories" jsonb,
	"categories_read_at" timestamp with time zone,
	"category_events" integer DEFAULT 0 NOT NULL,
	"categories_read_events" integer DEFAULT 0 NOT NULL,
	"brands" jsonb,
	"missing_brands" jsonb,
	"brands_read_at" timestamp with time zone,
	CONSTRAINT "store_taxonomy_company_id_store_hash_pk" PRIMARY KEY("company_id","store_hash")
);
--> statement-breakpoint
ALTER TABLE "store_taxonomy" ADD CONSTRAINT "store_taxonomy_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;