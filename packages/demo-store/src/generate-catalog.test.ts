import { describe, expect, it } from 'vitest';
import { generateCatalog } from './generate-catalog';

describe('the generated catalog', () => {
  const data = generateCatalog({ seed: 'demo' });
  const products = [...data.products.values()];
  const withOptions = products.filter((p) => p.base_variant_id === null);

  it('is the same for the same seed and size, and different for another seed', () => {
    const again = generateCatalog({ seed: 'demo' });
    expect(JSON.stringify([...again.products.values()])).toBe(JSON.stringify(products));
    expect(JSON.stringify([...again.variants.values()])).toBe(JSON.stringify([...data.variants.values()]));
    const other = generateCatalog({ seed: 'other' });
    expect([...other.products.values()].map((p) => p.name)).not.toEqual(products.map((p) => p.name));
  });

  it('has 1,200 products by default and the size asked for otherwise', () => {
    expect(products).toHaveLength(1200);
    expect(generateCatalog({ seed: 1, products: 37 }).products.size).toBe(37);
  });

  it('gives about a third of the products 2 to 6 variants with option values', () => {
    expect(withOptions.length / products.length).toBeGreaterThan(0.28);
    expect(withOptions.length / products.length).toBeLessThan(0.39);
    for (const p of withOptions) {
      const variants = (data.variantsByProduct.get(p.id) ?? []).map((id) => data.variants.get(id));
      expect(variants.length).toBeGreaterThanOrEqual(2);
      expect(variants.length).toBeLessThanOrEqual(6);
      for (const v of variants) expect(v?.option_values[0]).toMatchObject({ option_display_name: expect.any(String), label: expect.any(String) });
    }
  });

  it('gives every product without options one base variant carrying its price', () => {
    for (const p of products.filter((x) => x.base_variant_id !== null)) {
      const base = data.variants.get(p.base_variant_id ?? 0);
      expect(base).toMatchObject({ product_id: p.id, price: p.price, sale_price: p.sale_price, option_values: [] });
    }
  });

  it('has products on sale, hidden ones, out of stock ones, some without SKU or category', () => {
    const share = (pred: (p: (typeof products)[number]) => boolean) => products.filter(pred).length / products.length;
    expect(share((p) => p.sale_price > 0 && p.sale_price < p.price)).toBeGreaterThan(0.1);
    expect(share((p) => !p.is_visible)).toBeGreaterThan(0.03);
    expect(share((p) => p.inventory_level === 0)).toBeGreaterThan(0.03);
    expect(share((p) => p.inventory_level > 100)).toBeGreaterThan(0.05);
    expect(share((p) => p.sku === '')).toBeGreaterThan(0.005);
    expect(share((p) => p.categories.length === 0)).toBeGreaterThan(0.005);
  });

  it('keeps names and SKUs unique, prices positive with at most two decimals', () => {
    expect(new Set(products.map((p) => p.name)).size).toBe(products.length);
    const skus = [...products.map((p) => p.sku), ...[...data.variants.values()].filter((v) => v.option_values.length > 0).map((v) => v.sku)].filter(Boolean);
    expect(new Set(skus).size).toBe(skus.length);
    for (const p of products) {
      expect(p.price).toBeGreaterThan(0);
      expect(Math.round(p.price * 100) / 100).toBe(p.price);
    }
  });

  it('builds a three-level category tree with realistic names', () => {
    const byId = new Map(data.categories.map((c) => [c.category_id, c]));
    const depth = (id: number): number => {
      const parent = byId.get(id)?.parent_id ?? 0;
      return parent === 0 ? 0 : 1 + depth(parent);
    };
    expect(new Set(data.categories.map((c) => depth(c.category_id)))).toEqual(new Set([0, 1, 2]));
    expect(data.categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Home & Kitchen', 'Cookware', 'Frying Pans']));
    const leafIds = new Set(data.categories.filter((c) => depth(c.category_id) === 2).map((c) => c.category_id));
    expect(products.filter((p) => p.categories.length > 0).every((p) => leafIds.has(p.categories[0] ?? 0))).toBe(true);
  });
});
