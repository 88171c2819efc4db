CREATE TABLE "work_order_series" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"rule" jsonb NOT NULL,
	"first_start" timestamp with time zone NOT NULL,
	"first_end" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "series_id" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "series_run" integer;--> statement-breakpoint
ALTER TABLE "work_order_series" ADD CONSTRAINT "work_order_series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_series_id_work_order_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "work_order_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_series_run_uq" ON "work_orders" USING btree ("series_id","series_run");