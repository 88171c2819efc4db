/**
 * The store's price lists as the app keeps them (issue 35; synced by services/sync/price-lists.ts,
 * kept current by the store's webhooks):
 *   GET /api/price-lists                 every list with its currencies, customer groups, channels and record counts
 *   GET /api/price-lists/changes         replication: the records changed after a device's cursor, in pages, with the lists
 *   GET /api/price-lists/{id}/records    a list's records in pages (variant id, then currency), by product, SKU or currency
 * A list of another company, or one the store does not have, is a 404.
 */
import { formatCents } from '@catalog/contracts/money';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { pageOf } from '@catalog/contracts/paging';
import { priceListRecordCursor, type PriceListRecord, type PriceListRecordsResponse, type PriceListsResponse } from '@catalog/contracts/price-lists';
import type { Database, PriceListRecord as StoredRecord } from '../../db/repositories';
import { defineRoutes } from '../define-routes';
import { createPriceListChanges, toWireList } from './price-list-changes';
import { replicationResponse } from '../../lib/replication-response';

const NOT_FOUND = 'Price list not found';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (cents: number | null) => (cents === null ? null : formatCents(cents));

function toWireRecord(r: StoredRecord): PriceListRecord {
  return {
    priceListId: r.priceListId, variantId: r.variantId, productId: r.productId, sku: r.sku, currency: r.currency,
    price: formatCents(r.priceCents), salePrice: money(r.salePriceCents), retailPrice: money(r.retailPriceCents), mapPrice: money(r.mapPriceCents),
    dateModified: iso(r.dateModified),
  };
}

export function priceListRoutes({ db }: { db: Database }) {
  const priceListChanges = createPriceListChanges(db);
  return defineRoutes({
    'GET /api/price-lists': async (c) => {
      const lists = await db.priceLists.listLists(c.get('user').companyId);
      return c.json({ priceLists: lists.map(toWireList) } satisfies PriceListsResponse);
    },

    // A PriceListChangesResponse, serialized by priceListChanges.
    'GET /api/price-lists/changes': async (c, { query }) => replicationResponse(c, await priceListChanges(c.get('user').companyId, query)),

    'GET /api/price-lists/:id/records': async (c, { params, query: { cursor, limit, ...filters } }) => {
      const { companyId } = c.get('user');
      if (!(await db.priceLists.getList(companyId, params.id))) throw new ApiError(ErrorCode.NOT_FOUND, NOT_FOUND);
      // One more than the page: whether another page follows.
      const rows = await db.priceLists.listRecords(companyId, params.id, { ...filters, after: cursor, limit: limit + 1 });
      const { items, nextCursor } = pageOf(rows, limit, priceListRecordCursor);
      return c.json({ records: items.map(toWireRecord), nextCursor } satisfies PriceListRecordsResponse);
    },
  });
}
