/**
 * The route table's rows for the catalog: the sync from the store, the products and variants
 * (reads, price edits, CSV files), categories and the replication feed devices pull.
 */
import { IntIdParam, MessageResponse } from '@catalog/contracts/common';
import { CatalogCsvQuery, PriceHistoryCsvQuery } from '@catalog/contracts/csv';
import {
  CategoriesResponse, PriceEditSentForApproval, PriceHistoryQuery, PriceHistoryResponse, Product, ProductListQuery, ProductListResponse, ProductPriceEdit,
  Variant, VariantListResponse, VariantPriceEdit,
} from '@catalog/contracts/products';
import { LowestPriceQuery, LowestPriceResponse } from '@catalog/contracts/lowest-price';
import { LowestPricesBody, LowestPricesResponse } from '@catalog/contracts/lowest-price-batch';
import { CatalogChangesPage, CatalogChangesQuery, CatalogVersionResponse } from '@catalog/contracts/replication';
import { SyncStatus } from '@catalog/contracts/sync';
import type { RouteRows } from './route-spec';

/** A product named by its store id in the path; a malformed id is a 404 like an absent one. */
const PRODUCT = { params: IntIdParam, notFound: 'Product not found' } as const;

export const CATALOG_ROUTES = {
  'POST /api/sync': { summary: 'Runs a catalog sync, its progress streamed as Server-Sent Events', access: 'catalog.sync', stream: true },
  'POST /api/sync/cancel': { summary: 'Stops the company\u2019s running sync', access: 'catalog.sync', responses: { 200: MessageResponse } },
  'GET /api/sync/status': { summary: 'Whether a sync runs for the company, and how far it is', access: 'catalog.read', responses: { 200: SyncStatus } },

  'GET /api/products': {
    summary: 'Searches the catalog (name or SKU, category subtree), a page at a time', access: 'catalog.read', query: ProductListQuery,
    responses: { 200: ProductListResponse },
  },
  'GET /api/products/:id/variants': { summary: 'A product\u2019s live variants', access: 'catalog.read', ...PRODUCT, responses: { 200: VariantListResponse } },
  'GET /api/products/:id/price-history': {
    summary: 'A product\u2019s price history with its variants\u2019, newest first, in pages', access: 'catalog.read', ...PRODUCT, query: PriceHistoryQuery,
    responses: { 200: PriceHistoryResponse },
  },
  'GET /api/products/:id/lowest-price': {
    summary: 'Per variant of a product, its lowest price in the days before a moment (EU prior price), its current price and the window\u2019s gaps',
    access: 'catalog.read', ...PRODUCT, query: LowestPriceQuery, responses: { 200: LowestPriceResponse },
  },
  'POST /api/products/lowest-prices': {
    summary: 'The lowest prices of many products\u2019 variants at once (a work order\u2019s products, at most its item limit) in the days before a moment, and the window\u2019s gaps',
    access: 'catalog.read', body: LowestPricesBody, responses: { 200: LowestPricesResponse },
  },
  'GET /api/products/csv': {
    summary: 'The whole catalog as CSV, a row per product and per variant; with priceList and currency, that price list\u2019s records, a row per variant',
    access: 'catalog.read', query: CatalogCsvQuery, file: true,
  },
  'GET /api/products/:id/price-history/csv': { summary: 'A product\u2019s price history as CSV, oldest first', access: 'catalog.read', ...PRODUCT, file: true },
  'GET /api/products/price-history/csv': {
    summary: 'The catalog\u2019s price history over a period of at most 366 days, as CSV', access: 'catalog.read', query: PriceHistoryCsvQuery, file: true,
  },
  'GET /api/price-history/export': {
    summary: 'For audits: every price change of a period of at most 366 days, with who or what made it (edit, work order and its approver, undo, store webhook, sync), as CSV',
    access: 'priceHistory.export', query: PriceHistoryCsvQuery, file: true,
  },
  'PUT /api/products/:id': {
    summary: 'Edits a product\u2019s prices, in the store first; 201 when the edit became an order awaiting approval (optional Idempotency-Key)',
    access: 'catalog.editPrice', ...PRODUCT, body: ProductPriceEdit, prices: 'manualEdit', responses: { 200: Product, 201: PriceEditSentForApproval },
  },
  'DELETE /api/products/all': { summary: 'Empties the app\u2019s copy of the catalog; the store is not touched', access: 'catalog.deleteAll', responses: { 200: MessageResponse } },
  'PUT /api/variants/:id': {
    summary: 'Edits a variant\u2019s prices, in the store first; 201 when the edit became an order awaiting approval (optional Idempotency-Key)',
    access: 'catalog.editPrice', params: IntIdParam, notFound: 'Variant not found', body: VariantPriceEdit, prices: 'manualEdit',
    responses: { 200: Variant, 201: PriceEditSentForApproval },
  },
  'GET /api/categories': { summary: 'The category paths, sorted', access: 'catalog.read', responses: { 200: CategoriesResponse } },
  'GET /api/catalog/changes': {
    summary: 'Replication: the catalog\u2019s changes after a cursor, in pages (`reset`: drop the local copy first)', access: 'catalog.read',
    query: CatalogChangesQuery, responses: { 200: CatalogChangesPage },
  },
  'GET /api/catalog/version': { summary: 'The catalog\u2019s and its price lists\u2019 versions: is a device\u2019s copy behind?', access: 'catalog.read', responses: { 200: CatalogVersionResponse } },
} as const satisfies RouteRows;
