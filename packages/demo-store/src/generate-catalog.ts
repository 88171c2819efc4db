/**
 * Generates one store's catalog from a seed: a three-level category tree, products with
 * realistic names, prices, weights and stock, a third of them with 2-6 option variants, some on
 * sale, some hidden, a few without SKU or category. Same seed and size, same catalog (dates
 * included), so tests can rely on what they will find.
 */
import { ADJECTIVES, BRANDS, MODEL_SUFFIXES } from './catalog-data';
import type { DepartmentSpec, OptionSpec } from './catalog-data';
import { createPrng } from './prng';
import type { Prng } from './prng';
import { buildCategoryTree } from './generate-categories';
import type { BcBrand, BcOptionValue, BcProduct, BcVariant, CatalogData } from './types';
import { recalculateProduct, toIsoSeconds } from './pricing';

export interface CatalogOptions {
  /** Any string or number; the same seed gives the same catalog. Default 'demo'. */
  seed?: string | number;
  /** How many products. Default 1,200. */
  products?: number;
}

export const DEFAULT_PRODUCT_COUNT = 1200;
/** Generated dates fall in this span, well before any write a test makes "now". */
const DATES_FROM = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;
const FIRST_PRODUCT_ID = 101;
const FIRST_VARIANT_ID = 1001;

const toMoney = (cents: number): number => cents / 100;
const slug = (s: string): string => s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const code = (label: string): string => label.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 3);

/** A price that looks like a shop's: log-uniform in the range, ending in .99, .95, .50 or .00. */
function pickPriceCents(rng: Prng, [min, max]: [number, number]): number {
  const raw = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  const whole = Math.max(1, Math.floor(raw / 100));
  return whole * 100 + rng.pick([99, 99, 95, 50, 0]);
}

function pickOptions(rng: Prng, dept: DepartmentSpec): OptionSpec[] {
  const [first, second] = rng.sample(dept.options, 2);
  if (!first) return [];
  if (second && rng.chance(0.4)) {
    return [
      { name: first.name, values: rng.sample(first.values, rng.int(2, 3)) },
      { name: second.name, values: rng.sample(second.values, 2) },
    ];
  }
  return [{ name: first.name, values: rng.sample(first.values, rng.int(2, Math.min(6, first.values.length))) }];
}

function combinations(lists: BcOptionValue[][]): BcOptionValue[][] {
  return lists.reduce<BcOptionValue[][]>((acc, list) => acc.flatMap((combo) => list.map((v) => [...combo, v])), [[]]);
}

function baseVariantFields(product: BcProduct): Omit<BcVariant, 'id' | 'sku' | 'sku_id' | 'price' | 'sale_price' | 'inventory_level' | 'option_values'> {
  return {
    product_id: product.id, retail_price: null, cost_price: null, map_price: null, calculated_price: product.calculated_price,
    weight: null, calculated_weight: product.weight, width: null, height: null, depth: null, is_free_shipping: false,
    fixed_cost_shipping_price: null, purchasing_disabled: false, purchasing_disabled_message: '', image_url: '',
    upc: '', mpn: '', gtin: '', inventory_warning_level: 0, bin_picking_number: '',
  };
}

export function generateCatalog(options: CatalogOptions = {}): CatalogData {
  const rng = createPrng(options.seed ?? 'demo');
  const count = options.products ?? DEFAULT_PRODUCT_COUNT;
  const { trees, categories, leaves } = buildCategoryTree(rng);
  const data: CatalogData = {
    products: new Map(), variants: new Map(), variantsByProduct: new Map(), trees, categories, brands: generateBrands(),
    nextProductId: FIRST_PRODUCT_ID, nextVariantId: FIRST_VARIANT_ID,
  };
  const names = new Set<string>();
  let nextOptionId = 201;
  let nextOptionValueId = 301;
  let nextSkuId = 5001;

  for (let i = 0; i < count; i++) {
    const id = data.nextProductId++;
    const { dept, leaf, categoryId, parentId, index } = rng.pick(leaves);
    const brand = rng.pick(BRANDS);
    const name = uniqueName(rng, names, `${brand} ${rng.pick(ADJECTIVES)} ${leaf.noun}`);
    const priceCents = pickPriceCents(rng, dept.priceCents);
    const onSale = rng.chance(0.18);
    const saleCents = onSale ? Math.max(1, Math.round((priceCents * rng.int(60, 90)) / 100)) : 0;
    const hasOptions = rng.chance(1 / 3);
    const created = DATES_FROM + rng.int(0, 365) * DAY_MS + rng.int(0, DAY_MS / 1000 - 1) * 1000;
    const modified = created + rng.int(0, 180) * DAY_MS + rng.int(0, 86_399) * 1000;
    const sku = rng.chance(0.03) ? '' : `${dept.code}-${String(index).padStart(2, '0')}-${id}`;
    const weight = Math.round((dept.weight[0] + rng.next() * (dept.weight[1] - dept.weight[0])) * 100) / 100;
    const cats = rng.chance(0.03) ? [] : rng.chance(0.15) ? [categoryId, parentId] : [categoryId];
    const product: BcProduct = {
      id, name, type: 'physical', sku, description: `<p>${name}: ${leaf.noun.toLowerCase()} by ${brand}, built for everyday use.</p>`,
      weight, width: rng.int(5, 60), depth: rng.int(5, 60), height: rng.int(2, 40),
      price: toMoney(priceCents), cost_price: toMoney(Math.round(priceCents * 0.45)), retail_price: rng.chance(0.3) ? toMoney(Math.round(priceCents * 1.2)) : 0,
      sale_price: toMoney(saleCents), map_price: 0, tax_class_id: 0, product_tax_code: '', calculated_price: 0,
      // Every 29th product has no brand (0), as a store's unbranded products.
      categories: cats, brand_id: id % 29 === 0 ? 0 : BRANDS.indexOf(brand) + 1, inventory_level: 0, inventory_warning_level: 5,
      inventory_tracking: hasOptions ? 'variant' : rng.chance(0.9) ? 'product' : 'none',
      reviews_rating_sum: 0, reviews_count: 0, total_sold: rng.int(0, 400), fixed_cost_shipping_price: 0,
      is_free_shipping: rng.chance(0.1), is_visible: !rng.chance(0.08), is_featured: rng.chance(0.05), related_products: [-1],
      warranty: '', bin_picking_number: '', layout_file: 'product.html', upc: '', mpn: '', gtin: '',
      search_keywords: `${leaf.noun.toLowerCase()}, ${dept.name.toLowerCase()}`, availability: 'available', availability_description: '',
      gift_wrapping_options_type: 'any', gift_wrapping_options_list: [], sort_order: 0, condition: 'New', is_condition_shown: false,
      order_quantity_minimum: 0, order_quantity_maximum: 0, page_title: '', meta_keywords: [], meta_description: '',
      date_created: toIsoSeconds(created), date_modified: toIsoSeconds(modified), view_count: rng.int(0, 5000),
      preorder_release_date: null, preorder_message: '', is_preorder_only: false, is_price_hidden: false, price_hidden_label: '',
      custom_url: { url: `/${slug(name)}/`, is_customized: false }, base_variant_id: null, open_graph_type: 'product',
      open_graph_title: '', open_graph_description: '', open_graph_use_meta_description: true,
      open_graph_use_product_name: true, open_graph_use_image: true,
    };
    const stock = (): number => (rng.chance(0.1) ? 0 : rng.int(1, rng.chance(0.2) ? 900 : 120));
    const variants: BcVariant[] = [];
    if (hasOptions) {
      const valueLists = pickOptions(rng, dept).map((opt) => {
        const optionId = nextOptionId++;
        return opt.values.map((label) => ({ id: nextOptionValueId++, label, option_id: optionId, option_display_name: opt.name }));
      });
      for (const combo of combinations(valueLists).slice(0, 6)) {
        const ownPrice = rng.chance(0.4) ? toMoney(priceCents + rng.int(0, 4) * 500) : null;
        const ownSale = rng.chance(0.1) && ownPrice !== null ? toMoney(Math.round(ownPrice * 80)) : null;
        variants.push({
          ...baseVariantFields(product),
          // A variant priced on its own has its own cost, and an MSRP when its product has one;
          // the others inherit both (null). Derived, not drawn: the random sequence stays as it was.
          ...(ownPrice === null ? {} : {
            cost_price: toMoney(Math.round(ownPrice * 45)),
            retail_price: product.retail_price > 0 ? toMoney(Math.round(ownPrice * 120)) : null,
          }),
          id: data.nextVariantId++, sku_id: nextSkuId++,
          sku: `${sku || `P${id}`}-${combo.map((v) => code(v.label)).join('-')}`,
          price: ownPrice, sale_price: ownSale, inventory_level: stock(), option_values: combo,
        });
      }
      product.inventory_level = variants.reduce((sum, v) => sum + (v.inventory_level ?? 0), 0);
    } else {
      product.inventory_level = product.inventory_tracking === 'none' ? 0 : stock();
      const base: BcVariant = {
        ...baseVariantFields(product), id: data.nextVariantId++, sku_id: null, sku,
        price: product.price, sale_price: product.sale_price, inventory_level: product.inventory_level, option_values: [],
      };
      product.base_variant_id = base.id;
      variants.push(base);
    }
    data.products.set(id, product);
    data.variantsByProduct.set(id, variants.map((v) => v.id));
    for (const v of variants) data.variants.set(v.id, v);
    recalculateProduct(data, product);
  }
  return data;
}

/** One brand per name of BRANDS, ids from 1 in that order (a product's `brand_id`). */
function generateBrands(): BcBrand[] {
  return BRANDS.map((name, i) => ({
    id: i + 1, name, page_title: name, meta_keywords: [], meta_description: '', image_url: '', search_keywords: '',
    custom_url: { url: `/brands/${slug(name)}.html`, is_customized: false },
  }));
}

function uniqueName(rng: Prng, taken: Set<string>, base: string): string {
  let name = base;
  for (let n = 1; taken.has(name); n++) name = n <= 3 ? `${base} ${rng.pick(MODEL_SUFFIXES)}` : `${base} ${n}`;
  taken.add(name);
  return name;
}
