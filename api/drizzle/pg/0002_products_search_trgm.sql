-- Name and SKU search (GET /api/products?search=): trigram GIN indexes, so the API's
-- `lower(name) LIKE '%term%'` / `lower(sku) LIKE '%term%'` are index scans (terms of 3+ characters).
--
-- pg_trgm is installed once per database. It goes to `public` when that schema exists, never to
-- the app's own schema: the app migrates whatever schema search_path names (tests use throwaway
-- schemas), and dropping such a schema must not drop an extension other schemas' indexes use.
-- Two schemas migrating at once may both try to install it; the loser finds it installed.
-- This is `CREATE EXTENSION IF NOT EXISTS pg_trgm` with those two cases handled.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN
      CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
    ELSE
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    END IF;
  END IF;
EXCEPTION WHEN unique_violation OR duplicate_object THEN
  NULL;
END $$;
--> statement-breakpoint
-- The operator class is named with the extension's schema, wherever it was installed, so the
-- index does not depend on search_path including that schema.
DO $$
DECLARE
  ext_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
BEGIN
  EXECUTE format('CREATE INDEX products_name_trgm_idx ON products USING gin (lower(name) %I.gin_trgm_ops) WHERE deleted_at IS NULL', ext_schema);
  EXECUTE format('CREATE INDEX products_sku_trgm_idx ON products USING gin (lower(sku) %I.gin_trgm_ops) WHERE deleted_at IS NULL', ext_schema);
END $$;
