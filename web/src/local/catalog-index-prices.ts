/**
 * A price source of the in-memory index (catalog-index.ts, issue 35): the products screen seen
 * through one price list and currency filters by what that list's customers pay. Made from one
 * read of the list's records in the currency (price-list-index.ts); pure, so the API's agreement
 * test compiles it with the index.
 *
 * What the price filters (range, on sale) read of a product under the list: the rule of
 * GET /api/products?priceList= (contracts product-filters.ts), each price by price-list-view.ts
 * priceListPrices:
 * - its price: its own list price, its base variant's record's; without one the catalog's regular
 *   price in the catalog's currency, else unknown (no price range matches it);
 * - on sale: a list sale price above 0 of the product itself or of one of its variants, each its
 *   record's, else the catalog's in the catalog's currency (none in another currency).
 * A product without records is the index's entry as it is in the catalog's currency, and has no
 * known price and no sale in another. Search, order and the other filters stay the catalog's.
 */
import { isOnSale } from '@catalog/contracts/money';
import { catalogPricesOf, priceListPrices, type CatalogPrices } from '@catalog/contracts/price-list-view';
import { productFilterMatcher, type ProductFilters, type ProductFilterSubject } from '@catalog/contracts/product-filters';

/** A record's prices as the device keeps them (price-list-db.ts RecordTuple): [price, sale, retail, MAP]. */
export type ListRecordTuple = readonly [price: string, salePrice: string | null, retailPrice: string | null, mapPrice: string | null];

/** What the price filters read of a product that has records in the list and currency. */
export interface ListPriceSubject {
  /** Its own list price in cents (its base variant's record); undefined: the catalog's (the entry's own); NaN: unknown. */
  regularPriceCents: number | undefined;
  onSale: boolean;
}

export interface IndexPriceSource {
  /** Names the list, currency and read: the index caches results by it (same key, same prices). */
  readonly key: string;
  /** The list's currency is the catalog's: a product without records pays the catalog's prices. */
  readonly catalogCurrency: boolean;
  /** The products with records in the list and currency. */
  readonly byProduct: ReadonlyMap<number, ListPriceSubject>;
}

/** A product's catalog prices with its variants', for the sale of the units a list has no record of. */
export interface CatalogPricedProduct extends CatalogPrices {
  variants: ReadonlyArray<CatalogPrices & { id: number }>;
}

const NO_CATALOG: CatalogPrices = { regularPrice: null, salePrice: null, retailPrice: null };

/** Cents of a price as the device stores it ("19.90"): exact for the stored domain, as the index's own (catalog-index-entry.ts); NaN for none. */
const centsOf = (price: string | null): number => (price === null ? Number.NaN : Math.round(Number(price) * 100));

const recordOf = (t: ListRecordTuple) => ({ price: t[0], salePrice: t[1], retailPrice: t[2], mapPrice: t[3] });

/**
 * What the price filters read of a product with `records` (variant id -> tuple) in the list and
 * currency (the rule above). `catalogOnSale`: the catalog has the product or a variant on sale
 * (the entry's). Only when that is so, the list's currency is the catalog's and no record is on
 * sale does the sale of the units without a record decide (needsCatalogRow): `product`, its
 * catalog row with variants, says it; without it the catalog's sale stands.
 */
export function listPriceSubject(
  records: Readonly<Record<number, ListRecordTuple>>,
  baseVariantId: number | null | undefined,
  catalogCurrency: boolean,
  catalogOnSale: boolean,
  product?: CatalogPricedProduct,
): ListPriceSubject {
  const own = baseVariantId == null ? undefined : records[baseVariantId];
  const regularPriceCents = own ? centsOf(priceListPrices(NO_CATALOG, recordOf(own), catalogCurrency).price) : catalogCurrency ? undefined : Number.NaN;
  let onSale = false;
  // Object.values: for-in over integer keys was several times slower (100,000 products' records).
  for (const record of Object.values(records)) {
    // A record overrides every catalog price: the catalog's are not needed for it.
    if (isOnSale(priceListPrices(NO_CATALOG, recordOf(record), catalogCurrency).salePrice)) {
      onSale = true;
      break;
    }
  }
  if (!onSale && needsCatalogRow(records, catalogCurrency, catalogOnSale)) {
    if (!product) onSale = true;
    else {
      const unit = (variant: (CatalogPrices & { id: number }) | null, record: ListRecordTuple | undefined) =>
        isOnSale(priceListPrices(catalogPricesOf(product, variant), record ? recordOf(record) : null, true).salePrice);
      onSale = unit(null, own) || product.variants.some((v) => unit(v, records[v.id]));
    }
  }
  return { regularPriceCents, onSale };
}

/** Whether a product's list sale depends on its catalog row's units without a record (see listPriceSubject). */
export function needsCatalogRow(records: Readonly<Record<number, ListRecordTuple>>, catalogCurrency: boolean, catalogOnSale: boolean): boolean {
  if (!catalogCurrency || !catalogOnSale) return false;
  return !Object.values(records).some((record) => isOnSale(record[1]));
}

/** Whether the filters read prices (a range or on sale): only then does a price source change a result. */
export function readsPrices(filters: ProductFilters | null | undefined, saleOnly: boolean | undefined): boolean {
  return !!saleOnly || (!!filters && (filters.priceMin !== undefined || filters.priceMax !== undefined || filters.onSale !== undefined));
}

type Subject = ProductFilterSubject & { id: number };

/**
 * The subject the filters read of `entry` under `source`: the entry itself when the catalog's
 * prices apply, else `scratch` (reused, so a query over 100,000 entries makes no objects) with
 * the list's price and sale.
 */
function subjectUnder(source: IndexPriceSource, entry: Subject, scratch: ProductFilterSubject): ProductFilterSubject {
  const own = source.byProduct.get(entry.id);
  if (own === undefined && source.catalogCurrency) return entry;
  scratch.brand = entry.brand;
  scratch.stock = entry.stock;
  scratch.isVisible = entry.isVisible;
  scratch.skuText = entry.skuText;
  // Unknown: NaN is neither above a minimum nor below a maximum.
  scratch.regularPriceCents = own ? (own.regularPriceCents ?? entry.regularPriceCents) : Number.NaN;
  scratch.onSale = own ? own.onSale : false;
  return scratch;
}

/** productFilterMatcher reading the prices of `source` (contracts' one predicate, on the list's subject). */
export function pricedFilterMatcher(filters: ProductFilters, source: IndexPriceSource): (entry: Subject) => boolean {
  const matches = productFilterMatcher(filters);
  const scratch: ProductFilterSubject = { brand: null, regularPriceCents: 0, stock: 0, onSale: false, isVisible: true, skuText: '' };
  return (entry) => matches(subjectUnder(source, entry, scratch));
}

/** Whether `entry` is on sale under `source` (the sale-only filter). */
export function onSaleUnder(source: IndexPriceSource, entry: { id: number; onSale: boolean }): boolean {
  const own = source.byProduct.get(entry.id);
  if (own !== undefined) return own.onSale;
  return source.catalogCurrency && entry.onSale;
}
