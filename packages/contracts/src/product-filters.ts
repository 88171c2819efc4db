/**
 * The product filters of `/products`, the work-order picker and GET /api/products (issue 19,
 * item 2): brand, regular price range, stock level, on sale, visibility and SKU. One definition:
 * the query schema (bounded, validated: a minimum above the maximum is refused on `priceMin`)
 * and `matchesProductFilters`, the predicate the device runs; the server's SQL (both
 * databases) implements the same rules, and a test holds the two to the same answers.
 *
 * The rules:
 * - brand: the product's brand name, exactly (a product without a brand never matches);
 * - priceMin / priceMax: the product's own regular price, both ends included;
 * - stock: the stock badge's rule (catalog.ts stockBadge): out is 0 or less, low is under
 *   LOW_STOCK_THRESHOLD, in is that or more;
 * - onSale: the product or one of its variants has a sale price above 0 (money.ts isOnSale);
 * - visible: the store shows the product on its storefront (true) or hides it (false);
 * - sku + skuMatch: the product's SKU or one of its variants' SKUs contains, starts with or ends
 *   with the text, ignoring case.
 *
 * Seen through a price list and currency (issue 35; GET /api/products?priceList=&currency=), the
 * price range and on sale look at what that list's customers pay (price-list-view.ts) instead:
 * the product's own list price (its base variant's record, else the catalog's regular price in
 * the catalog's currency; unknown in another currency, which no price range matches), and a list
 * sale price above 0 on the product or one of its variants (throughPriceList).
 */
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { singleLineText, TEXT_LIMITS } from './common';
import { LOW_STOCK_THRESHOLD } from './catalog';
import { isOnSale, MONEY_MESSAGE, parseMoney } from './money';
import type { PriceListPrices } from './price-list-view';

export const STOCK_LEVELS = ['in', 'low', 'out'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];
export const STOCK_LEVEL_LABELS: Readonly<Record<StockLevel, string>> = { in: 'In stock', low: 'Low stock', out: 'Out of stock' };

export const SKU_MATCHES = ['contains', 'startsWith', 'endsWith'] as const;
export type SkuMatch = (typeof SKU_MATCHES)[number];
export const SKU_MATCH_LABELS: Readonly<Record<SkuMatch, string>> = { contains: 'contains', startsWith: 'starts with', endsWith: 'ends with' };

/** The stock badge's level of a stock count (the same thresholds as stockBadge). */
export function stockLevel(stock: number): StockLevel {
  if (stock <= 0) return 'out';
  if (stock < LOW_STOCK_THRESHOLD) return 'low';
  return 'in';
}

const optionalText = (label: string) =>
  singleLineText(TEXT_LIMITS.search, { label, trim: true })
    .optional()
    .transform((v) => v || undefined);

/** A price bound as cents; "" or absent for none. */
const priceBound = (label: string) =>
  singleLineText(TEXT_LIMITS.money, { label, trim: true, error: `${label}: ${MONEY_MESSAGE}` })
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      try {
        return parseMoney(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label}: ${MONEY_MESSAGE}` });
        return z.NEVER;
      }
    });

/** "true" only ("false" or absent: no filter), so a shared link reads one way. */
const trueOnly = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false'], { error: `${label} must be true` })], { error: `${label} must be true` })
    .optional()
    .transform((v) => (v === true || v === 'true' ? true : undefined));

const visibility = lazySchema(() =>
  z
    .union([z.boolean(), z.enum(['true', 'false'], { error: 'Visible must be true or false' })], { error: 'Visible must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === 'true')),
);

/** The filter fields, as query parameters (strings) or as the web passes them. */
const filterFields = () => ({
  brand: optionalText('The brand'),
  /** Regular price from (cents after parsing), e.g. "10" or "9.99". */
  priceMin: priceBound('The lowest price'),
  priceMax: priceBound('The highest price'),
  stock: z.enum(STOCK_LEVELS, { error: 'Stock must be in, low or out' }).optional(),
  onSale: trueOnly('On sale'),
  visible: visibility,
  sku: optionalText('The SKU'),
  skuMatch: z.enum(SKU_MATCHES, { error: 'The SKU match must be contains, startsWith or endsWith' }).optional(),
});

/** Refuses a minimum above the maximum (on `priceMin`, so the form shows it there). */
export function checkPriceRange(value: { priceMin?: number; priceMax?: number }, ctx: z.RefinementCtx): void {
  if (value.priceMin !== undefined && value.priceMax !== undefined && value.priceMin > value.priceMax) {
    ctx.addIssue({ code: 'custom', path: ['priceMin'], message: 'The lowest price must not be above the highest price' });
  }
}

/** The filter fields without the range check: its `shape` has each field's schema (GET /api/products spreads them). */
export const ProductFilterFields = lazySchema(() => z.object(filterFields()));
export const ProductFilters: z.ZodType<ProductFilters, ProductFiltersInput> = lazySchema(() =>
  ProductFilterFields.superRefine(checkPriceRange),
);
/** Parsed filters: prices in cents, flags as booleans; absent fields filter nothing. */
export interface ProductFilters {
  brand?: string;
  priceMin?: number;
  priceMax?: number;
  stock?: StockLevel;
  onSale?: true;
  visible?: boolean;
  sku?: string;
  skuMatch?: SkuMatch;
}
export type ProductFiltersInput = z.input<typeof ProductFilterFields>;

/** The filter keys, in the order the URL and the API write them. */
export const PRODUCT_FILTER_KEYS = ['brand', 'priceMin', 'priceMax', 'stock', 'onSale', 'visible', 'sku', 'skuMatch'] as const;

/** Whether any filter is set (skuMatch alone filters nothing). */
export function hasProductFilters(f: ProductFilters | undefined): boolean {
  if (!f) return false;
  return f.brand !== undefined || f.priceMin !== undefined || f.priceMax !== undefined || f.stock !== undefined
    || f.onSale !== undefined || f.visible !== undefined || f.sku !== undefined;
}

/**
 * What the filters look at in a product, precomputed once per product (the device keeps one per
 * row of its index; filterSubject builds it from a product).
 */
export interface ProductFilterSubject {
  brand: string | null;
  /** null: unknown (a price list's price in another currency than the catalog's): no price range matches. */
  regularPriceCents: number | null;
  stock: number;
  /** The product or a variant has a sale price above 0. */
  onSale: boolean;
  isVisible: boolean;
  /**
   * The product's SKU and its variants' SKUs, lower-cased, each between line breaks
   * ("\nmug-1\nmug-1-red\n"; "" for none): one substring search decides a SKU filter.
   */
  skuText: string;
}

/** The skuText of these SKUs (lower-cased here; empty ones left out). */
export function skuTextOf(skus: ReadonlyArray<string | null | undefined>): string {
  const kept = skus.filter((s): s is string => !!s).map((s) => s.toLowerCase());
  return kept.length ? `\n${kept.join('\n')}\n` : '';
}

/** What filterSubject reads: a product as the API or the device has it. */
export interface FilterableProduct {
  brand?: string | null;
  regularPrice: string;
  salePrice: string | null;
  stock: number;
  isVisible?: boolean;
  /** The API's list leaves visibility out; `status` 'draft' is a hidden product there. */
  status?: string;
  sku: string | null;
  variants: ReadonlyArray<{ variantSku: string | null; salePrice: string | null }>;
}

const onSale = (price: string | null) => price !== null && Number(price) > 0;

export function filterSubject(p: FilterableProduct): ProductFilterSubject {
  return {
    brand: p.brand ?? null,
    regularPriceCents: parseMoney(p.regularPrice),
    stock: p.stock,
    onSale: onSale(p.salePrice) || p.variants.some((v) => onSale(v.salePrice)),
    isVisible: p.isVisible ?? p.status !== 'draft',
    skuText: skuTextOf([p.sku, ...p.variants.map((v) => v.variantSku)]),
  };
}

/**
 * A product's subject seen through a price list and currency: its price and on sale are the
 * list's (price-list-view.ts priceListPrices of the product itself and of each of its variants).
 */
export function throughPriceList(
  subject: ProductFilterSubject, prices: { product: Pick<PriceListPrices, 'price' | 'salePrice'>; variants: ReadonlyArray<Pick<PriceListPrices, 'salePrice'>> },
): ProductFilterSubject {
  return {
    ...subject,
    regularPriceCents: prices.product.price === null ? null : parseMoney(prices.product.price),
    onSale: isOnSale(prices.product.salePrice) || prices.variants.some((v) => isOnSale(v.salePrice)),
  };
}

/**
 * The one predicate, prepared for many products: whether a product passes every filter that is
 * set. The SKU text is lower-cased once, and a SKU match is one substring search of skuText (a
 * SKU filter is one line, so it never spans two SKUs): "starts with x" is "\nx" in it, "ends
 * with x" is "x\n".
 */
export function productFilterMatcher(f: ProductFilters): (p: ProductFilterSubject) => boolean {
  const { brand, priceMin, priceMax, stock, onSale, visible } = f;
  const text = f.sku?.toLowerCase();
  const needle = text === undefined ? undefined : f.skuMatch === 'startsWith' ? `\n${text}` : f.skuMatch === 'endsWith' ? `${text}\n` : text;
  return (p) =>
    (brand === undefined || p.brand === brand)
    && (priceMin === undefined || (p.regularPriceCents !== null && p.regularPriceCents >= priceMin))
    && (priceMax === undefined || (p.regularPriceCents !== null && p.regularPriceCents <= priceMax))
    && (stock === undefined || stockLevel(p.stock) === stock)
    && (!onSale || p.onSale)
    && (visible === undefined || p.isVisible === visible)
    && (needle === undefined || p.skuText.includes(needle));
}

/** Whether a product passes every filter that is set (productFilterMatcher for one product). */
export function matchesProductFilters(p: ProductFilterSubject, f: ProductFilters): boolean {
  return productFilterMatcher(f)(p);
}

/**
 * The filters as query parameters (the URL of /products and GET /api/products): only those
 * set, prices as "10.00", in PRODUCT_FILTER_KEYS order.
 */
export function productFiltersToParams(f: ProductFilters): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const cents = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
  if (f.brand !== undefined) out.push(['brand', f.brand]);
  if (f.priceMin !== undefined) out.push(['priceMin', cents(f.priceMin)]);
  if (f.priceMax !== undefined) out.push(['priceMax', cents(f.priceMax)]);
  if (f.stock !== undefined) out.push(['stock', f.stock]);
  if (f.onSale) out.push(['onSale', 'true']);
  if (f.visible !== undefined) out.push(['visible', String(f.visible)]);
  if (f.sku !== undefined) {
    out.push(['sku', f.sku]);
    if (f.skuMatch && f.skuMatch !== 'contains') out.push(['skuMatch', f.skuMatch]);
  }
  return out;
}
