/**
 * What a price list's customers pay (issue 35), by BigCommerce's order of operations
 * (`calculations.mdx`): a price list record overrides every catalog price before it (the
 * product's and the variant's price and sale price), and its own sale price overrides its price;
 * a variant without a record in the list and currency pays the catalog's prices. Those are known
 * only in the catalog's currency: in another one the store converts them at a rate the app does
 * not know, so they are unknown (null, shown as "—").
 *
 * Pure, for the device (the product detail, a products screen seen through a list) and the API.
 * Money is a string like "19.90" (money.ts); null is "none" or "unknown" as `source` says.
 */
import { isOnSale, salePriceOrNull } from './money';

/** A product's or a variant's catalog prices; a variant's null inherits the product's (as BigCommerce does). */
export interface CatalogPrices {
  regularPrice: string | null;
  salePrice: string | null;
  retailPrice: string | null;
}

/** A record's prices: an unset sale, retail (MSRP) or MAP price is null. */
export interface RecordPrices {
  price: string;
  salePrice: string | null;
  retailPrice: string | null;
  mapPrice: string | null;
}

/**
 * - record: the list's record overrides the catalog's prices
 * - catalog: no record; the catalog's prices apply (`known` false: in another currency, unknown)
 */
export type PriceSource = 'record' | 'catalog';

export interface PriceListPrices {
  source: PriceSource;
  /** false: the catalog's prices apply in another currency than the catalog's, converted by the store: unknown here. */
  known: boolean;
  price: string | null;
  salePrice: string | null;
  retailPrice: string | null;
  /** Only a record has one (the catalog keeps no MAP price). */
  mapPrice: string | null;
}

/** A variant's own catalog prices, its product's where it has none (null: the product itself). */
export function catalogPricesOf(product: CatalogPrices, variant: CatalogPrices | null): CatalogPrices {
  return {
    regularPrice: variant?.regularPrice ?? product.regularPrice,
    salePrice: variant?.salePrice ?? product.salePrice,
    retailPrice: variant?.retailPrice ?? product.retailPrice,
  };
}

/**
 * The prices a customer of the list pays in its currency for one variant (or a product without
 * options): the record's when there is one, else the catalog's when `catalogCurrency` (the
 * list's currency is the catalog's), else unknown.
 */
export function priceListPrices(catalog: CatalogPrices, record: RecordPrices | null, catalogCurrency: boolean): PriceListPrices {
  if (record) {
    // The record is whole: its unset sale price is no sale, never the catalog's.
    return { source: 'record', known: true, price: record.price, salePrice: salePriceOrNull(record.salePrice), retailPrice: record.retailPrice, mapPrice: record.mapPrice };
  }
  if (!catalogCurrency) return { source: 'catalog', known: false, price: null, salePrice: null, retailPrice: null, mapPrice: null };
  return {
    source: 'catalog', known: true, price: catalog.regularPrice, salePrice: salePriceOrNull(catalog.salePrice),
    retailPrice: catalog.retailPrice, mapPrice: null,
  };
}

/** What the customer pays before discounts: the sale price when there is one, else the price (null: unknown). */
export function payingPrice(prices: Pick<PriceListPrices, 'price' | 'salePrice'>): string | null {
  return isOnSale(prices.salePrice) ? prices.salePrice : prices.price;
}
