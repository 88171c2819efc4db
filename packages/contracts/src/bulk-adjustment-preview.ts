/**
 * The preview before a work order is created: every price it sets, old -> new, how many go up
 * and down, and the total change, so a mistaken -30% is seen before it reaches the store.
 * Cents in, cents out; the screen formats them.
 */
import type { PriceField } from './bulk-adjustment';
import { GUARDRAIL_RULES, guardrailFlags, priorPriceOf, type GuardrailItem, type GuardrailRule, type GuardrailSettings } from './guardrails';
import { DEFAULT_PRIOR_PRICE_DAYS } from './lowest-price';
import { isOnSale, salePriceOrNull } from './money';
import { priorPriceNote } from './prior-price';

/** One price a work order sets: a product's or a variant's regular, sale or retail price (MSRP). */
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
  /** Sum of the increases and decreases of retail prices (MSRP); not part of the total. */
  retailDeltaCents: number;
  /** regularDeltaCents + saleDeltaCents: the total change of what shoppers are asked to pay. */
  totalDeltaCents: number;
  /**
   * Targets whose sale price would be at or above their regular price after the order (a sale
   * that is no sale, usually a slip); checked only when previewPriceChanges gets `regularAfter`.
   */
  saleNotBelowRegular: string[];
}

export function classifyChange(field: PriceField, oldCents: number | null, newCents: number | null): PriceChangeKind {
  // A sale price or MSRP of 0 is none (BigCommerce's 0 means "not set").
  const before = field === 'regular' ? oldCents : salePriceOrNull(oldCents);
  const after = field === 'regular' ? newCents : salePriceOrNull(newCents);
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
    retailDeltaCents: 0,
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
    else if (line.field === 'sale') preview.saleDeltaCents += deltaCents;
    else preview.retailDeltaCents += deltaCents;

    const sale = line.field === 'sale' ? salePriceOrNull(line.newCents) : null;
    const regular = sale !== null ? regularAfter?.(line.target) : null;
    if (sale !== null && regular != null && sale >= regular) preview.saleNotBelowRegular.push(line.target);
  }
  preview.totalDeltaCents = preview.regularDeltaCents + preview.saleDeltaCents;
  return preview;
}

/**
 * The guardrails of a whole order, on the device (issue 19): every item's flags (guardrailFlags,
 * the rules the server's 422 reads too), the count of items per rule, the blocking rules broken,
 * and how many items go up, down or stay (by what a shopper pays: the sale price when on sale,
 * else the regular price; by the regular price when that stays). In the EU mode (issue 36), each
 * item on sale whose "was" price is above its 30-day low, or whose low could not be checked, has
 * a note saying so ("Shown as before: 49.00; lowest in the last 30 days: 39.00").
 */
export interface OrderGuardrails {
  /** The flags of each flagged item, by target; items without flags are not in it. */
  flags: Map<string, GuardrailRule[]>;
  /** Items per rule, every rule present (0 for none). */
  counts: Record<GuardrailRule, number>;
  /** Items with at least one flag. */
  flagged: number;
  /** The company's blocking rules this order breaks, with their counts, in GUARDRAIL_RULES order. */
  blocking: Array<{ rule: GuardrailRule; count: number }>;
  itemsUp: number;
  itemsDown: number;
  itemsUnchanged: number;
  /** The EU prior price's words per item, by target: flagged, or not checked (prior-price.ts priorPriceNote). */
  notes: Map<string, string>;
  /** Items on sale whose low could not be checked (unknown, or partial with the "was" price not above it). */
  priorUnknown: number;
}

const paid = (p: GuardrailItem['before']) => (isOnSale(p.sale) ? p.sale! : p.regular);

export function orderGuardrails(items: ReadonlyArray<{ target: string; item: GuardrailItem }>, settings: GuardrailSettings): OrderGuardrails {
  const counts = Object.fromEntries(GUARDRAIL_RULES.map((r) => [r, 0])) as Record<GuardrailRule, number>;
  const result: OrderGuardrails = {
    flags: new Map(), counts, flagged: 0, blocking: [], itemsUp: 0, itemsDown: 0, itemsUnchanged: 0, notes: new Map(), priorUnknown: 0,
  };
  const days = settings.priorPriceDays ?? DEFAULT_PRIOR_PRICE_DAYS;
  for (const { target, item } of items) {
    const flags = guardrailFlags(item, settings);
    const prior = priorPriceOf(item, settings);
    const note = priorPriceNote(prior, days);
    if (note) result.notes.set(target, note);
    if (prior?.outcome === 'unknown') result.priorUnknown += 1;
    if (flags.length > 0) {
      result.flags.set(target, flags);
      result.flagged += 1;
      for (const rule of flags) counts[rule] += 1;
    }
    const before = paid(item.before);
    const after = paid(item.after);
    const move = after !== before ? after - before : item.after.regular - item.before.regular;
    if (move > 0) result.itemsUp += 1;
    else if (move < 0) result.itemsDown += 1;
    else result.itemsUnchanged += 1;
  }
  const blocking = new Set(settings.blockingGuardrails);
  result.blocking = GUARDRAIL_RULES.filter((r) => blocking.has(r) && counts[r] > 0).map((rule) => ({ rule, count: counts[rule] }));
  return result;
}
