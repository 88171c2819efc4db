CREATE TABLE "company_activities" (
	"company_id" text NOT NULL,
	"activity" text NOT NULL,
	"owner" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"progress" jsonb,
	CONSTRAINT "company_activities_company_id_activity_pk" PRIMARY KEY("company_id","activity")
);
--> statement-breakpoint
ALTER TABLE "company_activities" ADD CONSTRAINT "company_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE cascade ON UPDATE no action;