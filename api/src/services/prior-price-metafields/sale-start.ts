/**
 * When a variant's current sale began, and its lowest price in the days before (issue 36 item 3).
 * Pure.
 *
 * The low a storefront shows beside a reduction is the lowest price of the N days before the
 * reduction (Directive 98/6/EC Art. 6a; decision 063's window `[at - days, at)`), so `at` is the
 * moment the variant's current sale began: the earliest moment from which, without a break, it
 * was on sale at its current sale price. A deeper reduction (another sale price) is a new sale;
 * a regular price changed during the sale is not. The price history reached back to the
 * variant's layers (its own prices over its product's, field by field) is read as price-steps.ts
 * reads it.
 */
import { isOnSale } from '@catalog/contracts/money';
import { coverageGaps, type Span } from '../lowest-price/coverage-gaps';
import { lowestOver, type Lowest, type Step, valueAt } from '../lowest-price/price-steps';
import type { CoverageSpan } from '../../db/repositories';

/** A variant's catalog prices as steps from the start of the history read: its own (null: a product's base variant) and its product's. */
export interface CatalogLayers {
  variant: Step[] | null;
  product: Step[];
}

/** The sale price charged at `t`, or null when the variant was not on sale then. */
function saleAt(layers: CatalogLayers, t: number): number | null {
  const product = valueAt(layers.product, t);
  const sale = layers.variant ? (valueAt(layers.variant, t).sale ?? product.sale) : product.sale;
  return sale !== null && isOnSale(sale) ? sale : null;
}

/**
 * The moment the sale at `saleCents` began, as far as the steps say: the earliest of their
 * moments from which every later one is on sale at that price. Null when the newest is not (the
 * history does not end at the price the catalog has now). The first step's moment means the
 * sale began at it or before: the history read does not go back far enough.
 */
export function saleStart(layers: CatalogLayers, saleCents: number): number | null {
  const moments = [...new Set([...(layers.variant ?? []), ...layers.product].map((s) => s.at))].sort((a, b) => b - a);
  let start: number | null = null;
  for (const t of moments) {
    if (saleAt(layers, t) !== saleCents) break;
    start = t;
  }
  return start;
}

/**
 * The lowest effective price in `[start - days, start)` outside the gaps of `spans`, or null: the
 * window is wholly unknown, or the sale itself was not followed all along (a gap between its
 * start and `now`: it may have ended and begun again unseen). The layers' steps must reach back
 * to the window's start.
 */
export function lowBefore(layers: CatalogLayers, start: number, days: number, spans: readonly CoverageSpan[], now: number): Lowest | null {
  if (coverageGaps({ from: new Date(start), to: new Date(now) }, spans).length > 0) return null;
  const window: Span = { from: new Date(start - days * 86_400_000), to: new Date(start) };
  return lowestOver({ record: null, variant: layers.variant, product: layers.product, catalogApplies: true }, window, coverageGaps(window, spans));
}
