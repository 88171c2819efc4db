/**
 * The body of a BigCommerce webhook delivery, as POST /api/webhooks/bigcommerce/{companyId}
 * accepts it: the light payload BigCommerce sends (scope, producer, an id in `data`, a hash),
 * bounded, unknown fields dropped. Only ids travel: the receiver re-reads the store.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { singleLineText } from './common';
import { isPriceListEvent, namesPriceListTarget, PriceListEventFields } from './price-list-webhooks';

/** The largest delivery body read (a few hundred bytes; a batch of price list records, ~56 bytes a record). */
export const MAX_STORE_WEBHOOK_BYTES = 256 * 1024;

const storeId = lazySchema(() => z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export const StoreWebhookPayload = lazySchema(() =>
  z.object({
    scope: z.string().min(1).max(100).regex(/^store\/[a-z_/*]+$/i, 'must be a webhook scope such as store/product/updated'),
    producer: z.string().min(1).max(120).regex(/^stores\/[A-Za-z0-9_-]+$/, 'must be stores/{store_hash}'),
    store_id: z.union([singleLineText(40, { label: 'store_id' }), z.number().int().nonnegative()]).optional(),
    hash: z.string().regex(/^[0-9a-f]{1,128}$/i, 'must be a hexadecimal hash').optional(),
    created_at: z.number().int().nonnegative().optional(),
    // A batch of price list records comes as an array (price-list-webhooks.ts): read as `records`.
    data: z.preprocess((data) => (Array.isArray(data) ? { records: data } : data), z.object({
      type: singleLineText(40, { label: 'data.type' }).optional(),
      id: storeId.optional(),
      sku: z.object({ product_id: storeId, variant_id: storeId.optional() }).optional(),
      ...PriceListEventFields.shape,
    })),
  }).refine((payload) => isAppEvent(payload) || payload.data.id !== undefined || payload.data.sku !== undefined
    || (isPriceListEvent(payload) && namesPriceListTarget(payload.data)), {
    error: 'must name the product, variant, category or price list the event is about (id, sku or price_list_id)',
    path: ['data'],
  }),
);
export type StoreWebhookPayload = z.infer<typeof StoreWebhookPayload>;

/** The app's own events (store/app/uninstalled): about the store, naming nothing in it. */
export const isAppEvent = (payload: { scope: string }): boolean => payload.scope === 'store/app/uninstalled';

/** The store's product a delivery is about, or null when it names none (a category, an unknown scope). */
export function webhookProductId(payload: StoreWebhookPayload): number | null {
  if (payload.scope.startsWith('store/product/')) return payload.data.id ?? null;
  if (payload.scope.startsWith('store/sku/')) return payload.data.sku?.product_id ?? null;
  return null;
}

/** A category was created, changed or deleted: the product's category paths may have moved. */
export const isCategoryEvent = (payload: StoreWebhookPayload): boolean => payload.scope.startsWith('store/category/');
