/**
 * Catalog replication, server -> device (GET /api/catalog/changes, contracts replication.ts):
 * one page of the company's catalog changes after a cursor. The cursor is the company's change
 * version (every written product or variant row takes the next one), so pulling page after page
 * sees every change exactly in version order, also when writes land between two pages: a row
 * written meanwhile takes a version above the cursor and comes with a later page.
 *
 * A device starts over (`reset`) when it speaks another CATALOG_SCHEMA_VERSION, when its copy
 * is of another company's catalog (its user moved to another team), or when its
 * cursor is ahead of the company's version: it was taken from another company's catalog or
 * from the database before a restore, so changes since it mean nothing. The page then starts
 * from 0 and the device drops its copy before applying it.
 *
 * Rows are objects, or with `rows=arrays` arrays of their values in the contracts' columns order,
 * named in the page's `columns` (replication-rows.ts, decision 064).
 */
import { CATALOG_SCHEMA_VERSION, type CatalogChangesQuery, type CatalogChangesResponse } from '@catalog/contracts/replication';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { LruCache } from '@catalog/contracts/lru-cache';
import { PRODUCT_COLUMNS, toRow, VARIANT_COLUMNS, type ReplicationRowShape } from '@catalog/contracts/replication-rows';
import type { ChangesPageJson, Database } from '../../db/repositories';
import { toReplicatedProduct, toReplicatedVariant } from './catalog-wire';

/** A page as its JSON (a CatalogChangesResponse, UTF-8): a first pull's pages are large, and never built as objects on SQLite. */
export type CatalogChanges = (companyId: string, query: CatalogChangesQuery) => Promise<Buffer<ArrayBuffer>>;

export function createCatalogChanges(db: Database): CatalogChanges {
  // A first pull of 100,000 products is ~100 pages that all report the same total: counted
  // once per catalog version (a count of that many rows costs about as much as a page).
  const totals = new LruCache<string, number>({ maxEntries: 1024 });
  async function totalProducts(companyId: string, version: number): Promise<number> {
    const key = `${companyId}\u0000${version}`;
    const known = totals.get(key);
    if (known !== undefined) return known;
    const total = await db.products.count(companyId);
    totals.set(key, total);
    return total;
  }
  return (companyId, query) => catalogChanges(db, companyId, query, totalProducts);
}

async function catalogChanges(
  db: Database, companyId: string, query: CatalogChangesQuery, countProducts: (companyId: string, version: number) => Promise<number>,
): Promise<Buffer<ArrayBuffer>> {
  const company = await db.companies.get(companyId);
  if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
  const reset =
    (query.schema !== undefined && query.schema !== CATALOG_SCHEMA_VERSION) ||
    (query.catalog !== undefined && query.catalog !== companyId) ||
    query.cursor > company.catalogVersion;
  const since = reset ? 0 : query.cursor;
  const [page, totalProducts] = await Promise.all([
    changesJson(db, companyId, since, query.limit, query.rows),
    countProducts(companyId, company.catalogVersion),
  ]);
  const head: Omit<CatalogChangesResponse, 'products' | 'variants' | 'deletedProductIds' | 'deletedVariantIds'> = {
    schemaVersion: CATALOG_SCHEMA_VERSION,
    catalogId: companyId,
    reset,
    cursor: page.cursor,
    hasMore: page.hasMore,
    // Read before the page: writes committed in between can put the page past it.
    latestVersion: Math.max(company.catalogVersion, page.cursor),
    totalProducts,
    ...(query.rows === 'arrays' ? { columns: { products: PRODUCT_COLUMNS, variants: VARIANT_COLUMNS } } : {}),
  };
  return pageJson(head, { products: page.products, variants: page.variants, deletedProductIds: page.deletedProductIds, deletedVariantIds: page.deletedVariantIds });
}

/**
 * A replication page's JSON, UTF-8: `head`'s fields, then the arrays (JSON text each) under
 * their names. A page's arrays are most of its ~1.4 MB and come as bytes already.
 */
export function pageJson(head: object, arrays: Record<string, Buffer>): Buffer<ArrayBuffer> {
  const parts: Buffer[] = [Buffer.from(JSON.stringify(head).slice(0, -1))];
  for (const [name, json] of Object.entries(arrays)) parts.push(Buffer.from(`,${JSON.stringify(name)}:`), json);
  parts.push(Buffer.from('}'));
  return Buffer.concat(parts);
}

/** The page's arrays: the dialect's own JSON when it writes it, else changesSince's rows mapped here. */
async function changesJson(db: Database, companyId: string, since: number, limit: number, shape: ReplicationRowShape): Promise<ChangesPageJson> {
  if (db.products.changesSinceJson) return db.products.changesSinceJson(companyId, since, limit, shape);
  const page = await db.products.changesSince(companyId, since, limit);
  const body: Pick<CatalogChangesResponse, 'products' | 'variants' | 'deletedProductIds' | 'deletedVariantIds'> = {
    products: [], variants: [], deletedProductIds: [], deletedVariantIds: [],
  };
  for (const change of page.changes) {
    if (change.kind === 'product') {
      if (change.product.deletedAt) body.deletedProductIds.push(change.product.externalId);
      else body.products.push(toReplicatedProduct(change.product));
    } else if (change.variant.deletedAt) {
      body.deletedVariantIds.push(change.variant.externalId);
    } else {
      body.variants.push(toReplicatedVariant(change.variant, change.productExternalId));
    }
  }
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  const arrays = shape === 'arrays';
  return {
    cursor: page.cursor, hasMore: page.hasMore,
    products: json(arrays ? body.products.map((p) => toRow(p, PRODUCT_COLUMNS)) : body.products),
    variants: json(arrays ? body.variants.map((v) => toRow(v, VARIANT_COLUMNS)) : body.variants),
    deletedProductIds: json(body.deletedProductIds), deletedVariantIds: json(body.deletedVariantIds),
  };
}
