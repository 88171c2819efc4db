/**
 * The lowest prior price (issue 36, EU Directive 98/6/EC Article 6a): per variant of a product,
 * the lowest price it was sold at in the N days before a moment, for the catalog or one price
 * list and currency. `GET /api/products/{id}/lowest-price?at=&days=&priceListId=&currency=`.
 *
 * The effective price of a moment is what the storefront charges: the sale price when one is set
 * (isOnSale: above 0), else the regular price, as BigCommerce's calculated price and the
 * contracts' payingPrice have it (effectivePriceCents). The window is
 * `[at - days, at)`: a change exactly at `at` is not in it (it is the change the low is shown
 * with). A span the product did not follow the store (no connection, before the first sync, a
 * variant not yet seen) is a gap: reported, never priced.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { boundedText, IntId, IsoDateTime, queryInt } from './common';
import { isOnSale } from './money';
import { CurrencyCode } from './work-order-target';

/** The window's length when the company set none (the Directive's 30 days), and the bounds a company may set. */
export const DEFAULT_PRIOR_PRICE_DAYS = 30;
export const MIN_PRIOR_PRICE_DAYS = 1;
export const MAX_PRIOR_PRICE_DAYS = 365;

/**
 * What the storefront shows as the "was" price beside a sale price (issue 36): BigCommerce's
 * themes strike through the regular price; some show the MSRP (retail price) instead.
 */
export const PRIOR_PRICE_SHOWN_AS = ['regular', 'msrp'] as const;
export const PriorPriceShownAs = lazySchema(() => z.enum(PRIOR_PRICE_SHOWN_AS));
export type PriorPriceShownAs = z.infer<typeof PriorPriceShownAs>;

const AT_MESSAGE = 'The moment must be a date and time like 2025-03-01T00:00:00Z';

export const LowestPriceQuery = lazySchema(() =>
  z.object({
    at: boundedText(40, { label: 'The moment', error: AT_MESSAGE, tooLong: AT_MESSAGE })
      .pipe(z.iso.datetime({ offset: true, error: AT_MESSAGE }))
      .transform((value) => new Date(value))
      .optional(),
    days: queryInt(MIN_PRIOR_PRICE_DAYS, MAX_PRIOR_PRICE_DAYS, 'The number of days').optional(),
    priceListId: queryInt(1, Number.MAX_SAFE_INTEGER, 'A price list').optional(),
    currency: CurrencyCode.optional(),
  }).strict().check((ctx) => {
    if ((ctx.value.priceListId === undefined) !== (ctx.value.currency === undefined)) {
      const path = ctx.value.priceListId === undefined ? 'priceListId' : 'currency';
      ctx.issues.push({ code: 'custom', path: [path], message: 'Name both a price list and a currency, or neither', input: ctx.value });
    }
  }),
);
export type LowestPriceQuery = z.infer<typeof LowestPriceQuery>;

/** A span of the window whose prices are not known: `[from, to)`. */
export const PriceGap = lazySchema(() => z.object({ from: IsoDateTime, to: IsoDateTime }));
export type PriceGap = z.infer<typeof PriceGap>;

/** A price in cents as money text ("19.90"). */
const Price = lazySchema(() => z.string().max(20));

export const VariantLowestPrice = lazySchema(() =>
  z.object({
    /** The store's variant id (a product without options: its base variant's). */
    variantId: IntId,
    /**
     * The lowest effective price applied in the window outside its gaps, and when it first applied
     * in the window (the window's start, or a gap's end, when it applied from before); null: none
     * known (the whole window is a gap, or a price list's price in another currency is unknown).
     */
    lowest: z.object({ price: Price, from: IsoDateTime }).nullable(),
    /** The effective price now; null: unknown (a price list in another currency than the catalog's, without a record). */
    current: Price.nullable(),
  }),
);
export type VariantLowestPrice = z.infer<typeof VariantLowestPrice>;

export const LowestPriceResponse = lazySchema(() =>
  z.object({
    /**
     * The window `[from, to)` (`to` is the moment asked about) and its gaps, oldest first: the
     * spans the company's prices were not followed (no store connection, before its first sync),
     * the same for every variant.
     */
    window: z.object({
      from: IsoDateTime, to: IsoDateTime, days: z.number().int().min(MIN_PRIOR_PRICE_DAYS).max(MAX_PRIOR_PRICE_DAYS),
      gaps: z.array(PriceGap).max(1000),
    }),
    /** The price list and currency; null: the catalog's prices. */
    target: z.object({ priceListId: IntId, currency: CurrencyCode }).nullable(),
    variants: z.array(VariantLowestPrice).max(1000),
  }),
);
export type LowestPriceResponse = z.infer<typeof LowestPriceResponse>;

/**
 * What a shopper pays before discounts, in cents: the sale price when one is set, else the regular
 * price (null: none known). payingPrice's rule (price-list-view.ts) on cents: BigCommerce charges a
 * sale price set at or above the regular price too (the saleAtOrAboveRegular guardrail flags it).
 */
export function effectivePriceCents(regular: number | null, sale: number | null): number | null {
  return sale !== null && isOnSale(sale) ? sale : regular;
}
