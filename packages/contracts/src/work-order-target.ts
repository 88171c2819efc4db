/**
 * What a work order changes (issue 35): the catalog's prices (no target, as before price
 * lists), or the records of one BigCommerce price list in one currency. Part of
 * @catalog/contracts/work-orders.
 *
 * A price list record is per variant and currency (price_lists.v3.yml), so every item of such an
 * order names a variant, and a record's price cannot "inherit": a variant without a record in the
 * list pays the catalog price (calculations.mdx); an undo deletes a record the order created, and an
 * item may remove a record (removeRecord), which an undo puts back.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId } from './common';

/** An ISO 4217 code as BigCommerce writes it (upper case); lower case is accepted and raised. */
export const CurrencyCode = lazySchema(() =>
  z.string().regex(/^[A-Za-z]{3}$/, { error: 'A currency is a three-letter code, such as USD' }).transform((code) => code.toUpperCase()),
);

/** `target` of an order's body and of the order on the wire. */
export const PriceListTarget = lazySchema(() =>
  z.object({
    priceListId: IntId,
    currency: CurrencyCode,
  }).strict(),
);
export type PriceListTarget = z.infer<typeof PriceListTarget>;

export const PRICE_LIST_ORDER_MESSAGES = {
  variantOnly: 'Every item of a price list work order names a variant',
  noInherit: 'A price list record has a price of its own; it cannot inherit one',
  removeInList: "Only a price list work order removes a record: the catalog's prices cannot be removed",
} as const;

/**
 * The key of what one item changes, unique across every kind of order: the catalog's 'p123' or
 * 'v456' (itemTarget), a price list record's 'l7:USD:v456'. Overlaps and the targets index
 * compare these, so a wholesale order never overlaps the catalog's and two orders of one list
 * and currency do.
 */
export function targetPrefix(target: PriceListTarget | null | undefined): string {
  return target ? `l${target.priceListId}:${target.currency}:` : '';
}

/** "Wholesale (USD)": how a screen names a price list target; the catalog's name otherwise. */
export function targetName(target: PriceListTarget | null | undefined, priceListName: string | null | undefined): string {
  if (!target) return 'Catalog';
  return `${priceListName ?? `Price list ${target.priceListId}`} (${target.currency})`;
}

/** The item keys of an order of `target` (see targetPrefix): `items.map(itemKeyIn(order.target))`. */
export function itemKeyIn(target: PriceListTarget | null | undefined): (item: { productId: number; variantId?: number | null | undefined }) => string {
  const prefix = targetPrefix(target);
  return (item) => `${prefix}${item.variantId == null ? `p${item.productId}` : `v${item.variantId}`}`;
}

/** The body's rule for a price list order's items (contracts, so the form says it too): where each breaks it. */
export function priceListItemIssues(items: ReadonlyArray<{ variantId?: number | null | undefined; inheritRegularPrice?: true | undefined }>): { index: number; path: string; message: string }[] {
  const issues: { index: number; path: string; message: string }[] = [];
  items.forEach((item, index) => {
    if (item.variantId == null) issues.push({ index, path: 'variantId', message: PRICE_LIST_ORDER_MESSAGES.variantOnly });
    else if (item.inheritRegularPrice) issues.push({ index, path: 'inheritRegularPrice', message: PRICE_LIST_ORDER_MESSAGES.noInherit });
  });
  return issues;
}

/** The body's rule for a catalog order's items: none removes a record (only a list has records). */
export function catalogItemIssues(items: ReadonlyArray<{ removeRecord?: true | undefined }>): { index: number; path: string; message: string }[] {
  return items.flatMap((item, index) => (item.removeRecord ? [{ index, path: 'removeRecord', message: PRICE_LIST_ORDER_MESSAGES.removeInList }] : []));
}
