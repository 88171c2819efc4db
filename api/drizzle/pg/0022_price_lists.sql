CREATE TABLE "customer_groups" (
	"company_id" text NOT NULL,
	"external_id" bigint NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "customer_groups_company_id_external_id_pk" PRIMARY KEY("company_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_assignments" (
	"company_id" text NOT NULL,
	"external_id" bigint NOT NULL,
	"price_list_id" bigint NOT NULL,
	"customer_group_id" bigint,
	"channel_id" bigint,
	CONSTRAINT "price_list_assignments_company_id_external_id_pk" PRIMARY KEY("company_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_records" (
	"company_id" text NOT NULL,
	"price_list_id" bigint NOT NULL,
	"variant_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"product_id" bigint NOT NULL,
	"variant_row_id" text,
	"sku" text,
	"price_cents" bigint NOT NULL,
	"sale_price_cents" bigint,
	"retail_price_cents" bigint,
	"map_price_cents" bigint,
	"date_modified" timestamp with time zone,
	"seen_at" timestamp with time zone NOT NULL,
	"version" bigint NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "price_list_records_company_id_price_list_id_variant_id_currency_pk" PRIMARY KEY("company_id","price_list_id","variant_id","currency")
);
--> statement-breakpoint
CREATE TABLE "price_list_refreshes" (
	"company_id" text NOT NULL,
	"price_list_id" bigint NOT NULL,
	"variant_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_refreshes_company_id_price_list_id_variant_id_currency_pk" PRIMARY KEY("company_id","price_list_id","variant_id","currency")
);
--> statement-breakpoint
CREATE TABLE "price_list_state" (
	"company_id" text PRIMARY KEY NOT NULL,
	"record_version" bigint DEFAULT 0 NOT NULL,
	"lists_read_at" timestamp with time zone,
	"lists_due_at" timestamp with time zone,
	"unavailable" text
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"company_id" text NOT NULL,
	"external_id" bigint NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"date_modified" timestamp with time zone,
	"records_read_at" timestamp with time zone,
	"records_since" timestamp with time zone,
	"full_read_due" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_company_id_external_id_pk" PRIMARY KEY("company_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "store_channels" (
	"company_id" text NOT NULL,
	"external_id" bigint NOT NULL,
	"name" text NOT NULL,
	"default_currency" text,
	"enabled_currencies" jsonb NOT NULL,
	CONSTRAINT "store_channels_company_id_external_id_pk" PRIMARY KEY("company_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_assignments" ADD CONSTRAINT "price_list_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_records" ADD CONSTRAINT "price_list_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_refreshes" ADD CONSTRAINT "price_list_refreshes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_state" ADD CONSTRAINT "price_list_state_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_channels" ADD CONSTRAINT "store_channels_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_records_company_version_idx" ON "price_list_records" USING btree ("company_id","version");--> statement-breakpoint
CREATE INDEX "price_list_records_product_idx" ON "price_list_records" USING btree ("company_id","price_list_id","product_id") WHERE "price_list_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "price_list_records_sku_idx" ON "price_list_records" USING btree ("company_id","price_list_id","sku") WHERE "price_list_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "price_list_records_currency_idx" ON "price_list_records" USING btree ("company_id","price_list_id","currency") WHERE "price_list_records"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "price_list_refreshes_queued_idx" ON "price_list_refreshes" USING btree ("queued_at");