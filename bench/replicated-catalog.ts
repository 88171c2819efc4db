/**
 * The demo store's generated catalog as a device replicates it (ReplicatedProduct and
 * ReplicatedVariant rows, a third of the products with option variants) and as changes pages of
 * GET /api/catalog/changes: what the browser benchmarks of the device's catalog write into
 * IndexedDB through the app's own pull loop (local-catalog-engine, csv-import).
 */
import { CATALOG_SCHEMA_VERSION, type CatalogChangesResponse, type ReplicatedProduct, type ReplicatedVariant } from '@catalog/contracts/replication';
import { generateCatalog } from '../packages/demo-store/src/generate-catalog';

const cents = (n: number | null) => (n === null ? null : n.toFixed(2));

export interface ReplicatedCatalog {
  products: ReplicatedProduct[];
  variants: ReplicatedVariant[];
}

/** `n` generated products (seeded, so every run has the same catalog) with their variants. */
export function replicatedCatalog(n: number, seed = 'bench'): ReplicatedCatalog {
  const data = generateCatalog({ products: n, seed });
  const byId = new Map(data.categories.map((c) => [c.category_id, c]));
  const pathOf = (id: number) => {
    const names: string[] = [];
    for (let c = byId.get(id); c; c = byId.get(c.parent_id)) names.unshift(c.name);
    return names.join(' > ');
  };
  let version = 0;
  const products: ReplicatedProduct[] = [];
  const variants: ReplicatedVariant[] = [];
  for (const p of data.products.values()) {
    products.push({
      id: p.id, name: p.name, category: p.categories.length ? pathOf(p.categories[0]!) : null, sku: p.sku || null,
      regularPrice: cents(p.price)!, salePrice: p.sale_price > 0 ? cents(p.sale_price) : null, stock: p.inventory_level,
      weight: p.weight, status: p.is_visible ? 'published' : 'draft', isVisible: p.is_visible, lastUpdated: new Date().toISOString(), version: ++version,
    });
    if (p.base_variant_id !== null) continue;
    for (const id of data.variantsByProduct.get(p.id) ?? []) {
      const v = data.variants.get(id)!;
      variants.push({
        id: v.id, productId: p.id, variantSku: v.sku, regularPrice: cents(v.price), salePrice: cents(v.sale_price), stock: v.inventory_level ?? 0,
        optionValues: v.option_values.map((o) => ({ optionName: o.option_display_name, label: o.label })), version: ++version,
      });
    }
  }
  return { products, variants };
}

/** The catalog as changes pages of `rows` rows, by the cursor that asks for each (a first pull from 0). */
export function changesPages({ products, variants }: ReplicatedCatalog, rows: number): Map<number, CatalogChangesResponse> {
  const all = [...products.map((p) => ({ v: p.version, p })), ...variants.map((v) => ({ v: v.version, variant: v }))].sort((a, b) => a.v - b.v);
  const pages = new Map<number, CatalogChangesResponse>();
  for (let i = 0, cursor = 0; i < all.length; i += rows) {
    const slice = all.slice(i, i + rows);
    pages.set(cursor, {
      schemaVersion: CATALOG_SCHEMA_VERSION, catalogId: 'bench', reset: false, cursor: slice.at(-1)!.v, hasMore: i + rows < all.length, latestVersion: all.at(-1)!.v,
      totalProducts: products.length, products: slice.flatMap((x) => ('p' in x ? [x.p!] : [])), variants: slice.flatMap((x) => ('variant' in x ? [x.variant!] : [])),
      deletedProductIds: [], deletedVariantIds: [],
    });
    cursor = slice.at(-1)!.v;
  }
  return pages;
}
