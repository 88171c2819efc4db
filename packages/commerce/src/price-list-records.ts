/**
 * Reading and deleting a price list's records (`/v3/pricelists/{id}/records`): the pages of a
 * list for a full or incremental (`date_modified:min`) sync, the records of given variants
 * (`variant_id:in`, chunked so URLs stay bounded, several chunks at once) for the snapshot before
 * an order writes and the read-back after, and deleting the records of given variants in one
 * currency (an undo removing records an order created). Batch upserts are in price-list-upserts.ts.
 *
 * Every GET of records takes a slot of the store's gate (store-gates.ts): the file allows 10
 * simultaneous GET requests of a list's records per store ("Running more than the allowed number
 * of requests concurrently on the same store will result in a 429").
 */
import { BigCommerceError, isBigCommerceError } from './errors';
import { toCents, toCentsOrNull } from './money';
import { isoOrNull } from './price-lists';
import type { PriceRecord, PriceRecordPage } from './price-list-types';
import { MAX_PAGE_SIZE, chunkIds, formatSince } from './products';
import { storeGate } from './store-gates';
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
export const VARIANT_CHUNK = 250;

/** Simultaneous `GET /pricelists/{id}/records` a store allows (price_lists.v3.yml, getPriceListRecords). */
export const RECORD_READS_AT_ONCE = 10;

/** The store's gate of record reads: every client of the store in this process shares it. */
const recordReads = (storeKey: string) => storeGate('GET /pricelists/{id}/records', storeKey, RECORD_READS_AT_ONCE);

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
  storeKey: string,
  priceListId: number,
  query: PriceRecordPagesQuery = {},
  signal?: AbortSignal,
): AsyncGenerator<PriceRecordPage> {
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(query.limit ?? MAX_PAGE_SIZE)));
  const since = query.dateModifiedMin === undefined ? undefined : formatSince(query.dateModifiedMin);
  for (let page = 1; ; page++) {
    const { body } = await recordReads(storeKey).run(signal, () => transport.send({
      method: 'GET',
      path: `/pricelists/${priceListId}/records`,
      query: { currency: query.currency, 'date_modified:min': since, limit, page },
      purpose: 'read',
      signal,
    }));
    const records = collectionData<WirePriceRecord>(body).filter(isRecord).map(mapRecord);
    const { totalPages } = paginationOf(body);
    yield { records, page, totalPages: Math.max(totalPages, records.length > 0 ? page : 0) };
    if (page >= totalPages || records.length === 0) return;
  }
}

/**
 * The list's records of these variants (every currency, or one), by variant then currency: up to
 * RECORD_READS_AT_ONCE chunks read at once (the store's gate holds every client of the store to
 * that), each through the store's pacer. A chunk that fails stops the others and is the error
 * thrown; a 429 or a 5xx is retried by the transport as for any request.
 */
export async function getPriceRecords(
  transport: Transport,
  storeKey: string,
  priceListId: number,
  query: { variantIds: readonly number[]; currency?: string },
  signal?: AbortSignal,
): Promise<PriceRecord[]> {
  const chunks = chunkIds(query.variantIds, VARIANT_CHUNK);
  const found: PriceRecord[][] = chunks.map(() => []);
  await eachAtOnce(chunks.length, RECORD_READS_AT_ONCE, signal, async (i, inner) => {
    // A variant has a record per currency, so one chunk can fill more than a page.
    for (let page = 1; ; page++) {
      const { body } = await recordReads(storeKey).run(inner, () => transport.send({
        method: 'GET',
        path: `/pricelists/${priceListId}/records`,
        query: { 'variant_id:in': chunks[i]!, currency: query.currency, limit: MAX_PAGE_SIZE, page },
        purpose: 'read',
        signal: inner,
      }));
      const data = collectionData<WirePriceRecord>(body);
      for (const r of data) if (isRecord(r)) found[i]!.push(mapRecord(r));
      if (page >= paginationOf(body).totalPages || data.length === 0) break;
    }
  });
  return found.flat().sort((a, b) => a.variantId - b.variantId || (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/**
 * Runs `task(0 .. count-1)` with at most `width` running. The first failure aborts the others
 * (their signal) and is what this throws, once every task has stopped; an abort of `outer`
 * stops them all the same way.
 */
async function eachAtOnce(count: number, width: number, outer: AbortSignal | undefined, task: (i: number, signal: AbortSignal) => Promise<void>): Promise<void> {
  const inner = new AbortController();
  const onAbort = () => inner.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  let first: { error: unknown } | undefined;
  let next = 0;
  const worker = async () => {
    while (next < count && !inner.signal.aborted) await task(next++, inner.signal);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(width, count) }, () => worker().catch((error: unknown) => {
      first ??= { error };
      inner.abort(error);
    })));
  } finally {
    outer?.removeEventListener('abort', onAbort);
  }
  if (first) throw first.error;
  if (outer?.aborted) throw new BigCommerceError({ kind: 'aborted', title: 'The request was cancelled', cause: outer.reason });
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
