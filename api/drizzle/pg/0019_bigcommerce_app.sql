CREATE TABLE "bigcommerce_installations" (
	"store_hash" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"owner_bc_user_id" bigint NOT NULL,
	"account_uuid" text,
	"scopes" text NOT NULL,
	"installed_at" timestamp with time zone NOT NULL,
	"uninstalled_at" timestamp with time zone,
	CONSTRAINT "bigcommerce_installations_company_id_unique" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "bigcommerce_payload_ids" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bigcommerce_users" (
	"store_hash" text NOT NULL,
	"bc_user_id" bigint NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bigcommerce_users_store_hash_bc_user_id_pk" PRIMARY KEY("store_hash","bc_user_id")
);
--> statement-breakpoint
CREATE TABLE "sign_in_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bigcommerce_installations" ADD CONSTRAINT "bigcommerce_installations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bigcommerce_users" ADD CONSTRAINT "bigcommerce_users_store_hash_bigcommerce_installations_store_hash_fk" FOREIGN KEY ("store_hash") REFERENCES "bigcommerce_installations"("store_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bigcommerce_users" ADD CONSTRAINT "bigcommerce_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD CONSTRAINT "sign_in_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bigcommerce_installations_uninstalled_idx" ON "bigcommerce_installations" USING btree ("uninstalled_at");--> statement-breakpoint
CREATE INDEX "bigcommerce_payload_ids_expires_idx" ON "bigcommerce_payload_ids" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "bigcommerce_users_user_idx" ON "bigcommerce_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_codes_expires_idx" ON "sign_in_codes" USING btree ("expires_at");