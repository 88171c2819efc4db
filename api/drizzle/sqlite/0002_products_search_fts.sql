-- Name and SKU search (GET /api/products?search=): an FTS5 trigram index over the live products.
-- Contentless (it keeps only the index; names live in `products`) with contentless_delete, so
-- a row can be taken out by rowid alone. Its rowid is the product row's rowid. The triggers
-- keep it in step with every write path, tombstones included (a tombstoned product leaves it,
-- a revived one comes back). Search semantics: docs/decisions/009-catalog-search-and-replication.md.
CREATE VIRTUAL TABLE `products_search` USING fts5(
  name, sku, content='', contentless_delete=1, tokenize='trigram'
);
--> statement-breakpoint
INSERT INTO `products_search` (rowid, name, sku)
  SELECT rowid, name, coalesce(sku, '') FROM `products` WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` WHEN new.deleted_at IS NULL BEGIN
  INSERT INTO `products_search` (rowid, name, sku) VALUES (new.rowid, new.name, coalesce(new.sku, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF name, sku, deleted_at ON `products`
  WHEN old.name IS NOT new.name OR old.sku IS NOT new.sku OR (old.deleted_at IS NULL) <> (new.deleted_at IS NULL)
BEGIN
  DELETE FROM `products_search` WHERE rowid = old.rowid AND old.deleted_at IS NULL;
  INSERT INTO `products_search` (rowid, name, sku)
    SELECT new.rowid, new.name, coalesce(new.sku, '') WHERE new.deleted_at IS NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` WHEN old.deleted_at IS NULL BEGIN
  DELETE FROM `products_search` WHERE rowid = old.rowid;
END;
