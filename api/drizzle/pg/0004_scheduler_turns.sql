CREATE TABLE "work_order_turns" (
	"company_id" text PRIMARY KEY NOT NULL,
	"served_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_order_turns" ADD CONSTRAINT "work_order_turns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_orders_company_status_idx" ON "work_orders" USING btree ("company_id","status");