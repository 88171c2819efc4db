/**
 * Price lists, their records and assignments, customer groups and channels as the official
 * files define them (price_lists.v3.yml, customers.v2.yml, channels.v3.yml), in their wire shape.
 */

/** A price list (getPriceList's `data`). */
export interface PriceList {
  id: number;
  name: string;
  active: boolean;
  date_created: string;
  date_modified: string;
}

/** A price record: one variant's prices in one currency in one list. Unset prices are absent. */
export interface PriceRecord {
  price_list_id: number;
  variant_id: number;
  product_id: number;
  sku: string;
  currency: string;
  price: number;
  sale_price?: number;
  retail_price?: number;
  map_price?: number;
  /** The sale price when one is set, else the price (read only). */
  calculated_price: number;
  date_created: string;
  date_modified: string;
}

/** A price list assignment: to a customer group, a channel, or a group on a channel. */
export interface PriceListAssignment {
  id: number;
  price_list_id: number;
  customer_group_id?: number;
  channel_id?: number;
}

/** customerGroup_Full (customers.v2.yml). */
export interface CustomerGroup {
  id: number;
  name: string;
  is_default: boolean;
  category_access: { type: 'all' };
  discount_rules: Array<{ type: 'price_list'; price_list_id: number }>;
  date_created: string;
  date_modified: string;
  is_group_for_guests: boolean;
}

/** A channel (channels.v3.yml) and its currencies (its currency assignments). */
export interface Channel {
  id: number;
  name: string;
  type: 'storefront';
  platform: 'bigcommerce';
  status: 'active';
  is_listable_from_ui: boolean;
  is_visible: boolean;
  external_id: string;
  date_created: string;
  date_modified: string;
  icon_url: string;
}

export interface ChannelCurrencies {
  channel_id: number;
  enabled_currencies: string[];
  default_currency: string;
}

/** One store's price lists and what they hang on. */
export interface PricingData {
  lists: Map<number, PriceList>;
  /** Each list's records by `variantId:currency`; a generated list's appear on first read. */
  records: Map<number, Map<string, PriceRecord>>;
  assignments: PriceListAssignment[];
  groups: CustomerGroup[];
  channels: Channel[];
  currencies: ChannelCurrencies[];
  nextListId: number;
  nextAssignmentId: number;
}

export const recordKey = (variantId: number, currency: string): string => `${variantId}:${currency}`;
