/**
 * The device's catalog index in Node, without browser or UI: `node bench/run.mjs
 * bench/catalog-index-filters.ts` from the repository root (option: --products 100000). Builds the
 * index (web/src/local/catalog-index.ts) from N generated products stored as the device stores
 * them, then times queries: search terms typed letter by letter without product filters (the
 * existing hot path), the same with a brand filter, and filters alone (brand, price range,
 * stock, SKU). p50/p95/max per kind, in ms.
 */
import { generateCatalog } from '../packages/demo-store/src/generate-catalog';
import type { ProductFilters } from '../packages/contracts/src/product-filters';
import type { ReplicatedProduct, ReplicatedVariant } from '../packages/contracts/src/replication';
import { CatalogIndex } from '../web/src/local/catalog-index';
import { fromVariants, toStored } from '../web/src/local/stored-product';

const i = process.argv.indexOf('--products');
const n = i > 0 ? Number(process.argv[i + 1]) : 100_000;
const money = (v: number) => v.toFixed(2);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

const data = generateCatalog({ products: n, seed: 'bench' });
const brandOf = new Map(data.brands.map((b) => [b.id, b.name]));
const stored = [...data.products.values()].map((p) => {
  const variants: ReplicatedVariant[] = (data.variantsByProduct.get(p.id) ?? []).map((id) => data.variants.get(id)!)
    .filter((v) => v.option_values.length > 0)
    .map((v) => ({
      id: v.id, productId: p.id, variantSku: v.sku, regularPrice: v.price === null ? null : money(v.price), salePrice: v.sale_price ? money(v.sale_price) : null,
      retailPrice: v.retail_price ? money(v.retail_price) : null, costPrice: v.cost_price ? money(v.cost_price) : null, stock: v.inventory_level ?? 0, optionValues: [], version: 1,
    }));
  const row: ReplicatedProduct = {
    id: p.id, name: p.name, category: null, sku: p.sku || null, regularPrice: money(p.price), salePrice: p.sale_price ? money(p.sale_price) : null,
    retailPrice: p.retail_price ? money(p.retail_price) : null, costPrice: p.cost_price ? money(p.cost_price) : null, brand: brandOf.get(p.brand_id) ?? null,
    stock: p.inventory_level, weight: null, status: 'published', isVisible: p.is_visible, lastUpdated: new Date().toISOString(), version: 1,
  };
  return toStored(row, fromVariants(variants));
});

let t0 = performance.now();
const index = new CatalogIndex();
index.apply(stored);
index.settle();
const buildMs = performance.now() - t0;

const terms = ['northwind mug', 'classic', 'pro jacket', 'eco bottle', 'hom-0', 'deluxe lamp'];
function typeAll(filters: ProductFilters | undefined): number[] {
  const times: number[] = [];
  for (const term of terms) {
    for (let k = 1; k <= term.length; k++) {
      const start = performance.now();
      index.query({ search: term.slice(0, k), filters }, 0, 20);
      times.push(performance.now() - start);
    }
  }
  return times;
}
const report = (label: string, times: number[]) =>
  console.log(`  ${label.padEnd(44)} p50 ${pct(times, 50).toFixed(2)} ms  p95 ${pct(times, 95).toFixed(2)} ms  max ${Math.max(...times).toFixed(2)} ms`);

console.log(`catalog index, ${n.toLocaleString('en-US')} products`);
console.log(`  build (apply + settle)                       ${buildMs.toFixed(0)} ms`);
typeAll(undefined); // warm up
report('typing, no product filters', typeAll(undefined));
report('typing, brand filter', typeAll({ brand: 'Northwind' }));
const alone: number[] = [];
for (const f of [{ brand: 'Lumen' }, { priceMin: 2000, priceMax: 8000 }, { stock: 'low' }, { sku: 'hom', skuMatch: 'startsWith' }, { onSale: true, visible: true }] as ProductFilters[]) {
  for (let k = 0; k < 5; k++) {
    index.query({ search: `x${k}` }, 0, 1); // another query between, so the cache does not answer
    t0 = performance.now();
    index.query({ filters: f }, 0, 20);
    alone.push(performance.now() - t0);
  }
}
report('filters alone (fresh result set)', alone);
if (process.argv.includes('--each')) {
  for (const f of [{ brand: 'Lumen' }, { priceMin: 2000, priceMax: 8000 }, { stock: 'low' }, { sku: 'hom', skuMatch: 'startsWith' }, { onSale: true, visible: true }] as ProductFilters[]) {
    const times: number[] = [];
    for (let k = 0; k < 9; k++) {
      index.query({ search: `x${k}` }, 0, 1);
      for (let j = 0; j < 8; j++) index.query({ search: `q${j}${k}` }, 0, 1); // push the filter's set out of the cache
      t0 = performance.now();
      index.query({ filters: f }, 0, 20);
      times.push(performance.now() - t0);
    }
    report(`  ${JSON.stringify(f)}`, times);
  }
}
