/**
 * The store's price list webhook deliveries (issue 35; webhook-events.mdx): what their `data`
 * names, and what each asks the app to read again. Part of the delivery body of
 * store-webhooks.ts: a list's events name it (`price_list_id`), a bulk list deletion names
 * several (`price_list_ids`), a record's name its list, variant and currency, a batch of records
 * comes as an array of those (read as `records`), an assignment's names its list, group and channel.
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { IntId } from './common';

/** Records named in one batch delivery, at most (a batch upsert holds 1,000; a delete by filter may name more). */
export const MAX_WEBHOOK_RECORDS = 5_000;

const currency = lazySchema(() => z.string().regex(/^[A-Za-z]{3}$/).transform((c) => c.toUpperCase()));

const RecordRef = lazySchema(() => z.object({ price_list_id: IntId, variant_id: IntId, currency }));

/** The price list fields of a delivery's `data` (beside the catalog's `type`, `id` and `sku`). */
export const PriceListEventFields = lazySchema(() =>
  z.object({
    price_list_id: IntId.optional(),
    price_list_ids: z.array(IntId).max(1_000).optional(),
    variant_id: IntId.optional(),
    currency: currency.optional(),
    channel_id: IntId.nullable().optional(),
    customer_group_id: IntId.nullable().optional(),
    /** A batch's records (the delivery's `data` is their array). */
    records: z.array(RecordRef).max(MAX_WEBHOOK_RECORDS).optional(),
  }),
);
type PriceListEventData = z.output<typeof PriceListEventFields>;

/** store/priceList/..., store/priceLists/... */
export const isPriceListEvent = (payload: { scope: string }): boolean => /^store\/priceLists?\//.test(payload.scope);

/** What a price list delivery asks for: the metadata read again, records read again, lists read whole. */
export interface PriceListEventWork {
  lists: boolean;
  records: { priceListId: number; variantId: number; currency: string }[];
  fullRead: number[];
}

/** Whether a price list delivery names what it is about (a list, or records). */
export function namesPriceListTarget(data: PriceListEventData): boolean {
  return data.price_list_id !== undefined || (data.price_list_ids?.length ?? 0) > 0 || data.records !== undefined;
}

/**
 * A list's or an assignment's event: the metadata is read again (a deleted list takes its
 * records). A record's, or a batch's: those records are read again. Records deleted in bulk:
 * also their lists' next read is whole (date_modified does not show a deletion).
 */
export function priceListEventWork(scope: string, data: PriceListEventData): PriceListEventWork {
  const record = /^store\/priceList\/records?\//.test(scope);
  if (!record) return { lists: true, records: [], fullRead: [] };
  const refs = data.records ?? (data.price_list_id !== undefined && data.variant_id !== undefined && data.currency !== undefined
    ? [{ price_list_id: data.price_list_id, variant_id: data.variant_id, currency: data.currency }] : []);
  const records = refs.map((r) => ({ priceListId: r.price_list_id, variantId: r.variant_id, currency: r.currency }));
  const fullRead = scope.startsWith('store/priceList/records/deleted') ? [...new Set(records.map((r) => r.priceListId))] : [];
  return { lists: false, records, fullRead };
}
