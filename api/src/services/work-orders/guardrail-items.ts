/**
 * The server's side of the blocking guardrails (issue 19): an order's items and the catalog as
 * the database has them (or the store's prices laid over it), handed to contracts'
 * guardrailItemsOf, the one builder the device's preview calls too. The price gate
 * (services/price-gate.ts) is its one caller, and refuses with 422 GUARDRAIL what breaks a rule.
 * This file only names the columns: what an order does to a price is decided there.
 */
import { guardrailItemsOf, type GuardrailCatalogProduct, type GuardrailChange } from '@catalog/contracts/guardrail-items';
import type { GuardrailItem } from '@catalog/contracts/guardrails';
import type { PriorLows } from '@catalog/contracts/prior-price';
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
  /** The store's base variant id (a product without options is it), for its lowest prior price. */
  baseVariantId?: number | null;
  variants: readonly GuardrailVariantRow[];
}
/** The item fields the guardrails read: which product or variant, and the prices it sets (the MSRP too). */
export type GuardrailOrderItem = Pick<WorkOrderItem, 'externalProductId' | 'externalVariantId' | 'newRegularPriceCents' | 'newSalePriceCents'>
  & Partial<Pick<WorkOrderItem, 'newRetailPriceCents' | 'removeRecord'>>;

const prices = (row: PricedRow) => ({ regular: row.regularPriceCents, sale: row.salePriceCents, cost: row.costPriceCents, retail: row.retailPriceCents });

/**
 * Each item as a GuardrailItem, in the order's item order (contracts guardrailItemsOf). A stored
 * item's null regular price is a variant made to inherit again, as the builder reads null. An
 * item without a product id (none in practice) matches no product and breaks no rule. `lows`: the
 * lowest prior prices of the products' variants (EU prior price), when the gate read them.
 */
export function guardrailItems(items: readonly GuardrailOrderItem[], products: readonly GuardrailProductRow[], lows: PriorLows | null = null): GuardrailItem[] {
  const catalog: GuardrailCatalogProduct[] = products.map((p) => ({
    ...prices(p), id: p.externalId, regular: p.regularPriceCents, baseVariantId: p.baseVariantId ?? null,
    variants: p.variants.map((v) => ({ ...prices(v), id: v.externalId })),
  }));
  const changes: GuardrailChange[] = items.map((item) => ({
    productId: item.externalProductId ?? Number.NaN,
    variantId: item.externalVariantId ?? null,
    regular: item.newRegularPriceCents,
    sale: item.newSalePriceCents,
    retail: item.newRetailPriceCents,
  }));
  return guardrailItemsOf(changes, catalog, lows);
}
