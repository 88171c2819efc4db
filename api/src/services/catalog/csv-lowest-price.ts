/**
 * The lowest prior price columns of the products CSV exports (issue 36, item 1; contracts csv.ts
 * LOWEST_PRIOR_PRICE_CSV_COLUMNS): when the company follows the EU rule (`priorPriceDays`), each
 * page of the export asks lowest-prices.ts for its variants' lows, a batch of at most
 * MAX_VARIANTS_PER_BATCH variants at a time, all at the same moment (the export's start), the
 * catalog's or the exported price list's. A window with a gap gets no low, only a note.
 */
import { LOWEST_PRIOR_PRICE_GAP_NOTE, LOWEST_PRIOR_PRICE_UNKNOWN_NOTE } from '@catalog/contracts/csv';
import { formatCents } from '@catalog/contracts/money';
import type { Database, ProductWithVariants } from '../../db/repositories';
import { lowestPrices, type LowestPriceOptions } from '../lowest-price/lowest-prices';

/** Variants asked about at once: lowest-prices.ts reads "at most a few thousand" items per statement. */
export const MAX_VARIANTS_PER_BATCH = 2_000;

/**
 * The export's ask when the company follows the rule, else null (no columns). `target`: the
 * exported price list and currency, already checked to be the company's.
 */
export async function lowestPriceAsk(
  db: Database, companyId: string, at: Date, target: { priceListId: number; currency: string } | null,
): Promise<LowestPriceOptions | null> {
  const company = await db.companies.get(companyId);
  if (!company || company.priorPriceDays === null) return null;
  if (target === null) return { at, days: company.priorPriceDays, target: null };
  const catalogCurrency = (await db.priceLists.catalogCurrency(companyId)) === target.currency;
  return { at, days: company.priorPriceDays, target: { ...target, catalogCurrency } };
}

/** Live variants a product asks about (a product without options: its base variant). */
const variantsOf = (p: ProductWithVariants) => Math.max(1, p.variants.filter((v) => v.deletedAt === null).length);

/** The products in batches of at most MAX_VARIANTS_PER_BATCH variants (a product is never split). */
function batches(products: readonly ProductWithVariants[]): ProductWithVariants[][] {
  const out: ProductWithVariants[][] = [];
  let batch: ProductWithVariants[] = [];
  let size = 0;
  for (const p of products) {
    const n = variantsOf(p);
    if (batch.length > 0 && size + n > MAX_VARIANTS_PER_BATCH) {
      out.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(p);
    size += n;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** "2025-03-01 09:30:00", as the history export writes its dates. */
const utc = (d: Date): string => d.toISOString().slice(0, 19).replace('T', ' ');

/** The three cells of each variant of `products`, by the store's variant id (a product without options: its base variant's). */
export async function lowestPriceCells(db: Database, companyId: string, products: readonly ProductWithVariants[], ask: LowestPriceOptions): Promise<Map<number, string[]>> {
  const cells = new Map<number, string[]>();
  for (const batch of batches(products)) {
    const found = await lowestPrices(db, companyId, batch, ask);
    for (const v of found.variants) {
      if (found.gaps.length > 0) cells.set(v.variantId, ['', '', LOWEST_PRIOR_PRICE_GAP_NOTE]);
      else if (v.lowest === null) cells.set(v.variantId, ['', '', LOWEST_PRIOR_PRICE_UNKNOWN_NOTE]);
      else cells.set(v.variantId, [formatCents(v.lowest.cents), utc(v.lowest.from), '']);
    }
  }
  return cells;
}

/** A row's cells when it has none of its own (a product's row beside its variants', a variant deleted since the page was read). */
export const NO_LOWEST_PRICE = ['', '', ''] as const;
