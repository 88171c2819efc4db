/**
 * One item of a work order (a product or a variant and its new prices) and the target it names
 * (itemTarget), shared by the bodies and the order on the wire. Part of @catalog/contracts/work-orders.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId, singleLineText, TEXT_LIMITS } from './common';
import { NullableMoneyString } from './money';
import { WORK_ORDER_MESSAGES } from './work-order-limits';
import { itemKeyIn } from './work-order-target';

/**
 * One target of an order: a product (no variantId) or one of its variants. Prices are the
 * explicit targets. `newRegularPrice` absent or null leaves the regular price as it is;
 * `newSalePrice` absent leaves the sale price, null clears it (a variant's: it inherits its
 * product's again). `inheritRegularPrice` (variants only, without `newRegularPrice`) makes a
 * variant's regular price inherit its product's again: how a restore puts back a variant that
 * had no price of its own (issue 17). `removeRecord` (a price list order's items only, without
 * prices) deletes the variant's record in the order's list and currency, so the catalog's price
 * applies again: how a restore puts back a list as it was before a record was created (issue 36).
 */
export const WorkOrderItem = lazySchema(() =>
  z
    .object({
      productId: IntId,
      productName: singleLineText(TEXT_LIMITS.name, { label: 'The product name', trim: true }).min(1),
      variantId: IntId.nullish(),
      variantSku: singleLineText(TEXT_LIMITS.name, { label: 'The SKU' }).nullish(),
      newRegularPrice: NullableMoneyString.optional(),
      newSalePrice: NullableMoneyString.optional(),
      newRetailPrice: NullableMoneyString.optional(),
      inheritRegularPrice: z.literal(true, { error: WORK_ORDER_MESSAGES.inherit }).optional(),
      removeRecord: z.literal(true, { error: WORK_ORDER_MESSAGES.removeRecord }).optional(),
    })
    .refine((item) => typeof item.newRegularPrice === 'string' || item.newSalePrice !== undefined || item.newRetailPrice !== undefined
      || item.inheritRegularPrice === true || item.removeRecord === true, {
      error: WORK_ORDER_MESSAGES.noPrices,
    })
    .refine((item) => item.removeRecord !== true || (item.newRegularPrice == null && item.newSalePrice === undefined && item.newRetailPrice === undefined
      && item.inheritRegularPrice === undefined), {
      error: WORK_ORDER_MESSAGES.removeRecord,
      path: ['removeRecord'],
    })
    .refine((item) => item.inheritRegularPrice !== true || (item.variantId != null && typeof item.newRegularPrice !== 'string'), {
      error: WORK_ORDER_MESSAGES.inherit,
      path: ['inheritRegularPrice'],
    }),
);
export type WorkOrderItem = z.infer<typeof WorkOrderItem>;

/** A product or variant an item targets; two items must never share one. */
export function itemTarget(item: Pick<WorkOrderItem, 'productId' | 'variantId'>): string {
  return itemKeyIn(null)(item);
}
