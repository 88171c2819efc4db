/**
 * The server's side of the blocking guardrails (issue 19): an order's items as contracts'
 * GuardrailItem (its prices before and after, in effective cents, its cost and MSRP), built from
 * the catalog as the database has it (or the store's prices laid over it). The price gate
 * (services/price-gate.ts) is its one caller, and refuses with 422 GUARDRAIL what breaks a rule.
 *
 * Effective prices: a variant's null regular or sale price inherits its product's (BigCommerce),
 * also after the order, so a variant left to inherit follows a product price the same order
 * changes. Cost and MSRP are the synced columns (null: none), a variant's null inheriting its
 * product's.
 */
import type { GuardrailItem, GuardrailPrices } from '@catalog/contracts/guardrails';
import type { WorkOrderItem } from '../../db/repositories';

/** The catalog columns the guardrails read. */
interface PricedRow {
  regularPriceCents: number | null;
  salePriceCents: number | null;
  costPriceCents: number | null;
  retailPriceCents: number | null;
}
export interface GuardrailVariantRow extends PricedRow {
  externalId: number;
}
export interface GuardrailProductRow extends PricedRow {
  externalId: number;
  regularPriceCents: number;
  variants: readonly GuardrailVariantRow[];
}
/** The item fields the guardrails read: which product or variant, and the prices it sets. */
export type GuardrailOrderItem = Pick<WorkOrderItem, 'externalProductId' | 'externalVariantId' | 'newRegularPriceCents' | 'newSalePriceCents'>;

/** A price the order sets (`undefined`: left as it is), applied to what it was. */
const applied = (current: number | null, change: number | null | undefined): number | null => (change === undefined ? current : change);

/**
 * Each item as a GuardrailItem, in the order's item order: the one function that says what an
 * order does to a price for the guardrails on the server. An item whose product is not in
 * `products` (deleted since) is left out of the check by giving it the same prices before and
 * after (it breaks no rule; the executor reports it when it runs).
 */
export function guardrailItems(items: readonly GuardrailOrderItem[], products: readonly GuardrailProductRow[]): GuardrailItem[] {
  const byId = new Map(products.map((p) => [p.externalId, p]));
  // The product-level items of the order: a variant that inherits follows its product's new price.
  const productItems = new Map(items.filter((i) => i.externalVariantId == null).map((i) => [i.externalProductId, i]));
  return items.map((item): GuardrailItem => {
    const product = item.externalProductId === undefined ? undefined : byId.get(item.externalProductId);
    if (!product) return { before: { regular: 0, sale: null }, after: { regular: 0, sale: null }, cost: null, retail: null };
    const own = productItems.get(product.externalId);
    // A product's regular price cannot be cleared: null there leaves it.
    const productAfter: GuardrailPrices = {
      regular: own?.newRegularPriceCents ?? product.regularPriceCents,
      sale: applied(product.salePriceCents, own?.newSalePriceCents),
    };
    const productBefore: GuardrailPrices = { regular: product.regularPriceCents, sale: product.salePriceCents };
    const productCost = product.costPriceCents;
    const productRetail = product.retailPriceCents;
    if (item.externalVariantId == null) {
      return { before: productBefore, after: productAfter, cost: productCost, retail: productRetail };
    }
    const variant = product.variants.find((v) => v.externalId === item.externalVariantId);
    if (!variant) return { before: productBefore, after: productBefore, cost: null, retail: null };
    const regularAfter = applied(variant.regularPriceCents, item.newRegularPriceCents);
    const saleAfter = applied(variant.salePriceCents, item.newSalePriceCents);
    return {
      before: { regular: variant.regularPriceCents ?? productBefore.regular, sale: variant.salePriceCents ?? productBefore.sale },
      after: { regular: regularAfter ?? productAfter.regular, sale: saleAfter ?? productAfter.sale },
      cost: variant.costPriceCents ?? productCost,
      retail: variant.retailPriceCents ?? productRetail,
    };
  });
}
