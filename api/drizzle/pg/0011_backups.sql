CREATE TABLE "backups" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"trigger" text NOT NULL,
	"dedupe_key" text,
	"work_order_id" text,
	"created_by" text,
	"store_hash" text,
	"product_count" integer NOT NULL,
	"variant_count" integer NOT NULL,
	"changed_count" integer,
	"parent_id" text,
	"depth" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_parent_id_backups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "backups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "backups_company_dedupe_uq" ON "backups" USING btree ("company_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "backups_company_created_idx" ON "backups" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "backups_parent_idx" ON "backups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "backups_expires_idx" ON "backups" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "price_history_company_created_idx" ON "price_history" USING btree ("company_id","created_at");