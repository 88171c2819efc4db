/**
 * How the company's lowest prior prices stand on its storefront (issue 36 item 3, decision 065):
 * what GET /api/settings/prior-price-publication answers (owners and admins), for Settings > Work
 * orders. One of four states:
 *
 * - `off`: the company does not publish, and nothing it published is left in the store;
 * - `pending`: a change (a price, the window, the store, publishing turned on or off) is not in
 *   the store yet; the publisher takes it within seconds, or once a store is connected;
 * - `published`: the store holds what the company's prices say;
 * - `failing`: the last run failed; `lastError` says why in the merchant's words (never a token
 *   or a URL), and it is tried again at `retryAt`.
 */
import { z } from 'zod';
import { IsoDateTime } from './common';
import { lazySchema } from './lazy-schema';

/** What every state but `off` says about the store's metafields. */
const published = () => ({
  /** Variants whose `pricing.lowest_prior_price` metafield the company wrote and the store holds. */
  variants: z.number().int().min(0),
  /** When the last successful run finished; null before the first one. */
  publishedAt: IsoDateTime.nullable(),
});

export const PriorPricePublicationStatus = lazySchema(() =>
  z.discriminatedUnion('state', [
    z.object({ state: z.literal('off') }),
    z.object({
      state: z.literal('pending'),
      ...published(),
      /** Publishing is on: the change is one to publish; false: the metafields left are being deleted. */
      publishing: z.boolean(),
      /** false: no store is connected, so the change waits for one. */
      storeConnected: z.boolean(),
    }),
    z.object({ state: z.literal('published'), ...published() }),
    z.object({
      state: z.literal('failing'),
      ...published(),
      publishing: z.boolean(),
      /** Why the last run failed, for the merchant: what to do about it where they can. */
      lastError: z.string(),
      /** Runs failed in a row (each retry waits longer: 1 minute, doubling to 1 hour). */
      failures: z.number().int().min(1),
      /** The next try; null when none is planned. */
      retryAt: IsoDateTime.nullable(),
    }),
  ]),
);
export type PriorPricePublicationStatus = z.infer<typeof PriorPricePublicationStatus>;
