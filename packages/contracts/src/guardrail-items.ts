/**
 * What an order does to each price, as the guardrails read it (issue 19): the one builder of an
 * order's GuardrailItems, from the catalog's prices in cents. The device's preview (web
 * build-work-order.ts, from the local catalog) and the API's price gate (api/src/services/
 * price-gate.ts, from the database or the store's prices of the moment) both call it, so the
 * screen flags exactly what the server refuses.
 *
 * Effective prices: a variant's null regular or sale price, cost or MSRP is its product's
 * (BigCommerce inherits them), also after the order, so a variant left to inherit follows a
 * product price the same order changes, and a variant made to inherit again (its price set to
 * null) takes its product's price after the order. The MSRP is the one after the order: an order
 * may change it with the prices (newRetailPrice), and the floor is what the shop will show.
 *
 * With the lows of the moment the order would run (EU prior price, issue 36), each item gets its
 * low: a variant's own (a product without options: its base variant's); a product's own prices
 * are shown by its variants without a regular price of their own after the order, so its low is
 * the lowest of theirs (none: nothing shows them, no low).
 */
import type { GuardrailItem, GuardrailPrices } from './guardrails';
import { priorLowOf, type PriorLow, type PriorLows } from './prior-price';

/** A product's or variant's prices in cents; null: none (a variant's: its product's). */
export interface CatalogPrices {
  regular: number | null;
  sale: number | null;
  cost: number | null;
  retail: number | null;
}

/** A product of the catalog with its variants, as the builder reads them. */
export interface GuardrailCatalogProduct extends CatalogPrices {
  id: number;
  /** A product always has a regular price. */
  regular: number;
  /** The store's id of its base variant (a product without options is it); null or absent: unknown. */
  baseVariantId?: number | null;
  variants: readonly (CatalogPrices & { id: number })[];
}

/**
 * One item of an order: its product or variant and the prices it sets, in cents. Undefined
 * leaves a price as it is; null clears it: a variant's then inherits its product's (for the
 * regular price, the wire's inheritRegularPrice; the wire's newRegularPrice null leaves it, so
 * it is undefined here), a product's regular price cannot be cleared (null leaves it).
 */
export interface GuardrailChange {
  productId: number;
  variantId?: number | null;
  regular?: number | null;
  sale?: number | null;
  retail?: number | null;
}

/** A price the order sets (`undefined`: left as it is), applied to what it was. */
const applied = (current: number | null, change: number | null | undefined): number | null => (change === undefined ? current : change);

/** An item that breaks no rule: the same prices before and after (its product or variant is not in the catalog). */
const untouched = (prices: GuardrailPrices, cost: number | null = null, retail: number | null = null): GuardrailItem =>
  ({ before: prices, after: prices, cost, retail });

/** The low of a product's own prices (see the file's comment); undefined when nothing shows them. */
function productLow(product: GuardrailCatalogProduct, variantChanges: ReadonlyMap<number, GuardrailChange>, lows: PriorLows): PriorLow | undefined {
  if (product.variants.length === 0) {
    return product.baseVariantId == null ? { cents: null, partial: lows.gaps } : priorLowOf(lows, [product.baseVariantId]);
  }
  const showing = product.variants.filter((v) => applied(v.regular, variantChanges.get(v.id)?.regular) === null);
  return priorLowOf(lows, showing.map((v) => v.id));
}

/**
 * Each item as a GuardrailItem, in the order's item order. An item whose product is not in
 * `products` (deleted since), or whose variant is not among its product's, breaks no rule: it
 * gets the same prices before and after (the executor reports it when it runs). `lows`: the
 * lowest prior prices of the products' variants (absent: not asked, the items get none).
 */
export function guardrailItemsOf(changes: readonly GuardrailChange[], products: readonly GuardrailCatalogProduct[], lows?: PriorLows | null): GuardrailItem[] {
  const items = pricedItems(changes, products);
  if (!lows) return items;
  const byId = new Map(products.map((p) => [p.id, p]));
  const variantChanges = new Map(changes.flatMap((c) => (c.variantId == null ? [] : [[c.variantId, c] as const])));
  return items.map((item, i) => {
    const change = changes[i]!;
    const product = byId.get(change.productId);
    if (!product) return item;
    const prior = change.variantId == null ? productLow(product, variantChanges, lows) : priorLowOf(lows, [change.variantId]);
    return prior ? { ...item, prior } : item;
  });
}

function pricedItems(changes: readonly GuardrailChange[], products: readonly GuardrailCatalogProduct[]): GuardrailItem[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  // The product-level items of the order: a variant that inherits follows its product's new price.
  const productChanges = new Map(changes.filter((c) => c.variantId == null).map((c) => [c.productId, c]));
  return changes.map((change): GuardrailItem => {
    const product = byId.get(change.productId);
    if (!product) return untouched({ regular: 0, sale: null });
    const own = productChanges.get(product.id);
    const productBefore: GuardrailPrices = { regular: product.regular, sale: product.sale };
    const productAfter = {
      regular: own?.regular ?? product.regular,
      sale: applied(product.sale, own?.sale),
      retail: applied(product.retail, own?.retail),
    };
    if (change.variantId == null) {
      return { before: productBefore, after: { regular: productAfter.regular, sale: productAfter.sale }, cost: product.cost, retail: productAfter.retail };
    }
    const variant = product.variants.find((v) => v.id === change.variantId);
    if (!variant) return untouched(productBefore);
    return {
      before: { regular: variant.regular ?? productBefore.regular, sale: variant.sale ?? productBefore.sale },
      after: {
        regular: applied(variant.regular, change.regular) ?? productAfter.regular,
        sale: applied(variant.sale, change.sale) ?? productAfter.sale,
      },
      cost: variant.cost ?? product.cost,
      retail: applied(variant.retail, change.retail) ?? productAfter.retail,
    };
  });
}
