CREATE TABLE "work_order_targets" (
	"work_order_id" text NOT NULL,
	"company_id" text NOT NULL,
	"target" text NOT NULL,
	CONSTRAINT "work_order_targets_work_order_id_target_pk" PRIMARY KEY("work_order_id","target")
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "item_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "product_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "regular_price_updates" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "sale_price_updates" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "retail_price_updates" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "work_order_targets" ADD CONSTRAINT "work_order_targets_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_targets" ADD CONSTRAINT "work_order_targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_order_targets_company_target_idx" ON "work_order_targets" USING btree ("company_id","target");--> statement-breakpoint
-- Backfill (issue 31): the counts a card shows (repository-shared.work-orders.ts itemCounts, the
-- same rule) and the targets (contracts' itemTarget of the store's ids) of the orders made before.
UPDATE "work_orders" SET
  "item_count" = jsonb_array_length("product_updates"),
  "product_count" = (SELECT count(DISTINCT e.value ->> 'productId') FROM jsonb_array_elements("work_orders"."product_updates") AS e(value)),
  "regular_price_updates" = (SELECT count(*) FROM jsonb_array_elements("work_orders"."product_updates") AS e(value) WHERE e.value -> 'newRegularPriceCents' IS NOT NULL),
  "sale_price_updates" = (SELECT count(*) FROM jsonb_array_elements("work_orders"."product_updates") AS e(value) WHERE e.value -> 'newSalePriceCents' IS NOT NULL),
  "retail_price_updates" = (SELECT count(*) FROM jsonb_array_elements("work_orders"."product_updates") AS e(value) WHERE e.value -> 'newRetailPriceCents' IS NOT NULL);--> statement-breakpoint
INSERT INTO "work_order_targets" ("work_order_id", "company_id", "target")
  SELECT wo."id", wo."company_id",
    CASE WHEN e.value ->> 'externalVariantId' IS NOT NULL THEN 'v' || (e.value ->> 'externalVariantId')
      ELSE 'p' || coalesce(e.value ->> 'externalProductId', '0') END
  FROM "work_orders" AS wo CROSS JOIN LATERAL jsonb_array_elements(wo."product_updates") AS e(value)
ON CONFLICT DO NOTHING;
