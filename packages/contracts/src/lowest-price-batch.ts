/**
 * The lowest prior prices of many products at once (issue 36): `POST /api/products/lowest-prices`
 * with the products of a work order being made (at most an order's items), the moment its sale
 * would start and its target. The device's preview and the "set to the 30-day low" adjustment ask
 * it for the EU prior price guardrail; the server's gate computes the same lows itself. The
 * answer is the single product's (lowest-price.ts) per product: the window with its gaps, the
 * target, and per product each live variant's low.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId } from './common';
import { LowestPriceResponse, MAX_PRIOR_PRICE_DAYS, MIN_PRIOR_PRICE_DAYS, VariantLowestPrice } from './lowest-price';
import { MAX_WORK_ORDER_ITEMS } from './work-order-limits';
import { PriceListTarget } from './work-order-target';

const PRODUCTS_MESSAGE = `Name 1 to ${MAX_WORK_ORDER_ITEMS.toLocaleString('en-US')} products`;
const AT_MESSAGE = 'The moment must be a date and time like 2025-03-01T00:00:00Z';
const DAYS_MESSAGE = `The number of days must be a whole number from ${MIN_PRIOR_PRICE_DAYS} to ${MAX_PRIOR_PRICE_DAYS}`;

export const LowestPricesBody = lazySchema(() =>
  z.object({
    /** The store's product ids; one named twice is answered once, one not in the catalog is left out. */
    productIds: z.array(IntId, { error: PRODUCTS_MESSAGE }).min(1, { error: PRODUCTS_MESSAGE }).max(MAX_WORK_ORDER_ITEMS, { error: PRODUCTS_MESSAGE }),
    /** When the sale would start (the order's scheduled time); absent: now. */
    at: z.iso.datetime({ offset: true, error: AT_MESSAGE }).optional(),
    /** The window; absent: the company's prior price setting, else 30. */
    days: z.number({ error: DAYS_MESSAGE }).int({ error: DAYS_MESSAGE }).min(MIN_PRIOR_PRICE_DAYS, { error: DAYS_MESSAGE })
      .max(MAX_PRIOR_PRICE_DAYS, { error: DAYS_MESSAGE }).optional(),
    /** A price list and currency; absent or null: the catalog's prices. */
    target: PriceListTarget.nullish(),
  }).strict(),
);
export type LowestPricesBody = z.infer<typeof LowestPricesBody>;

export const LowestPricesResponse = lazySchema(() =>
  z.object({
    window: LowestPriceResponse.shape.window,
    target: LowestPriceResponse.shape.target,
    /** Each product found, once, with its live variants (a product without options: its base variant). */
    products: z.array(z.object({ productId: IntId, variants: z.array(VariantLowestPrice).max(1000) })).max(MAX_WORK_ORDER_ITEMS),
  }),
);
export type LowestPricesResponse = z.infer<typeof LowestPricesResponse>;
