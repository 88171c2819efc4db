/**
 * The create form seen through a price list (issue 35): which products and variants a price list
 * order can change, and their prices in the list's currency as its customers pay them now
 * (contracts price-list-view: the record's, else the catalog's in the catalog's currency, else
 * unknown), read from the device's copy of the list's records.
 *
 * A record is per variant: a product without options is its base variant (the draft key stays
 * "p{id}", the item names `baseVariantId`); a product with options is changed through its variants
 * only. A product without options whose base variant the device does not know (a catalog pulled
 * before it was sent) cannot be chosen.
 */
import type { GuardrailCatalogProduct } from '@catalog/contracts/guardrail-items';
import { salePriceOrNull } from '@catalog/contracts/money';
import { catalogPricesOf, priceListPrices, type PriceListPrices, type RecordPrices } from '@catalog/contracts/price-list-view';
import type { PriceListTarget } from '@catalog/contracts/work-orders';
import type { LocalProduct } from '../../../local/catalog-query';
import type { RecordTuple } from '../../../local/price-list-db';
import { centsOf, type LocalVariant } from './price-targets';

/** One list and currency's records on the device, with whether its currency is the catalog's. */
export interface ListPrices {
  target: PriceListTarget;
  /** By product id, then variant id (a product without options: its base variant). */
  records: ReadonlyMap<number, Readonly<Record<number, RecordTuple>>>;
  /** The list's currency is the catalog's: a variant without a record pays the catalog's prices. */
  catalogCurrency: boolean;
}

/** Said where a product without options cannot be part of a price list order. */
export const NO_BASE_VARIANT_MESSAGE = 'Its price list prices cannot be changed until the store is synced again';

/** Said where a sale price alone is set on an item the list has no price for. */
export const NO_LIST_PRICE_MESSAGE = 'It has no price in this list yet: set its new price too';

/** Whether two choices of prices are the same (null: the catalog). */
export function sameTarget(a: PriceListTarget | null | undefined, b: PriceListTarget | null | undefined): boolean {
  return (a ?? null) === (b ?? null) || (!!a && !!b && a.priceListId === b.priceListId && a.currency === b.currency);
}

/** A list with no records read (yet): every price the catalog's or unknown. */
export function emptyListPrices(target: PriceListTarget, catalogCurrency = false): ListPrices {
  return { target, records: new Map(), catalogCurrency };
}

/** The variant whose record a product's own key ("p{id}") changes: its base variant; null: unknown. */
export function baseVariantOf(product: LocalProduct): number | null {
  return product.baseVariantId ?? null;
}

/** Whether the product itself ("p{id}") has prices in a list: only a product without options. */
export function hasOwnListPrices(product: LocalProduct): boolean {
  return product.variants.length === 0;
}

function recordOf(list: ListPrices, productId: number, variantId: number | null): RecordPrices | null {
  if (variantId === null) return null;
  const tuple = list.records.get(productId)?.[variantId];
  return tuple ? { price: tuple[0], salePrice: tuple[1], retailPrice: tuple[2], mapPrice: tuple[3] } : null;
}

/** What the list's customers pay for a product without options (no variant) or a variant. */
export function listPricesOf(list: ListPrices, product: LocalProduct, variant?: LocalVariant): PriceListPrices {
  const catalog = catalogPricesOf(product, variant ?? null);
  return priceListPrices(catalog, recordOf(list, product.id, variant ? variant.id : baseVariantOf(product)), list.catalogCurrency);
}

/** The list's price and sale price in cents (null: none, or unknown when `known` is false). */
export function listCents(list: ListPrices, product: LocalProduct, variant?: LocalVariant): { regular: number | null; sale: number | null; known: boolean; record: boolean } {
  const prices = listPricesOf(list, product, variant);
  return { regular: centsOf(prices.price), sale: salePriceOrNull(centsOf(prices.salePrice)), known: prices.known, record: prices.source === 'record' };
}

/** Whether the list's customers pay a sale price for the product (without options) or any of its variants. */
export function onListSale(list: ListPrices, product: LocalProduct): boolean {
  if (hasOwnListPrices(product)) return listCents(list, product).sale !== null;
  return product.variants.some((v) => listCents(list, product, v).sale !== null);
}

/**
 * A product as the guardrails read it (contracts guardrailItemsOf) in the list: every price the
 * list's own, spelled out per variant (a record is whole: its missing sale price is none, not its
 * product's), the catalog's cost. As the server's gate does, an item without a record is checked
 * against the catalog's prices, also in another currency.
 */
export function listGuardrailProduct(list: ListPrices, product: LocalProduct): GuardrailCatalogProduct {
  const known = (variant?: LocalVariant) => {
    const own = listPricesOf(list, product, variant);
    const prices = own.known ? own : listPricesOf({ ...list, catalogCurrency: true }, product, variant);
    return { regular: centsOf(prices.price), sale: salePriceOrNull(centsOf(prices.salePrice)), retail: centsOf(prices.retailPrice) };
  };
  const productCost = centsOf(product.costPrice ?? null);
  const own = known();
  return {
    id: product.id,
    baseVariantId: baseVariantOf(product),
    regular: own.regular ?? 0,
    sale: hasOwnListPrices(product) ? own.sale : null,
    retail: hasOwnListPrices(product) ? own.retail : null,
    cost: productCost,
    variants: product.variants.map((v) => ({ id: v.id, ...known(v), cost: centsOf(v.costPrice ?? null) ?? productCost })),
  };
}
