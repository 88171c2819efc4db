-- Name and SKU search among many companies (decision 022): trigram GIN indexes that also hold
-- company_id, so a search reads only the searching company's matches. The trigram indexes of
-- 0002 cover every company's rows: with 2,000 companies of 1,000 products, a common trigram
-- matched ~200,000 rows of others before the company filter. They stay: for one company
-- holding most of the table (100,000 products) they are the cheaper scan (the company key adds
-- nothing there but work), and the planner picks between the two by their costs.
--
-- A text column in a GIN index needs btree_gin's operator class. Installed the way 0002
-- installs pg_trgm (in `public` when it exists, never in the app's own schema; two schemas
-- migrating at once: the loser finds it installed).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gin') THEN
    IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN
      CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;
    ELSE
      CREATE EXTENSION IF NOT EXISTS btree_gin;
    END IF;
  END IF;
EXCEPTION WHEN unique_violation OR duplicate_object THEN
  NULL;
END $$;
--> statement-breakpoint
-- Both operator classes named with their extension's schema, wherever it was installed, so the
-- indexes do not depend on search_path. Same expressions and predicate as 0002's indexes, so
-- productWhere's `lower(name) LIKE` / `lower(sku) LIKE` (api/src/db/pg/products.ts) match both.
-- IF NOT EXISTS: on a large database the two can be built beforehand with CREATE INDEX
-- CONCURRENTLY under these names (this migration runs in a transaction, and writes to products
-- wait while it builds them); it then leaves them as they are.
DO $$
DECLARE
  trgm_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm');
  gin_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'btree_gin');
BEGIN
  EXECUTE format('CREATE INDEX IF NOT EXISTS products_company_name_trgm_idx ON products USING gin (company_id %I.text_ops, lower(name) %I.gin_trgm_ops) WHERE deleted_at IS NULL', gin_schema, trgm_schema);
  EXECUTE format('CREATE INDEX IF NOT EXISTS products_company_sku_trgm_idx ON products USING gin (company_id %I.text_ops, lower(sku) %I.gin_trgm_ops) WHERE deleted_at IS NULL', gin_schema, trgm_schema);
END $$;
