/**
 * An item's prices over a window as steps (issue 36), and the lowest effective price of a
 * variant over the covered parts of the window. Pure.
 *
 * A layer is one item's prices (a product's own, a variant's, a price list record): the price at
 * the window's start is the new price of its newest change at or before it, else the old price of
 * its oldest change after it, else (no change recorded) its current price; each change in the
 * window is a step. A variant's catalog price is its own where set, else its product's (field by
 * field, as BigCommerce does); a price list record overrides both while it has a price, and
 * from its deletion (until it is created again) the catalog's prices apply, in the list's
 * currency when it is the catalog's (unknown in another: not counted).
 */
import { effectivePriceCents } from '@catalog/contracts/lowest-price';
import type { ItemChanges, ItemPriceChange } from '../../db/repositories';
import type { Span } from './coverage-gaps';

export interface Prices {
  regular: number | null;
  sale: number | null;
}

/** A layer's prices from `at` on; the first step is at the window's start. */
export interface Step extends Prices {
  at: number;
}

/** A price list record's layer where the variant has no record: effectiveAt goes on to the catalog's layers. */
const NO_RECORD: Prices = { regular: null, sale: null };

/**
 * A change's prices after it, and before it. A record's change that deleted it has none after (its
 * entry's "after" is the catalog's prices of that moment: from then on the catalog's layers say
 * what applied, with their later changes), and one that created it none before. An entry without
 * the marker (written before it) is read as its prices say.
 */
const pricesAfter = (c: ItemPriceChange): Prices => (c.recordChange === 'deleted' ? NO_RECORD : { regular: c.newRegular, sale: c.newSale });
const pricesBefore = (c: ItemPriceChange): Prices => (c.recordChange === 'created' ? NO_RECORD : { regular: c.oldRegular, sale: c.oldSale });

/** The steps of one item over `[from, to)`: `current` is its price now (used when no change is recorded). */
export function layerSteps(changes: ItemChanges, from: Date, current: Prices): Step[] {
  const start: Prices = changes.atStart ? pricesAfter(changes.atStart) : changes.firstAfter ? pricesBefore(changes.firstAfter) : current;
  return [{ at: from.getTime(), ...start }, ...changes.inWindow.map((c) => ({ at: c.at.getTime(), ...pricesAfter(c) }))];
}

/** A layer's prices at `t` (its steps are oldest first, the first at or before `t`). */
export function valueAt(steps: readonly Step[], t: number): Prices {
  let found = steps[0]!;
  for (const s of steps) {
    if (s.at > t) break;
    found = s;
  }
  return found;
}

/**
 * How a variant's price is made of its layers at a moment: a price list record (when it has a
 * price), else the catalog's (variant over product) when known in the list's currency, else unknown.
 */
export interface VariantLayers {
  record: Step[] | null;
  variant: Step[] | null;
  product: Step[];
  /** Whether the catalog's prices apply without a record (the catalog itself, or a list in the catalog's currency). */
  catalogApplies: boolean;
}

export function effectiveAt(layers: VariantLayers, t: number): number | null {
  if (layers.record) {
    const r = valueAt(layers.record, t);
    if (r.regular !== null) return effectivePriceCents(r.regular, r.sale);
  }
  if (!layers.catalogApplies) return null;
  const p = valueAt(layers.product, t);
  const v = layers.variant ? valueAt(layers.variant, t) : { regular: null, sale: null };
  return effectivePriceCents(v.regular ?? p.regular, v.sale ?? p.sale);
}

export interface Lowest {
  cents: number;
  /** When it applied first in the window (the window's start when it applied from before). */
  from: Date;
}

/** The lowest effective price over the parts of `window` outside `gaps`; null when none is known. */
export function lowestOver(layers: VariantLayers, window: Span, gaps: readonly Span[]): Lowest | null {
  const end = window.to.getTime();
  const cuts = new Set<number>([window.from.getTime()]);
  for (const steps of [layers.record, layers.variant, layers.product]) for (const s of steps ?? []) cuts.add(s.at);
  for (const g of gaps) {
    cuts.add(g.from.getTime());
    cuts.add(g.to.getTime());
  }
  const points = [...cuts].filter((t) => t >= window.from.getTime() && t < end).sort((a, b) => a - b);
  let best: Lowest | null = null;
  for (const t of points) {
    if (gaps.some((g) => g.from.getTime() <= t && t < g.to.getTime())) continue;
    const cents = effectiveAt(layers, t);
    if (cents !== null && (best === null || cents < best.cents)) best = { cents, from: new Date(t) };
  }
  return best;
}
