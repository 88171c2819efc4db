/**
 * The lowest prior price of many variants at once (issue 36): for each live variant of the
 * products given (a product without options: its base variant), the lowest effective price in
 * `[at - days, at)` of the catalog or one price list and currency, its current effective price,
 * and the window's gaps (spans the prices were not followed: reported, never priced). Reads the
 * price history around the window in a few statements (db.lowestPrice), whatever the number of
 * variants; the rest is price-steps.ts.
 */
import type { Database, ItemChanges, PriceItem, ProductWithVariants } from '../../db/repositories';
import { itemKey } from '../../db/repository-shared.lowest-price';
import { coverageGaps, type Span } from './coverage-gaps';
import { effectiveAt, layerSteps, type Lowest, lowestOver, type Prices, type Step } from './price-steps';

const DAY_MS = 86_400_000;

export interface LowestPriceOptions {
  at: Date;
  days: number;
  /** Null: the catalog. With a list, `catalogCurrency` says whether a variant without a record pays the catalog's price. */
  target: { priceListId: number; currency: string; catalogCurrency: boolean } | null;
}

export interface VariantLowest {
  /** The store's variant id. */
  variantId: number;
  lowest: Lowest | null;
  /** The effective price now, in cents; null: unknown. */
  currentCents: number | null;
}

export interface LowestPrices {
  window: Span;
  gaps: Span[];
  variants: VariantLowest[];
}

/** One answer row to build: a variant (its row, or none for a product's base variant) of a product. */
interface Slot {
  product: ProductWithVariants;
  variantId: number;
  variantRowId: string | null;
  variantPrices: Prices | null;
}

function slotsOf(products: readonly ProductWithVariants[]): Slot[] {
  return products.flatMap((product): Slot[] => {
    const live = product.variants.filter((v) => v.deletedAt === null);
    if (live.length > 0) {
      return live.map((v) => ({ product, variantId: v.externalId, variantRowId: v.id, variantPrices: { regular: v.regularPriceCents, sale: v.salePriceCents } }));
    }
    return product.baseVariantId === null ? [] : [{ product, variantId: product.baseVariantId, variantRowId: null, variantPrices: null }];
  });
}

export async function lowestPrices(db: Database, companyId: string, products: readonly ProductWithVariants[], opts: LowestPriceOptions): Promise<LowestPrices> {
  const window: Span = { from: new Date(opts.at.getTime() - opts.days * DAY_MS), to: opts.at };
  const slots = slotsOf(products);
  const productItems: PriceItem[] = products.map((p) => ({ productId: p.id, variantId: null }));
  const variantItems: PriceItem[] = slots.flatMap((s) => (s.variantRowId ? [{ productId: s.product.id, variantId: s.variantRowId }] : []));
  const catalogApplies = opts.target === null || opts.target.catalogCurrency;
  const recordItems: PriceItem[] = slots.map((s) => ({ productId: s.product.id, variantId: s.variantRowId }));

  const [spans, catalogChanges, recordChanges, records] = await Promise.all([
    db.lowestPrice.coverage(companyId, window),
    catalogApplies ? db.lowestPrice.itemChanges(companyId, [...productItems, ...variantItems], null, window) : Promise.resolve([]),
    opts.target ? db.lowestPrice.itemChanges(companyId, recordItems, opts.target, window) : Promise.resolve([]),
    opts.target ? db.priceLists.getRecords(companyId, opts.target.priceListId, opts.target.currency, slots.map((s) => s.variantId)) : Promise.resolve([]),
  ]);
  const gaps = coverageGaps(window, spans);
  const byItem = (list: readonly ItemChanges[]) => new Map(list.map((c) => [itemKey(c.productId, c.variantId), c]));
  const catalog = byItem(catalogChanges);
  const recorded = byItem(recordChanges);
  const currentRecords = new Map(records.map((r) => [r.variantId, { regular: r.priceCents, sale: r.salePriceCents }]));
  const none: Prices = { regular: null, sale: null };
  const steps = (changes: ItemChanges | undefined, current: Prices): Step[] | null => (changes ? layerSteps(changes, window.from, current) : null);

  const variants = slots.map((slot): VariantLowest => {
    const productNow: Prices = { regular: slot.product.regularPriceCents, sale: slot.product.salePriceCents };
    const layers = {
      record: opts.target ? steps(recorded.get(itemKey(slot.product.id, slot.variantRowId)), currentRecords.get(slot.variantId) ?? none) : null,
      variant: slot.variantRowId ? steps(catalog.get(itemKey(slot.product.id, slot.variantRowId)), slot.variantPrices ?? none) : null,
      product: steps(catalog.get(itemKey(slot.product.id, null)), productNow) ?? [{ at: window.from.getTime(), ...productNow }],
      catalogApplies,
    };
    const currentLayers = {
      record: opts.target ? [{ at: 0, ...(currentRecords.get(slot.variantId) ?? none) }] : null,
      variant: slot.variantPrices ? [{ at: 0, ...slot.variantPrices }] : null,
      product: [{ at: 0, ...productNow }],
      catalogApplies,
    };
    return { variantId: slot.variantId, lowest: lowestOver(layers, window, gaps), currentCents: effectiveAt(currentLayers, 0) };
  });
  return { window, gaps, variants };
}
