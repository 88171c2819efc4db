/**
 * GET /api/products through a price list and currency (issue 35): each product and variant of a
 * page with `listPrices`, what the list's customers pay (contracts price-list-view.ts, the rules
 * the device runs too: never re-encoded here). A product's own are its base variant's record (a
 * product without options keeps its records there), else the catalog's product prices; a
 * variant's its record, else the catalog's (its own, else its product's).
 */
import { formatCents } from '@catalog/contracts/money';
import { catalogPricesOf, priceListPrices, type RecordPrices } from '@catalog/contracts/price-list-view';
import type { ListedProduct, ListPrices } from '@catalog/contracts/products';
import type { Database, PriceListLens, PriceListRecord, ProductWithVariants } from '../../db/repositories';
import { toWireProduct } from './catalog-wire';

const money = (cents: number | null): string | null => (cents === null ? null : formatCents(cents));

const recordPrices = (r: PriceListRecord | undefined): RecordPrices | null =>
  (r ? { price: formatCents(r.priceCents), salePrice: money(r.salePriceCents), retailPrice: money(r.retailPriceCents), mapPrice: money(r.mapPriceCents) } : null);

/** The store's variant ids whose records a page of products needs: each base variant and every variant. */
export function recordVariantIds(products: readonly ProductWithVariants[]): number[] {
  return products.flatMap((p) => [...(p.baseVariantId === null ? [] : [p.baseVariantId]), ...p.variants.map((v) => v.externalId)]);
}

/** A product as GET /api/products answers it through the list: the catalog's wire product, each part with its `listPrices`. */
export function toListedProduct(p: ProductWithVariants, records: ReadonlyMap<number, PriceListRecord>, lens: PriceListLens): ListedProduct {
  const wire = toWireProduct(p);
  const own = p.baseVariantId === null ? undefined : records.get(p.baseVariantId);
  const listPrices: ListPrices = priceListPrices(catalogPricesOf(wire, null), recordPrices(own), lens.catalogCurrency);
  return {
    ...wire,
    listPrices,
    variants: wire.variants.map((v) => ({ ...v, listPrices: priceListPrices(catalogPricesOf(wire, v), recordPrices(records.get(v.id)), lens.catalogCurrency) })),
  };
}

/** The page's products through the list: their records read in one go (by variant id). */
export async function listedProducts(db: Database, companyId: string, products: readonly ProductWithVariants[], lens: PriceListLens): Promise<ListedProduct[]> {
  const ids = recordVariantIds(products);
  const records = ids.length === 0 ? [] : await db.priceLists.getRecords(companyId, lens.priceListId, lens.currency, ids);
  const byVariant = new Map(records.map((r) => [r.variantId, r]));
  return products.map((p) => toListedProduct(p, byVariant, lens));
}
