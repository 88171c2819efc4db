/**
 * The app's copy of the catalog, as the API speaks it (ids are the store's numeric ids, prices
 * "19.90" strings; contracts products.ts and replication.ts):
 *
 *   GET    /api/products                     search (name/SKU), category subtree, filters, page, limit -> { products, total };
 *                                            with priceList and currency, through that price list (issue 35)
 *   GET    /api/products/{id}/variants       the product's live variants
 *   GET    /api/products/{id}/price-history  newest first, its variants' entries included, in pages (?cursor=&limit=)
 *   PUT    /api/products/{id}                price edit (ProductPriceEdit), store first -> Product
 *   PUT    /api/variants/{id}                price edit (VariantPriceEdit), store first -> Variant
 *   DELETE /api/products/all                 catalog.deleteAll: tombstones the whole copy (the
 *                                            store is not touched; refused while a sync runs)
 *   GET    /api/categories                   the category paths, sorted
 *   GET    /api/catalog/changes              replication: changes after a cursor, in pages
 *   GET    /api/products/csv                 the whole catalog as CSV (a row per product and per variant), streamed;
 *                                            with the lowest prior price columns when the company sets priorPriceDays
 *   GET    /api/products/{id}/price-history/csv   the product's history as CSV, oldest first
 *   GET    /api/products/price-history/csv   the catalog's history over ?from=&to= (at most 366 days) as CSV
 *   GET    /api/catalog/version              the catalog's and its price lists' versions: is a device's cursor behind?
 *
 * Who may do what is the permission table's (contracts permissions.ts, catalog.*; decision 019):
 * each route's guard comes from the route table. Another company's product or variant is a 404,
 * as is a malformed id. Price edits take an optional Idempotency-Key (services/idempotency.ts).
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import type { CategoriesResponse, PriceHistoryResponse, VariantListResponse } from '@catalog/contracts/products';
import { historyRange } from '@catalog/contracts/csv';
import type { CatalogVersionResponse } from '@catalog/contracts/replication';
import { pageOf, timeIdCursor } from '@catalog/contracts/paging';
import type { Database, ProductWithVariants } from '../../db/repositories';
import { csvResponse } from '../../lib/csv-response';
import type { SecretBox } from '../../lib/secrets';
import { serializedJson } from '../../middleware/compress';
import { toWireHistoryEntry, toWireVariant, withApprovers } from '../../services/catalog/catalog-wire';
import { editProductPrices, editVariantPrices } from '../../services/catalog/price-edits';
import { catalogCsv, priceHistoryCsv, priceListCsv } from '../../services/catalog/csv-export';
import { priceListCatalogId } from '../price-lists/price-list-changes';
import { checkTarget } from '../work-orders/work-order-refusals';
import { createCatalogChanges } from '../../services/catalog/replication';
import { replicationResponse } from '../../lib/replication-response';
import { createProductLister } from '../../services/catalog/product-list';
import { createListViews } from './price-list-view';
import { IDEMPOTENCY_HEADER, idempotent, readIdempotencyKey, REPLAYED_HEADER } from '../../services/idempotency';
import type { CommerceFactory } from '../../services/store-connection';
import type { SyncRegistry } from '../../services/sync/sync-registry';
import { defineRoutes } from '../define-routes';

interface ProductsDeps {
  db: Database;
  syncs: SyncRegistry;
  commerce: CommerceFactory;
  secrets: SecretBox;
  now: () => Date;
}

/** Mounted at /api/products. */
export function productsRoutes(deps: ProductsDeps) {
  const { db, syncs } = deps;
  const listProducts = createProductLister(db);
  const listViews = createListViews(db);

  async function loadProduct(companyId: string, externalId: number): Promise<ProductWithVariants> {
    const [product] = await db.products.getByExternalIds(companyId, [externalId]);
    if (!product) throw new ApiError(ErrorCode.NOT_FOUND, 'Product not found');
    return product;
  }

  return defineRoutes({
    'GET /api/products': {
      // The same few query strings come again and again (pages of the same searches): each is
      // validated once, and its result (read only from here on) kept.
      cachedQueries: 2048,
      handler: async (c, { query }) => {
        const { companyId } = c.get('user');
        // Through a price list: checked (404 unknown list, 400 a currency it has no prices in), then its prices and filters.
        const view = query.priceList === undefined || query.currency === undefined ? undefined : await listViews(companyId, query.priceList, query.currency);
        const page = await listProducts(companyId, query, view);
        // Serialized and compressed once per cached page.
        return serializedJson(c, page);
      },
    },

    'GET /api/products/csv': async (c, { query: { priceList, currency } }) => {
      const { companyId } = c.get('user');
      // The lowest prior prices (when the company follows the EU rule) are those of this moment.
      const at = deps.now();
      if (priceList === undefined || currency === undefined) return csvResponse(c, `catalog-${today()}.csv`, catalogCsv(db, companyId, at));
      const target = await checkTarget(db, companyId, { priceListId: priceList, currency });
      return csvResponse(c, `price-list-${priceList}-${currency}-${today()}.csv`, priceListCsv(db, companyId, target, at));
    },

    'GET /api/products/price-history/csv': (c, { query }) => {
      const { from, to } = historyRange(query);
      return csvResponse(c, `price-history-${day(from)}-to-${day(to)}.csv`, priceHistoryCsv(db, c.get('user').companyId, { from, to }));
    },

    'GET /api/products/:id/variants': async (c, { params }) => {
      const product = await loadProduct(c.get('user').companyId, params.id);
      return c.json(product.variants.map((v) => toWireVariant(v, product.externalId)) satisfies VariantListResponse);
    },

    'GET /api/products/:id/price-history': async (c, { params, query: { cursor, limit } }) => {
      const { companyId } = c.get('user');
      const product = await loadProduct(companyId, params.id);
      // One more than the page: whether another page follows.
      const rows = await db.priceHistory.listForProduct(companyId, product.id, { after: cursor, limit: limit + 1 });
      const { items, nextCursor } = pageOf(rows, limit, (e) => timeIdCursor({ at: e.createdAt, id: e.id }));
      const entries = await withApprovers(db, companyId, items.map(toWireHistoryEntry));
      return c.json({ entries, nextCursor } satisfies PriceHistoryResponse);
    },

    'GET /api/products/:id/price-history/csv': async (c, { params }) => {
      const { companyId } = c.get('user');
      const product = await loadProduct(companyId, params.id);
      return csvResponse(c, `price-history-${product.externalId}-${today()}.csv`, priceHistoryCsv(db, companyId, { productId: product.id }));
    },

    'PUT /api/products/:id': async (c, { params: { id: externalId }, body: edit }) => {
      const user = c.get('user');
      const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      const answer = await idempotent(db, user.companyId, key, { scope: `PUT /api/products/${externalId}`, body: edit }, async () => {
        const body = await editProductPrices(deps, { user, externalId, edit, idempotencyKey: key });
        // 201: the edit became a work order awaiting approval (the price gate, issue 31).
        return { status: 'workOrder' in body ? 201 : 200, body };
      });
      if (answer.replayed) c.header(REPLAYED_HEADER, 'true');
      return c.json(answer.body, answer.status === 201 ? 201 : 200);
    },

    'DELETE /api/products/all': async (c) => {
      const { companyId } = c.get('user');
      // A running sync would write its remaining pages back right after the delete.
      if (await syncs.isRunning(companyId)) throw new ApiError(ErrorCode.CONFLICT, 'A sync is running: cancel it or let it finish, then delete all products');
      const removed = await db.products.deleteAll(companyId);
      return c.json({ message: `Deleted ${removed.toLocaleString('en-US')} ${removed === 1 ? 'product' : 'products'}` });
    },
  });
}

/** "2025-03-01", the day a file name carries. */
const day = (d: Date): string => d.toISOString().slice(0, 10);
const today = (): string => day(new Date());

/** Mounted at /api/categories. */
export function categoriesRoutes({ db }: { db: Database }) {
  return defineRoutes({
    'GET /api/categories': async (c) => {
      const body: CategoriesResponse = await db.products.categories(c.get('user').companyId);
      return c.json(body);
    },
  });
}

/** Mounted at /api/variants. */
export function variantsRoutes(deps: Pick<ProductsDeps, 'db' | 'commerce' | 'secrets'>) {
  return defineRoutes({
    'PUT /api/variants/:id': async (c, { params: { id: externalId }, body: edit }) => {
      const user = c.get('user');
      const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      const answer = await idempotent(deps.db, user.companyId, key, { scope: `PUT /api/variants/${externalId}`, body: edit }, async () => {
        const body = await editVariantPrices(deps, { user, externalId, edit, idempotencyKey: key });
        // 201: the edit became a work order awaiting approval (the price gate, issue 31).
        return { status: 'workOrder' in body ? 201 : 200, body };
      });
      if (answer.replayed) c.header(REPLAYED_HEADER, 'true');
      return c.json(answer.body, answer.status === 201 ? 201 : 200);
    },
  });
}

/** Mounted at /api/catalog: a device pulls until `hasMore` is false; `reset` says drop the local copy first. */
export function catalogRoutes({ db }: { db: Database }) {
  const catalogChanges = createCatalogChanges(db);
  return defineRoutes({
    // A CatalogChangesResponse, serialized by the service (replication.ts).
    'GET /api/catalog/changes': async (c, { query }) => replicationResponse(c, await catalogChanges(c.get('user').companyId, query)),
    'GET /api/catalog/version': async (c) => {
      const { companyId } = c.get('user');
      const [company, settings, priceLists] = await Promise.all([db.companies.get(companyId), db.settings.get(companyId), db.priceLists.syncState(companyId)]);
      if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
      const body: CatalogVersionResponse = {
        catalogId: companyId,
        version: company.catalogVersion,
        // A price list change (a webhook's refresh, a price list order) moves these, not the catalog's.
        priceListCatalogId: priceListCatalogId(companyId, settings),
        priceListVersion: priceLists.recordVersion,
        priceListsReadAt: priceLists.listsReadAt ? priceLists.listsReadAt.toISOString() : null,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    },
  });
}
