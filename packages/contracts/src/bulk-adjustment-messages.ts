/** The words of a bulk adjustment: a percentage, the skipped items' note and the toasts after Apply. */
import { PRICE_FIELD_LABELS, type BulkAdjustment, type SkipReason } from './bulk-adjustment-vocabulary';
import { DEFAULT_PRIOR_PRICE_DAYS } from './lowest-price';
import { formatCents } from './money';
import { lastDaysText } from './prior-price';
import { describeRounding } from './price-rounding';

const WHAT_IS_MISSING: Record<Exclude<SkipReason, 'noPrice'>, (days: number) => string> = {
  noCost: () => 'no cost',
  noRetail: () => 'no retail price (MSRP)',
  noPriorLow: (days) => `no known lowest price of ${lastDaysText(days)}`,
};

/**
 * "12 items have no cost and are left as they are"; '' for none. `days`: the window of
 * `noPriorLow` ("no known lowest price of the last 30 days").
 */
export function skippedMessage(reason: Exclude<SkipReason, 'noPrice'>, count: number, days = DEFAULT_PRIOR_PRICE_DAYS): string {
  if (count <= 0) return '';
  const items = `${count.toLocaleString('en-US')} ${count === 1 ? 'item has' : 'items have'}`;
  const what = WHAT_IS_MISSING[reason](days);
  return `${items} ${what} and ${count === 1 ? 'is' : 'are'} left as ${count === 1 ? 'it is' : 'they are'}`;
}

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;

/** "12.5" from 1250 basis points; whole percentages have no decimals. */
export function formatPercent(basisPoints: number): string {
  const abs = Math.abs(basisPoints);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * The toast after Apply. A percentage reads as the spec's 'Applied {X}% increase/discount to N
 * products'; an amount as 'Applied 5.00 increase to N products'; a set price as 'Set the sale
 * price to 9.99 for N products'; 'Set the regular price to cost + 40% for N products'. N counts
 * the selected products (their variants included).
 */
export function bulkAdjustmentMessage(adjustment: BulkAdjustment, productCount: number): string {
  const note = adjustment.rounding.kind === 'none' ? '' : `, rounded ${describeRounding(adjustment.rounding)}`;
  const name = PRICE_FIELD_LABELS[adjustment.field];
  switch (adjustment.mode) {
    case 'set':
      return `Set the ${name} to ${formatCents(adjustment.cents)} for ${plural(productCount)}${note}`;
    case 'marginOverCost':
      return `Set the ${name} to cost + ${formatPercent(adjustment.basisPoints)}% for ${plural(productCount)}${note}`;
    case 'percentOfRetail':
      return `Set the ${name} to ${formatPercent(adjustment.basisPoints)}% of MSRP for ${plural(productCount)}${note}`;
    case 'priorLow':
      return `Set the ${name} to the ${adjustment.days}-day low for ${plural(productCount)}`;
    default: {
      const signed = adjustment.mode === 'percent' ? adjustment.basisPoints : adjustment.deltaCents;
      const kind = signed < 0 ? 'discount' : 'increase';
      const amount = adjustment.mode === 'percent' ? `${formatPercent(signed)}%` : formatCents(Math.abs(signed));
      return `Applied ${amount} ${kind} to ${plural(productCount)}${note}`;
    }
  }
}

/** The toast after 'Remove All Sale Prices'. */
export function removeSalePricesMessage(productCount: number): string {
  return `Removed the sale prices of ${plural(productCount)}`;
}
