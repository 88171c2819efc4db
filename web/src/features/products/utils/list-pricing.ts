/**
 * What a product shows as its prices on the products screen seen through a price list and
 * currency (issue 35): per variant (a product without options: the product itself, whose record
 * is its base variant's) what the list's customers pay (contracts price-list-view.ts: the
 * record's prices, else the catalog's in the catalog's currency, else unknown, "—"), shown as the
 * catalog's are (product-pricing.ts): one variant's prices, or with several the lowest positive
 * price and sale price '(from)'. `source` says where they come from: every unit's record, the
 * catalog's prices, or both.
 */
import { catalogPricesOf, priceListPrices, type PriceListPrices } from '@catalog/contracts/price-list-view';
import type { ListedProduct, LocalProduct } from '../../../local/catalog-query';
import type { RecordTuple } from '../../../local/price-list-db';
import type { ListPrices } from '../../../local/price-list-index';
import { lowestPositive, usesVariantPricing } from './product-pricing';

export type ListPriceSource = 'record' | 'catalog' | 'mixed';

/** A product as the products screen shows it: its list row, and seen through a price list, that list's prices. */
export type ShownProduct = ListedProduct & { listPricing?: ListPricing };

export interface ListPricing {
  /** Prices are the lowest among the variants: shown with '(from)'. */
  fromVariants: boolean;
  /** null: none, or unknown (another currency than the catalog's and no record). */
  price: string | null;
  salePrice: string | null;
  source: ListPriceSource;
  currency: string;
}

export const LIST_SOURCE_LABELS: Readonly<Record<ListPriceSource, string>> = {
  record: 'Price list',
  catalog: 'Catalog price',
  mixed: 'Price list and catalog',
};

const recordOf = (t: RecordTuple | undefined) => (t ? { price: t[0], salePrice: t[1], retailPrice: t[2], mapPrice: t[3] } : null);

/** The record of a product without options: its base variant's (any one of its records when the base is unknown). */
function ownRecord(product: LocalProduct, records: Readonly<Record<number, RecordTuple>>): RecordTuple | undefined {
  if (product.baseVariantId != null) return records[product.baseVariantId];
  const first = Object.keys(records)[0];
  return first === undefined ? undefined : records[Number(first)];
}

export function listPricing(product: LocalProduct, list: Pick<ListPrices, 'records' | 'catalogCurrency' | 'currency'>): ListPricing {
  const records = list.records.get(product.id) ?? {};
  const units: PriceListPrices[] = product.variants.length === 0
    ? [priceListPrices(catalogPricesOf(product, null), recordOf(ownRecord(product, records)), list.catalogCurrency)]
    : product.variants.map((v) => priceListPrices(catalogPricesOf(product, v), recordOf(records[v.id]), list.catalogCurrency));
  const fromRecords = units.filter((u) => u.source === 'record').length;
  const source: ListPriceSource = fromRecords === units.length ? 'record' : fromRecords === 0 ? 'catalog' : 'mixed';
  if (!usesVariantPricing(product)) {
    const unit = units[0]!;
    return { fromVariants: false, price: unit.price, salePrice: unit.salePrice, source, currency: list.currency };
  }
  return {
    fromVariants: true,
    price: lowestPositive(units.map((u) => u.price)),
    salePrice: lowestPositive(units.map((u) => u.salePrice)),
    source,
    currency: list.currency,
  };
}
