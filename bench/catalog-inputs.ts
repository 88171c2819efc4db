/**
 * The demo store's generated catalog as repository rows, the way a sync maps them (category
 * paths joined with ' > '): the seed of the server benchmarks (products-api, tenants).
 */
import type { BcProduct, CatalogData } from '../packages/demo-store/src/types';
import type { ProductInput } from '../api/src/db/repositories';

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
    stock: p.inventory_level, weight: p.weight, status: p.is_visible ? 'published' : 'draft', isVisible: p.is_visible,
    variants: p.base_variant_id !== null ? [] : (data.variantsByProduct.get(p.id) ?? []).map((id) => {
      const v = data.variants.get(id)!;
      return {
        externalId: v.id, variantSku: v.sku, stock: v.inventory_level ?? 0, regularPriceCents: cents(v.price), salePriceCents: cents(v.sale_price),
        optionValues: v.option_values.map((o) => ({ optionName: o.option_display_name, label: o.label })),
      };
    }),
  }));
}
