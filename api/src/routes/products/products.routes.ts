/**
 * The app's copy of the catalog, as the API speaks it (ids are the store's numeric ids, prices
 * "19.90" strings; contracts products.ts and replication.ts):
 *
 *   GET    /api/products                     search (name/SKU), category subtree, page, limit -> { products, total }
 *   GET    /api/products/{id}/variants       the product's live variants
 *   GET    /api/products/{id}/price-history  newest first, its variants' entries included, in pages (?cursor=&limit=)
 *   PUT    /api/products/{id}                price edit (ProductPriceEdit), store first -> Product
 *   PUT    /api/variants/{id}                price edit (VariantPriceEdit), store first -> Variant
 *   DELETE /api/products/all                 catalog.deleteAll: tombstones the whole copy (the
 *                                            store is not touched; refused while a sync runs)
 *   GET    /api/categories                   the category paths, sorted
 *   GET    /api/catalog/changes              replication: changes after a cursor, in pages
 *   GET    /api/products/csv                 the whole catalog as CSV (a row per product and per variant), streamed
 *   GET    /api/products/{id}/price-history/csv   the product's history as CSV, oldest first
 *   GET    /api/products/price-history/csv   the catalog's history over ?from=&to= (at most 366 days) as CSV
 *   GET    /api/catalog/version              the catalog's version: is a device's cursor behind?
 *
 * Who may do what is the permission table's (contracts permissions.ts, catalog.*; decision 019):
 * each route's guard comes from the route table. Another company's product or variant is a 404,
 * as is a malformed id. Price edits take an optional Idempotency-Key (services/idempotency.ts).
 */
import { Hono, type Context, type TypedResponse } from 'hono';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { IntIdParam } from '@catalog/contracts/common';
import {
  type CategoriesResponse, PriceHistoryQuery, type PriceHistoryResponse, ProductListQuery, type ProductListResponse, ProductPriceEdit,
  type VariantListResponse, VariantPriceEdit,
} from '@catalog/contracts/products';
import { historyRange, PriceHistoryCsvQuery } from '@catalog/contracts/csv';
import { CatalogChangesQuery, type CatalogChangesResponse, type CatalogVersionResponse } from '@catalog/contracts/replication';
import { LruCache } from '@catalog/contracts/lru-cache';
import { pageOf, timeIdCursor } from '@catalog/contracts/paging';
import type { Database, ProductWithVariants } from '../../db/repositories';
import { csvResponse } from '../../lib/csv-response';
import { readJson, readQuery } from '../../lib/http';
import type { SecretBox } from '../../lib/secrets';
import type { AuthedEnv } from '../../middleware/authenticate';
import { serializedJson } from '../../middleware/compress';
import { guard } from '../../middleware/require-permission';
import { toWireHistoryEntry, toWireVariant, withApprovers } from '../../services/catalog/catalog-wire';
import { editProductPrices, editVariantPrices } from '../../services/catalog/price-edits';
import { catalogCsv, priceHistoryCsv } from '../../services/catalog/csv-export';
import { createCatalogChanges } from '../../services/catalog/replication';
import { createProductLister } from '../../services/catalog/product-list';
import { IDEMPOTENCY_HEADER, idempotent, readIdempotencyKey, REPLAYED_HEADER } from '../../services/idempotency';
import type { CommerceFactory } from '../../services/store-connection';
import type { SyncRegistry } from '../../services/sync/sync-registry';

interface ProductsDeps {
  db: Database;
  syncs: SyncRegistry;
  commerce: CommerceFactory;
  secrets: SecretBox;
}

/** The store id in the path; a malformed one is as absent as another company's. */
export function externalIdParam(c: Context, what: string): number {
  const parsed = IntIdParam.safeParse({ id: c.req.param('id') });
  if (!parsed.success) throw new ApiError(ErrorCode.NOT_FOUND, `${what} not found`);
  return parsed.data.id;
}

/** Mounted at /api/products. */
export function productsRoutes(deps: ProductsDeps) {
  const { db, syncs } = deps;
  const listProducts = createProductLister(db);

  async function loadProduct(companyId: string, c: Context): Promise<ProductWithVariants> {
    const [product] = await db.products.getByExternalIds(companyId, [externalIdParam(c, 'Product')]);
    if (!product) throw new ApiError(ErrorCode.NOT_FOUND, 'Product not found');
    return product;
  }

  // The same few query strings come again and again (pages of the same searches): each is
  // validated once, and its result (read only from here on) kept.
  const queries = new LruCache<string, ProductListQuery>({ maxEntries: 2048 });
  const listQuery = (c: Context): ProductListQuery => {
    const url = c.req.url;
    const at = url.indexOf('?');
    const raw = at < 0 ? '' : url.slice(at + 1);
    let query = queries.get(raw);
    if (!query) {
      query = Object.freeze(readQuery(c, ProductListQuery));
      if (raw.length <= 1024) queries.set(raw, query);
    }
    return query;
  };

  return new Hono<AuthedEnv>()
    .get('/', guard('GET /api/products'), async (c) => {
      const query = listQuery(c);
      const page = await listProducts(c.get('user').companyId, query);
      // Serialized and compressed once per cached page; typed as c.json would be.
      return serializedJson(c, page) as unknown as TypedResponse<ProductListResponse, 200, 'json'>;
    })

    .get('/csv', guard('GET /api/products/csv'), (c) => {
      const { companyId } = c.get('user');
      return csvResponse(c, `catalog-${today()}.csv`, catalogCsv(db, companyId));
    })

    .get('/price-history/csv', guard('GET /api/products/price-history/csv'), (c) => {
      const { from, to } = historyRange(readQuery(c, PriceHistoryCsvQuery));
      return csvResponse(c, `price-history-${day(from)}-to-${day(to)}.csv`, priceHistoryCsv(db, c.get('user').companyId, { from, to }));
    })

    .get('/:id/variants', guard('GET /api/products/:id/variants'), async (c) => {
      const product = await loadProduct(c.get('user').companyId, c);
      return c.json(product.variants.map((v) => toWireVariant(v, product.externalId)) satisfies VariantListResponse);
    })

    .get('/:id/price-history', guard('GET /api/products/:id/price-history'), async (c) => {
      const { companyId } = c.get('user');
      const { cursor, limit } = readQuery(c, PriceHistoryQuery);
      const product = await loadProduct(companyId, c);
      // One more than the page: whether another page follows.
      const rows = await db.priceHistory.listForProduct(companyId, product.id, { after: cursor, limit: limit + 1 });
      const { items, nextCursor } = pageOf(rows, limit, (e) => timeIdCursor({ at: e.createdAt, id: e.id }));
      const entries = await withApprovers(db, companyId, items.map(toWireHistoryEntry));
      return c.json({ entries, nextCursor } satisfies PriceHistoryResponse);
    })

    .get('/:id/price-history/csv', guard('GET /api/products/:id/price-history/csv'), async (c) => {
      const { companyId } = c.get('user');
      const product = await loadProduct(companyId, c);
      return csvResponse(c, `price-history-${product.externalId}-${today()}.csv`, priceHistoryCsv(db, companyId, { productId: product.id }));
    })

    .put('/:id', guard('PUT /api/products/:id'), async (c) => {
      const user = c.get('user');
      const externalId = externalIdParam(c, 'Product');
      const edit = await readJson(c, ProductPriceEdit);
      const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      const answer = await idempotent(db, user.companyId, key, { scope: `PUT /api/products/${externalId}`, body: edit }, async () => {
        const body = await editProductPrices(deps, { user, externalId, edit, idempotencyKey: key });
        // 201: the edit became a work order awaiting approval (the price gate, issue 31).
        return { status: 'workOrder' in body ? 201 : 200, body };
      });
      if (answer.replayed) c.header(REPLAYED_HEADER, 'true');
      return c.json(answer.body, answer.status === 201 ? 201 : 200);
    })

    .delete('/all', guard('DELETE /api/products/all'), async (c) => {
      const { companyId } = c.get('user');
      // A running sync would write its remaining pages back right after the delete.
      if (await syncs.isRunning(companyId)) throw new ApiError(ErrorCode.CONFLICT, 'A sync is running: cancel it or let it finish, then delete all products');
      const removed = await db.products.deleteAll(companyId);
      return c.json({ message: `Deleted ${removed.toLocaleString('en-US')} ${removed === 1 ? 'product' : 'products'}` });
    });
}

/** "2025-03-01", the day a file name carries. */
const day = (d: Date): string => d.toISOString().slice(0, 10);
const today = (): string => day(new Date());

/** Mounted at /api/categories. */
export function categoriesRoutes({ db }: { db: Database }) {
  return new Hono<AuthedEnv>().get('/', guard('GET /api/categories'), async (c) => {
    const body: CategoriesResponse = await db.products.categories(c.get('user').companyId);
    return c.json(body);
  });
}

/** Mounted at /api/variants. */
export function variantsRoutes(deps: Pick<ProductsDeps, 'db' | 'commerce' | 'secrets'>) {
  return new Hono<AuthedEnv>().put('/:id', guard('PUT /api/variants/:id'), async (c) => {
    const user = c.get('user');
    const externalId = externalIdParam(c, 'Variant');
    const edit = await readJson(c, VariantPriceEdit);
    const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
    const answer = await idempotent(deps.db, user.companyId, key, { scope: `PUT /api/variants/${externalId}`, body: edit }, async () => {
      const body = await editVariantPrices(deps, { user, externalId, edit, idempotencyKey: key });
      // 201: the edit became a work order awaiting approval (the price gate, issue 31).
      return { status: 'workOrder' in body ? 201 : 200, body };
    });
    if (answer.replayed) c.header(REPLAYED_HEADER, 'true');
    return c.json(answer.body, answer.status === 201 ? 201 : 200);
  });
}

/** Mounted at /api/catalog: a device pulls until `hasMore` is false; `reset` says drop the local copy first. */
export function catalogRoutes({ db }: { db: Database }) {
  const catalogChanges = createCatalogChanges(db);
  return new Hono<AuthedEnv>()
    .get('/changes', guard('GET /api/catalog/changes'), async (c) => {
      const body: CatalogChangesResponse = await catalogChanges(c.get('user').companyId, readQuery(c, CatalogChangesQuery));
      // A page is of this moment: an intermediary must never answer a later pull with it.
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .get('/version', guard('GET /api/catalog/version'), async (c) => {
      const { companyId } = c.get('user');
      const company = await db.companies.get(companyId);
      if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
      const body: CatalogVersionResponse = { catalogId: companyId, version: company.catalogVersion };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    });
}
