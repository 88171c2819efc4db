/**
 * The page side of bench/local-catalog-engine.ts, bundled for Chromium: the web app's own local
 * catalog modules (web/src/local) over a generated catalog, with no server and no UI.
 */
import type { ReplicatedProduct, ReplicatedVariant } from '@catalog/contracts/replication';
import { Dexie } from 'dexie';
import { catalogDbName, createCatalogDb } from '../web/src/local/catalog-db';
import { APPLY_MEASURE, pullChanges } from '../web/src/local/catalog-pull';
import { queryCatalog } from '../web/src/local/catalog-query';
import { deviceCatalog } from '../web/src/local/device-catalog';
import { changesPages, replicatedCatalog } from './replicated-catalog';

const uid = 'bench-engine';
let products: ReplicatedProduct[] = [];
let variants: ReplicatedVariant[] = [];

function generate(n: number) {
  ({ products, variants } = replicatedCatalog(n));
  return { products: products.length, variants: variants.length };
}

/**
 * A first pull of the generated catalog through the app's pull loop (pullChanges), served as
 * changes pages of `rows` rows from memory: IndexedDB writes without the network. Each page's
 * transaction time comes from the loop's User Timing entries.
 */
async function applyAll(rows: number) {
  deviceCatalog.close();
  await Dexie.delete(catalogDbName(uid));
  const db = createCatalogDb(catalogDbName(uid));
  const pages = changesPages({ products, variants }, rows);
  performance.clearMeasures(APPLY_MEASURE);
  const t = performance.now();
  await pullChanges(db, { fetchChanges: async (cursor) => pages.get(cursor)! });
  const total = performance.now() - t;
  db.close();
  return { total, pages: performance.getEntriesByName(APPLY_MEASURE).map((e) => e.duration) };
}

/** Opens the catalog as the app does: the in-memory index is loaded from IndexedDB. */
async function open() {
  const t = performance.now();
  deviceCatalog.open(uid, { fetchChanges: () => new Promise(() => {}) });
  await queryCatalog({ page: 1, pageSize: 1 });
  return { ms: performance.now() - t, products: deviceCatalog.status().productCount };
}

/** Every prefix of each term, with the category filter: query + first page rows, each timed. */
async function type(terms: string[], category: string | undefined, pageSize: number) {
  const times: number[] = [];
  const indexTimes: number[] = [];
  const totals: number[] = [];
  const catalog = (await deviceCatalog.ready())!;
  for (const term of terms) {
    for (let i = 1; i <= term.length; i++) {
      const t = performance.now();
      const result = await queryCatalog({ search: term.slice(0, i), category, page: 1, pageSize });
      times.push(performance.now() - t);
      totals.push(result.total);
    }
  }
  // The in-memory index alone (search, filter, sort, total), on a fresh index state each time.
  for (const term of terms) {
    for (let i = 1; i <= term.length; i++) {
      catalog.index.apply([]);
      const t = performance.now();
      catalog.index.query({ search: term.slice(0, i), category }, 0, pageSize);
      indexTimes.push(performance.now() - t);
    }
  }
  return { times, totals, indexTimes };
}

function departments() {
  const counts = new Map<string, number>();
  for (const p of products) {
    const d = p.category?.split(' > ')[0];
    if (d) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([d]) => d);
}

function words(department: string, count: number) {
  const all = [...new Set(products.filter((p) => p.category?.startsWith(department)).flatMap((p) => p.name.toLowerCase().split(/\s+/)))].filter((w) => w.length >= 4);
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

Object.assign(window, { bench: { generate, applyAll, open, type, departments, words } });

