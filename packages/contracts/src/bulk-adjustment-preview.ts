/**
 * The preview before a work order is created: every price it sets, old -> new, how many go up
 * and down, and the total change, so a mistaken -30% is seen before it reaches the store.
 * Cents in, cents out; the screen formats them.
 */
import type { PriceField } from './bulk-adjustment';
import { salePriceOrNull } from './money';

/** One price a work order sets: a product's or a variant's regular or sale price. */
export interface PriceChangeLine {
  /** The item's target (contracts itemTarget: "p101", "v1001"). */
  target: string;
  /** The product's name, with the variant's SKU for a variant. */
  label: string;
  field: PriceField;
  /** The current price; null where there is none (no sale price). */
  oldCents: number | null;
  /** The new price; null clears it (a removed sale price). */
  newCents: number | null;
}

/**
 * How a line changes a price: `increase` and `decrease` move an existing price, `unchanged`
 * leaves it as it is, `added` gives a price where there was none (a new sale price), and
 * `cleared` removes one.
 */
export type PriceChangeKind = 'increase' | 'decrease' | 'unchanged' | 'added' | 'cleared';

export interface PreviewLine extends PriceChangeLine {
  kind: PriceChangeKind;
  /** new - old for increases and decreases; 0 otherwise. */
  deltaCents: number;
}

export interface PricePreview {
  lines: PreviewLine[];
  increased: number;
  decreased: number;
  unchanged: number;
  added: number;
  cleared: number;
  /** Sum of the increases and decreases of regular prices. */
  regularDeltaCents: number;
  /** Sum of the increases and decreases of sale prices. */
  saleDeltaCents: number;
  /** regularDeltaCents + saleDeltaCents: the total change. */
  totalDeltaCents: number;
  /**
   * Targets whose sale price would be at or above their regular price after the order (a sale
   * that is no sale, usually a slip); checked only when previewPriceChanges gets `regularAfter`.
   */
  saleNotBelowRegular: string[];
}

export function classifyChange(field: PriceField, oldCents: number | null, newCents: number | null): PriceChangeKind {
  const before = field === 'sale' ? salePriceOrNull(oldCents) : oldCents;
  const after = field === 'sale' ? salePriceOrNull(newCents) : newCents;
  if (before === after) return 'unchanged';
  if (before === null) return 'added';
  if (after === null) return 'cleared';
  return after > before ? 'increase' : 'decrease';
}

/**
 * The preview of a work order's price lines. `regularAfter` gives a target's regular price after
 * the order (its new one, else its current one) to check sale prices against; omit it to skip
 * that check.
 */
export function previewPriceChanges(
  lines: readonly PriceChangeLine[],
  regularAfter?: (target: string) => number | null,
): PricePreview {
  const preview: PricePreview = {
    lines: [],
    increased: 0,
    decreased: 0,
    unchanged: 0,
    added: 0,
    cleared: 0,
    regularDeltaCents: 0,
    saleDeltaCents: 0,
    totalDeltaCents: 0,
    saleNotBelowRegular: [],
  };
  for (const line of lines) {
    const kind = classifyChange(line.field, line.oldCents, line.newCents);
    const deltaCents = kind === 'increase' || kind === 'decrease' ? line.newCents! - line.oldCents! : 0;
    preview.lines.push({ ...line, kind, deltaCents });
    if (kind === 'increase') preview.increased += 1;
    else if (kind === 'decrease') preview.decreased += 1;
    else if (kind === 'unchanged') preview.unchanged += 1;
    else if (kind === 'added') preview.added += 1;
    else preview.cleared += 1;
    if (line.field === 'regular') preview.regularDeltaCents += deltaCents;
    else preview.saleDeltaCents += deltaCents;

    const sale = line.field === 'sale' ? salePriceOrNull(line.newCents) : null;
    const regular = sale !== null ? regularAfter?.(line.target) : null;
    if (sale !== null && regular != null && sale >= regular) preview.saleNotBelowRegular.push(line.target);
  }
  preview.totalDeltaCents = preview.regularDeltaCents + preview.saleDeltaCents;
  return preview;
}
