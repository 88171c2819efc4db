/**
 * An in-memory stand-in for GET /api/catalog/changes in unit tests: rows take the next
 * version on every write (deletes leave tombstones), and `changes(cursor, limit)` answers as
 * the API does, including `reset` for a cursor ahead of the catalog.
 */
import {
  CATALOG_SCHEMA_VERSION,
  type CatalogChangesResponse,
  type ReplicatedProduct,
  type ReplicatedVariant,
} from '@catalog/contracts/replication';
import type { StoredProduct } from '../local/catalog-rows';
import { summarizeVariants } from '../local/variant-summary';

type Row<T> = { row: T; version: number; deleted: boolean };

export function product(id: number, fields: Partial<ReplicatedProduct> = {}): ReplicatedProduct {
  return {
    id,
    name: `Product ${id}`,
    category: null,
    sku: `SKU-${id}`,
    regularPrice: '10.00',
    salePrice: null,
    retailPrice: null,
    costPrice: null,
    brand: null,
    stock: 5,
    weight: null,
    status: 'published',
    isVisible: true,
    lastUpdated: '2025-01-01T00:00:00.000Z',
    version: 0,
    ...fields,
  };
}

/** A product row as the device stores it, without variants (`fields` over it all). */
export function storedProduct(id: number, fields: Partial<StoredProduct> = {}): StoredProduct {
  return { ...product(id, fields), variantsOnSale: 0, onSale: false, variantSummary: summarizeVariants([]), ...fields };
}

export function variant(id: number, productId: number, fields: Partial<ReplicatedVariant> = {}): ReplicatedVariant {
  return {
    id,
    productId,
    variantSku: `V-${id}`,
    regularPrice: null,
    salePrice: null,
    retailPrice: null,
    costPrice: null,
    stock: 1,
    optionValues: [{ optionName: 'Size', label: String(id) }],
    version: 0,
    ...fields,
  };
}

export class FakeCatalogServer {
  version = 0;
  readonly products = new Map<number, Row<ReplicatedProduct>>();
  readonly variants = new Map<number, Row<ReplicatedVariant>>();
  /** Every request's cursor, in order. */
  readonly requests: number[] = [];
  /** Called before answering a request (to change the catalog between pages). */
  beforeAnswer: ((cursor: number) => void) | undefined;

  putProduct(p: ReplicatedProduct): void {
    this.version += 1;
    this.products.set(p.id, { row: { ...p, version: this.version }, version: this.version, deleted: false });
  }

  putVariant(v: ReplicatedVariant): void {
    this.version += 1;
    this.variants.set(v.id, { row: { ...v, version: this.version }, version: this.version, deleted: false });
  }

  deleteVariant(id: number): void {
    const v = this.variants.get(id);
    if (!v) return;
    this.version += 1;
    this.variants.set(id, { ...v, version: this.version, deleted: true });
  }

  deleteProduct(id: number): void {
    for (const [vid, v] of this.variants) {
      if (v.row.productId === id && !v.deleted) {
        this.version += 1;
        this.variants.set(vid, { ...v, version: this.version, deleted: true });
      }
    }
    const p = this.products.get(id);
    if (!p) return;
    this.version += 1;
    this.products.set(id, { ...p, version: this.version, deleted: true });
  }

  /** Whose catalog this is (the server's company id). */
  catalogId = 'company-1';

  changes = (cursor: number, limit = 2000, catalog?: string): CatalogChangesResponse => {
    this.requests.push(cursor);
    this.beforeAnswer?.(cursor);
    const reset = cursor > this.version || (catalog !== undefined && catalog !== this.catalogId);
    const since = reset ? 0 : cursor;
    type Change = { version: number; kind: 'p' | 'v'; row: Row<ReplicatedProduct> | Row<ReplicatedVariant> };
    const all: Change[] = [
      ...[...this.products.values()].map((row) => ({ version: row.version, kind: 'p' as const, row })),
      ...[...this.variants.values()].map((row) => ({ version: row.version, kind: 'v' as const, row })),
    ]
      .filter((c) => c.version > since)
      .sort((a, b) => a.version - b.version);
    const page = all.slice(0, limit);
    const body: CatalogChangesResponse = {
      schemaVersion: CATALOG_SCHEMA_VERSION,
      catalogId: this.catalogId,
      reset,
      cursor: page.at(-1)?.version ?? since,
      hasMore: all.length > limit,
      latestVersion: this.version,
      totalProducts: [...this.products.values()].filter((p) => !p.deleted).length,
      products: [],
      variants: [],
      deletedProductIds: [],
      deletedVariantIds: [],
    };
    for (const c of page) {
      if (c.kind === 'p') {
        const r = c.row as Row<ReplicatedProduct>;
        if (r.deleted) body.deletedProductIds.push(r.row.id);
        else body.products.push(r.row);
      } else {
        const r = c.row as Row<ReplicatedVariant>;
        if (r.deleted) body.deletedVariantIds.push(r.row.id);
        else body.variants.push(r.row);
      }
    }
    return body;
  };
}
