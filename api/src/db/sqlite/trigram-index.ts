/**
 * The in-memory trigram index of one company's live products, as plain data structures and
 * functions (no SQL, no I/O): built from the products in list order, it answers a product
 * filter with the matching products' ranks (positions in that order), hence their store ids
 * already sorted. product-search-index.ts reads the rows, keeps each index fresh and decides
 * when one may answer.
 *
 * Same answers as the SQL (filterSql in products.ts):
 *   - a search of 3+ characters is a case-folded substring of the name or SKU (FTS5 trigram
 *     phrase): the smallest posting lists of its trigrams, intersected, each candidate checked by
 *     a substring test. 1-2 characters (LIKE) have posting lists of their own per character and
 *     character pair, which are the answer.
 *   - terms must be ASCII (`canAnswer`; others go to SQL). Names and SKUs come as SQLite's
 *     lower() folds them (ASCII only), which is what LIKE matches 1-2 character terms against;
 *     for 3+ characters the trigram tokenizer also folds U+212A (Kelvin sign) to "k" and U+017F
 *     (long s) to "s", the only non-ASCII characters it folds into ASCII (checked over the whole
 *     BMP against SQLite 3.53), so rows holding them get a second, FTS-folded key.
 *   - a category matches itself and what is below it (`path` or `path > ...`), as the range in
 *     filterSql does; `visibleOnly` and the product filters (brand, price, ...) are not indexed (SQL).
 *   - the order is the order rows were added in (the caller reads it from SQL), never recomputed.
 *
 * The index and its builder are trigram-index-build.ts; what a built index answers, and whether
 * it still reflects changed rows, is trigram-index-query.ts.
 */
export * from './trigram-index-build';
export * from './trigram-index-query';
