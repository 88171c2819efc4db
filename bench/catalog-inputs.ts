/**
 * The demo store's generated catalog as repository rows, the way a sync maps them (category
 * paths joined with ' > '): the seed of the server benchmarks (products-api, tenants).
 */
import type { BcProduct, CatalogData } from '../packages/demo-store/src/types';
import type { PriceListMetadata, PriceListRecordInput, ProductInput } from '../api/src/db/repositories';
import { generatePricing, generateRecords } from '../packages/demo-store/src/generate-price-lists';

/** The generator's products as our rows, category paths joined with ' > ' as the sync makes them. */
export function productInputs(data: CatalogData): ProductInput[] {
  const byId = new Map(data.categories.map((c) => [c.category_id, c]));
  const pathOf = (id: number) => {
    const names: string[] = [];
    for (let c = byId.get(id); c; c = byId.get(c.parent_id)) names.unshift(c.name);
    return names.join(' > ');
  };
  const cents = (n: number | null) => (n === null ? null : Math.round(n * 100));
  return [...data.products.values()].map((p: BcProduct) => ({
    externalId: p.id, name: p.name, sku: p.sku || null, description: p.description,
    category: p.categories.length ? pathOf(p.categories[0]!) : 'Uncategorized',
    regularPriceCents: cents(p.price)!, salePriceCents: p.sale_price > 0 ? cents(p.sale_price) : null,
    stock: p.inventory_level, weight: p.weight, status: p.is_visible ? 'published' : 'draft', isVisible: p.is_visible, baseVariantId: p.base_variant_id,
    variants: p.base_variant_id !== null ? [] : (data.variantsByProduct.get(p.id) ?? []).map((id) => {
      const v = data.variants.get(id)!;
      return {
        externalId: v.id, variantSku: v.sku, stock: v.inventory_level ?? 0, regularPriceCents: cents(v.price), salePriceCents: cents(v.sale_price),
        optionValues: v.option_values.map((o) => ({ optionName: o.option_display_name, label: o.label })),
      };
    }),
  }));
}

/**
 * The demo store's two price lists (Wholesale in USD for nine variants in ten, Euro storefront
 * in EUR for nineteen in twenty) as the sync stores them: the lists with their assignments,
 * groups and channels, and every record.
 */
export function priceListInputs(data: CatalogData): { metadata: PriceListMetadata; records: PriceListRecordInput[] } {
  const pricing = generatePricing();
  const cents = (n: number | undefined) => (n === undefined ? null : Math.round(n * 100));
  const records = [...pricing.lists.keys()].flatMap((id) => [...generateRecords(id, data, 'bench').values()].map((r) => ({
    priceListId: r.price_list_id, variantId: r.variant_id, productId: r.product_id, sku: r.sku, currency: r.currency,
    priceCents: cents(r.price)!, salePriceCents: cents(r.sale_price), retailPriceCents: cents(r.retail_price), mapPriceCents: cents(r.map_price),
  })));
  const metadata: PriceListMetadata = {
    lists: [...pricing.lists.values()].map((l) => ({ id: l.id, name: l.name, active: l.active, dateModified: new Date(l.date_modified) })),
    assignments: pricing.assignments.map((a) => ({ id: a.id, priceListId: a.price_list_id, customerGroupId: a.customer_group_id ?? null, channelId: a.channel_id ?? null })),
    customerGroups: pricing.groups.map((g) => ({ id: g.id, name: g.name, isDefault: g.is_default })),
    channels: pricing.channels.map((c) => {
      const currencies = pricing.currencies.find((x) => x.channel_id === c.id);
      return { id: c.id, name: c.name, defaultCurrency: currencies?.default_currency ?? null, enabledCurrencies: currencies?.enabled_currencies ?? [] };
    }),
  };
  return { metadata, records };
}
