/**
 * What the client's price list calls hand back and take (Price Lists v3, customer groups of
 * Customers v2, channels of Channels v3): money in integer cents (money.ts converts at the
 * boundary), a price the store leaves unset as null, dates as ISO strings.
 */

/** A price list (`/v3/pricelists`). */
export interface StorePriceList {
  id: number;
  name: string;
  active: boolean;
  dateCreated: string | null;
  dateModified: string | null;
}

/** A list assigned to a customer group, a channel, or a group on a channel (null: not part of the assignment). */
export interface StorePriceListAssignment {
  id: number;
  priceListId: number;
  customerGroupId: number | null;
  channelId: number | null;
}

/** A customer group (Customers v2); `isDefault`: new customers join it. */
export interface StoreCustomerGroup {
  id: number;
  name: string;
  isDefault: boolean;
}

/** A channel with its currency assignment (none known: null and []). */
export interface StoreChannel {
  id: number;
  name: string;
  defaultCurrency: string | null;
  enabledCurrencies: string[];
}

/** One variant's prices in one currency in one list; an unset sale, retail or MAP price is null. */
export interface PriceRecord {
  priceListId: number;
  variantId: number;
  productId: number;
  sku: string | null;
  currency: string;
  priceCents: number;
  salePriceCents: number | null;
  retailPriceCents: number | null;
  mapPriceCents: number | null;
  dateModified: string | null;
}

/** A batch upsert item: the store REPLACES the record, so every price is sent (null = unset). */
export interface PriceRecordWrite {
  priceListId: number;
  variantId: number;
  currency: string;
  priceCents: number;
  salePriceCents: number | null;
  retailPriceCents: number | null;
  mapPriceCents: number | null;
}

/** One page of a list's records, as `priceRecordPages` yields them. */
export interface PriceRecordPage {
  records: PriceRecord[];
  page: number;
  totalPages: number;
}

/**
 * The outcome of `upsertPriceRecords`, every write in one of the two lists. `permanent`: the
 * store refused the item (sending it again fails the same way); otherwise the store could not
 * be reached or kept failing (5xx, network, timeout, rate limit) and the item may be sent again.
 */
export interface PriceRecordWriteResult {
  applied: PriceRecordWrite[];
  failed: { write: PriceRecordWrite; reason: string; permanent: boolean }[];
}

/** BigCommerce's limit of records in one batch upsert (`PUT /v3/pricelists/records`). */
export const MAX_PRICE_RECORD_BATCH = 1000;
