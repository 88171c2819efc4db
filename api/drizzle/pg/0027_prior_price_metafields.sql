CREATE TABLE "prior_price_metafields" (
	"company_id" text NOT NULL,
	"variant_id" bigint NOT NULL,
	"metafield_id" bigint NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prior_price_metafields_company_id_variant_id_pk" PRIMARY KEY("company_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "prior_price_publications" (
	"company_id" text PRIMARY KEY NOT NULL,
	"store_hash" text,
	"days" integer,
	"requested" integer DEFAULT 1 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"refresh_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prior_price_metafields" ADD CONSTRAINT "prior_price_metafields_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prior_price_publications" ADD CONSTRAINT "prior_price_publications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;