ALTER TABLE "products" ADD COLUMN "weight_hundredths" bigint;--> statement-breakpoint
-- The weights kept so far (a float) as exact hundredths; the float column goes in the next migration.
UPDATE "products" SET "weight_hundredths" = round(("weight" * 100)::numeric)::bigint WHERE "weight" IS NOT NULL;
