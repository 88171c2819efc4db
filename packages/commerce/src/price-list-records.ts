/**
 * Reading and deleting a price list's records (`/v3/pricelists/{id}/records`): the pages of a
 * list for a full or incremental (`date_modified:min`) sync, the records of given variants
 * (`variant_id:in`, chunked so URLs stay bounded) for the snapshot before an order writes and the
 * read-back after, and deleting the records of given variants in one currency (an undo removing
 * records an order created). Batch upserts are in price-list-upserts.ts.
 */
import { isBigCommerceError } from './errors';
import { toCents, toCentsOrNull } from './money';
import { isoOrNull } from './price-lists';
import type { PriceRecord, PriceRecordPage } from './price-list-types';
import { MAX_PAGE_SIZE, chunkIds, formatSince } from './products';
import type { Transport } from './transport';
import { collectionData, paginationOf } from './wire';

interface WirePriceRecord {
  price_list_id: number;
  variant_id: number;
  product_id?: number;
  sku?: string | null;
  currency?: string;
  price?: number | null;
  sale_price?: number | null;
  retail_price?: number | null;
  map_price?: number | null;
  date_modified?: string | null;
}

/** Variant ids per `variant_id:in` (about 2.8 KB of URL at ten digits each). */
const VARIANT_CHUNK = 250;

export interface PriceRecordPagesQuery {
  /** Only records modified at or after this time (incremental sync); truncated to the second. */
  dateModifiedMin?: string;
  /** Records per page, at most 250 (the default: BigCommerce's largest page). */
  limit?: number;
  /** Only records in this currency (e.g. "USD"). */
  currency?: string;
}

function mapRecord(r: WirePriceRecord): PriceRecord {
  return {
    priceListId: r.price_list_id,
    variantId: r.variant_id,
    productId: r.product_id ?? 0,
    sku: r.sku && r.sku.trim() !== '' ? r.sku : null,
    currency: (r.currency ?? '').toUpperCase(),
    priceCents: toCents(r.price ?? 0),
    salePriceCents: toCentsOrNull(r.sale_price),
    retailPriceCents: toCentsOrNull(r.retail_price),
    mapPriceCents: toCentsOrNull(r.map_price),
    dateModified: isoOrNull(r.date_modified),
  };
}

const isRecord = (r: WirePriceRecord) => typeof r === 'object' && r !== null && typeof r.variant_id === 'number' && typeof r.price_list_id === 'number';

/**
 * The list's records a page at a time; the caller may stop between pages (break, or abort the
 * signal). The page count is re-read from every answer, so a list that changes during the walk
 * is followed to its current last page.
 */
export async function* priceRecordPages(
  transport: Transport,
  priceListId: number,
  query: PriceRecordPagesQuery = {},
  signal?: AbortSignal,
): AsyncGenerator<PriceRecordPage> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.limit ?? MAX_PAGE_SIZE)));
  const since = query.dateModifiedMin === undefined ? undefined : formatSince(query.dateModifiedMin);
  for (let page = 1; ; page++) {
    const { body } = await transport.send({
      method: 'GET',
      path: `/pricelists/${priceListId}/records`,
      query: { currency: query.currency, 'date_modified:min': since, limit, page },
      purpose: 'read',
      signal,
    });
    const records = collectionData<WirePriceRecord>(body).filter(isRecord).map(mapRecord);
    const { totalPages } = paginationOf(body);
    yield { records, page, totalPages: Math.max(totalPages, records.length > 0 ? page : 0) };
    if (page >= totalPages || records.length === 0) return;
  }
}

/** The list's records of these variants (every currency, or one), by variant then currency. */
export async function getPriceRecords(
  transport: Transport,
  priceListId: number,
  query: { variantIds: readonly number[]; currency?: string },
  signal?: AbortSignal,
): Promise<PriceRecord[]> {
  const found: PriceRecord[] = [];
  for (const chunk of chunkIds(query.variantIds, VARIANT_CHUNK)) {
    // A variant has a record per currency, so one chunk can fill more than a page.
    for (let page = 1; ; page++) {
      const { body } = await transport.send({
        method: 'GET',
        path: `/pricelists/${priceListId}/records`,
        query: { 'variant_id:in': chunk, currency: query.currency, limit: MAX_PAGE_SIZE, page },
        purpose: 'read',
        signal,
      });
      const data = collectionData<WirePriceRecord>(body);
      found.push(...data.filter(isRecord).map(mapRecord));
      if (page >= paginationOf(body).totalPages || data.length === 0) break;
    }
  }
  return found.sort((a, b) => a.variantId - b.variantId || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/**
 * Deletes the list's records of these variants in this currency (`DELETE` by filter, chunked).
 * Nothing is sent for no variants, and a currency is required: the store's filter without
 * them would delete far more. A list the store no longer has counts as done (its records went with it).
 */
export async function deletePriceRecords(
  transport: Transport,
  priceListId: number,
  query: { variantIds: readonly number[]; currency: string },
  signal?: AbortSignal,
): Promise<void> {
  if (query.currency.trim() === '') throw new TypeError('deletePriceRecords needs a currency');
  for (const chunk of chunkIds(query.variantIds, VARIANT_CHUNK)) {
    try {
      await transport.send({
        method: 'DELETE',
        path: `/pricelists/${priceListId}/records`,
        query: { 'variant_id:in': chunk, currency: query.currency.trim() },
        purpose: 'write',
        signal,
      });
    } catch (err) {
      if (isBigCommerceError(err, 'not_found')) return;
      throw err;
    }
  }
}
