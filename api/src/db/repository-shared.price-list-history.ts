/**
 * The price history of price list records changed in the store (issue 36): both dialects' price
 * list repositories write it in the transaction that writes the records, when the write says it
 * is a store change (RecordHistory: a sync's read, a webhook's refresh). Pure: the records before
 * and after the write and the catalog rows of their products and variants make the entries, on
 * a work order's conventions (work-orders/price-plan.ts historyEntries, run-snapshot.ts):
 *   - one entry per record whose price, sale price or retail price changed, naming the list and
 *     currency, our product and our variant (none for a product without options: its record is
 *     its base variant's);
 *   - where there is no record (before one was created, after one was deleted) the list's
 *     customers pay the catalog's prices (the variant's, else the product's, field by field) when
 *     the list's currency is the catalog's, else prices nobody knows (null): that side of the
 *     entry holds them (calculations.mdx; decision 063);
 *   - such an entry says so (recordChange 'created' or 'deleted'), so a reader can tell a record
 *     deleted (the catalog's prices apply from then on, following its later changes) from one set
 *     to the catalog's prices; it is written even when the record had the catalog's very prices;
 *   - the retail price is recorded only when it changed (null: "not part of this change"), and
 *     always when the record was created or deleted.
 */
import { isCents } from '@catalog/contracts/money';
import type { RecordHistory } from './repositories.price-lists';
import type { NewPriceHistoryEntry } from './repositories.price-history';
import type { RecordRow } from './repository-shared.price-lists';

/** A record as it was before a write and as it is after (null: none, a tombstone). */
export interface RecordPair {
  before: RecordRow | null;
  after: RecordRow | null;
}

/** A product of the company (live), as its records' entries need it. */
export interface HistoryProduct {
  id: string;
  externalId: number;
  baseVariantId: number | null;
  regularPriceCents: number;
  salePriceCents: number | null;
  retailPriceCents: number | null;
}

/** A variant of the company (live), as its records' entries need it; a null price inherits the product's. */
export interface HistoryVariant {
  id: string;
  externalId: number;
  productId: string;
  regularPriceCents: number | null;
  salePriceCents: number | null;
  retailPriceCents: number | null;
}

/** The catalog rows of the records' products and variants, and the catalog's currency (the storefront's). */
export interface HistoryCatalog {
  products: readonly HistoryProduct[];
  variants: readonly HistoryVariant[];
  currency: string | null;
}

interface Prices {
  regular: number | null;
  sale: number | null;
  retail: number | null;
}

const UNKNOWN: Prices = { regular: null, sale: null, retail: null };
const pricesOf = (r: RecordRow): Prices => ({ regular: r.priceCents, sale: r.salePriceCents, retail: r.retailPriceCents });
const same = (a: Prices, b: Prices) => a.regular === b.regular && a.sale === b.sale && a.retail === b.retail;
const fits = (p: Prices) => [p.regular, p.sale, p.retail].every((c) => c === null || isCents(c));

/**
 * The pairs that may make an entry, without reading anything more: the records of `followed`
 * lists that were created, deleted, or whose prices changed. A created or deleted one is compared
 * with the catalog's prices by recordHistoryEntries.
 */
export function storeChanges(pairs: readonly RecordPair[], followed: ReadonlySet<number>): RecordPair[] {
  return pairs.filter(({ before, after }) => {
    const r = after ?? before;
    if (!r || !followed.has(r.priceListId)) return false;
    return !before || !after || !same(pricesOf(before), pricesOf(after));
  });
}

/** The store's ids of the products and variants whose catalog rows the entries of `pairs` need. */
export function catalogIdsOf(pairs: readonly RecordPair[]): { productIds: number[]; variantIds: number[] } {
  const rows = pairs.map((p) => (p.after ?? p.before)!);
  return { productIds: [...new Set(rows.map((r) => r.productId))], variantIds: [...new Set(rows.map((r) => r.variantId))] };
}

/**
 * One entry per pair whose prices differ. A record of a product we do not have (not synced yet,
 * or deleted), or of a variant we do not have, gets none: the history names our rows; nor does
 * a price the history cannot hold (above MAX_CENTS).
 */
export function recordHistoryEntries(pairs: readonly RecordPair[], catalog: HistoryCatalog, history: RecordHistory): NewPriceHistoryEntry[] {
  const products = new Map(catalog.products.map((p) => [p.externalId, p]));
  const variants = new Map(catalog.variants.map((v) => [v.externalId, v]));
  const entries: NewPriceHistoryEntry[] = [];
  for (const { before, after } of pairs) {
    const r = (after ?? before)!;
    const product = products.get(r.productId);
    if (!product) continue;
    const found = variants.get(r.variantId);
    const variant = found?.productId === product.id ? found : null;
    if (!variant && product.baseVariantId !== r.variantId) continue;
    const catalogPrices: Prices = r.currency === catalog.currency
      ? {
        regular: variant?.regularPriceCents ?? product.regularPriceCents,
        sale: variant?.salePriceCents ?? product.salePriceCents,
        retail: variant?.retailPriceCents ?? product.retailPriceCents,
      }
      : UNKNOWN;
    const from = before ? pricesOf(before) : catalogPrices;
    const to = after ? pricesOf(after) : catalogPrices;
    const recordChange = !before ? 'created' : !after ? 'deleted' : null;
    // A price beyond what the history holds (99,999,999.99) is not recorded: it must not fail the records' write.
    // A record created or deleted at the catalog's very prices is still a change: who pays what from then on is not.
    if ((recordChange === null && same(from, to)) || ![from, to].every(fits)) continue;
    entries.push({
      productId: product.id,
      variantId: variant?.id ?? null,
      oldRegularPriceCents: from.regular,
      newRegularPriceCents: to.regular,
      oldSalePriceCents: from.sale,
      newSalePriceCents: to.sale,
      // A created record's retail price is its own from then on, and a deleted one's was: both sides are kept.
      ...(from.retail !== to.retail || recordChange ? { oldRetailPriceCents: from.retail, newRetailPriceCents: to.retail } : {}),
      priceListId: r.priceListId,
      currency: r.currency,
      recordChange,
      changeType: history.source,
      workOrderId: null,
      changedBy: null,
      createdAt: history.at,
    });
  }
  return entries;
}
