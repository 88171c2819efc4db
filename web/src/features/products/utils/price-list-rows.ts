/**
 * The rows of the product detail's price lists (issue 35): for each list of the store and each of
 * its currencies, one row per variant of the product (a product without options: the product
 * itself, whose records are on its base variant: a record whose variant is none of the product's
 * variants is the product's), with what that list's customers pay (contracts price-list-view.ts).
 */
import { catalogPricesOf, priceListPrices, type PriceListPrices } from '@catalog/contracts/price-list-view';
import type { PriceListSummary } from '@catalog/contracts/price-lists';
import type { LocalProduct } from '../../../local/catalog-query';
import type { RecordTuple } from '../../../local/price-list-db';
import type { ProductPriceLists } from '../../../local/price-list-read';

export interface PriceListRow {
  /** The variant's id; null: the product itself. */
  variantId: number | null;
  currency: string;
  prices: PriceListPrices;
}

export interface PriceListBlock {
  list: PriceListSummary;
  rows: PriceListRow[];
}

const recordOf = (t: RecordTuple | undefined) => (t ? { price: t[0], salePrice: t[1], retailPrice: t[2], mapPrice: t[3] } : null);

export function priceListBlocks(product: LocalProduct, data: ProductPriceLists): PriceListBlock[] {
  const variantIds = new Set(product.variants.map((v) => v.id));
  return data.lists.map((list) => {
    const byCurrency = data.records.get(list.id);
    const currencies = [...new Set([...list.currencies, ...(byCurrency?.keys() ?? [])])].sort();
    const rows = currencies.flatMap((currency) => {
      const records = byCurrency?.get(currency) ?? {};
      const own = Object.keys(records).map(Number).find((id) => !variantIds.has(id));
      const catalogCurrency = data.catalogCurrency !== null && currency === data.catalogCurrency;
      const row = (variantId: number | null, record: RecordTuple | undefined): PriceListRow => {
        const variant = variantId === null ? null : (product.variants.find((v) => v.id === variantId) ?? null);
        return { variantId, currency, prices: priceListPrices(catalogPricesOf(product, variant), recordOf(record), catalogCurrency) };
      };
      const variants = product.variants.map((v) => row(v.id, records[v.id]));
      // The product itself: when it has no variants of its own, or a record of its base variant says so.
      return variants.length === 0 || own !== undefined ? [row(null, own === undefined ? undefined : records[own]), ...variants] : variants;
    });
    return { list, rows };
  });
}

/** "€1,234.50" for "1234.50" in EUR; "—" for no price. */
export function formatMoney(price: string | null, currency: string): string {
  if (price === null) return '\u2014';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(price));
  } catch {
    return `${price} ${currency}`;
  }
}
