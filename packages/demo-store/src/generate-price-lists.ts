/**
 * The demo store's price lists, customer groups and channels: "Wholesale" (USD) for the
 * "Wholesale" customer group (a default "Retail" group stays unassigned), and "Euro storefront"
 * (EUR) for channel 2 of that name (channel 1 is the default storefront, in USD). Records are
 * drawn per variant from the store's seed — most variants get one, some none (the catalog price
 * applies) — and only when a list's records are first read, so generating a large store costs
 * next to nothing more.
 */
import { toIsoSeconds } from './pricing';
import type { CatalogData } from './types';
import { recordKey } from './price-list-types';
import type { PriceRecord, PricingData } from './price-list-types';

export const WHOLESALE_LIST_ID = 1;
export const EURO_LIST_ID = 2;
export const RETAIL_GROUP_ID = 1;
export const WHOLESALE_GROUP_ID = 2;
export const EURO_CHANNEL_ID = 2;

const CREATED = toIsoSeconds(Date.UTC(2024, 5, 1, 9, 0, 0));
const MODIFIED = toIsoSeconds(Date.UTC(2024, 6, 1, 9, 0, 0));

/** FNV-1a of the seed: the start of every draw of one list. */
function seedState(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return h;
}

/** A well-mixed 32-bit hash of the seed's state and a variant id (same inputs, same draw). */
function draw(state: number, id: number): number {
  let h = Math.imul(state ^ id, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

const money = (n: number): number => Math.round(n * 100) / 100;

export function generatePricing(): PricingData {
  const store = { date_created: CREATED, date_modified: MODIFIED };
  return {
    lists: new Map([
      [WHOLESALE_LIST_ID, { id: WHOLESALE_LIST_ID, name: 'Wholesale', active: true, ...store }],
      [EURO_LIST_ID, { id: EURO_LIST_ID, name: 'Euro storefront', active: true, ...store }],
    ]),
    records: new Map(),
    assignments: [
      { id: 1, price_list_id: WHOLESALE_LIST_ID, customer_group_id: WHOLESALE_GROUP_ID },
      { id: 2, price_list_id: EURO_LIST_ID, channel_id: EURO_CHANNEL_ID },
    ],
    groups: [
      { id: RETAIL_GROUP_ID, name: 'Retail', is_default: true, category_access: { type: 'all' }, discount_rules: [], is_group_for_guests: false, ...store },
      {
        id: WHOLESALE_GROUP_ID, name: 'Wholesale', is_default: false, category_access: { type: 'all' },
        discount_rules: [{ type: 'price_list', price_list_id: WHOLESALE_LIST_ID }], is_group_for_guests: false, ...store,
      },
    ],
    channels: [
      { id: 1, name: 'Demo storefront', external_id: '', is_listable_from_ui: true, is_visible: true, icon_url: '', type: 'storefront', platform: 'bigcommerce', status: 'active', ...store },
      { id: EURO_CHANNEL_ID, name: 'Euro storefront', external_id: '', is_listable_from_ui: true, is_visible: true, icon_url: '', type: 'storefront', platform: 'bigcommerce', status: 'active', ...store },
    ],
    currencies: [
      { channel_id: 1, enabled_currencies: ['USD'], default_currency: 'USD' },
      { channel_id: EURO_CHANNEL_ID, enabled_currencies: ['EUR'], default_currency: 'EUR' },
    ],
    nextListId: 3,
    nextAssignmentId: 3,
  };
}

/**
 * The generated records of a demo list: Wholesale has 10% off the catalog price (and sale
 * price) for nine variants in ten; Euro storefront has EUR prices (x0.93) for nineteen in twenty.
 */
export function generateRecords(listId: number, catalog: CatalogData, seed: string): Map<string, PriceRecord> {
  const records = new Map<string, PriceRecord>();
  const [currency, factor, skipEvery] = listId === WHOLESALE_LIST_ID ? ['USD', 0.9, 10] : listId === EURO_LIST_ID ? ['EUR', 0.93, 20] : ['', 0, 0];
  if (!currency) return records;
  const state = seedState(`${seed}:${listId}`);
  // The generator adds variants in id order, so the records come out in the listing's order.
  for (const [id, variant] of catalog.variants) {
    const product = catalog.products.get(variant.product_id);
    if (!product || draw(state, id) % skipEvery === 0) continue;
    const price = money((variant.price ?? product.price) * factor);
    const catalogSale = variant.sale_price ?? product.sale_price;
    const sale = catalogSale > 0 && catalogSale < (variant.price ?? product.price) ? money(catalogSale * factor) : undefined;
    records.set(recordKey(id, currency), {
      price_list_id: listId, variant_id: id, product_id: product.id, sku: variant.sku, currency, price,
      ...(sale === undefined ? {} : { sale_price: sale }),
      calculated_price: sale ?? price, date_created: CREATED, date_modified: MODIFIED,
    });
  }
  return records;
}
