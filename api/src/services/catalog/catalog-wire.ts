/**
 * Our catalog rows as the API speaks them (packages/contracts products.ts and replication.ts):
 * the store's numeric ids instead of our uuids (a variant's `productId` is its product's store
 * id), money as "19.90" strings, times as ISO strings. One place, so the list, the detail
 * calls, the price edits and replication can never disagree on a field.
 */
import { formatCents } from '@catalog/contracts/money';
import type { OptionValue, PriceHistoryEntry, Product, Variant } from '@catalog/contracts/products';
import type { ReplicatedProduct, ReplicatedVariant } from '@catalog/contracts/replication';
import type {
  ListedPriceHistoryEntry, Product as ProductRow, ProductVariant, ProductWithVariants,
} from '../../db/repositories';

const money = (cents: number | null): string | null => (cents === null ? null : formatCents(cents));

/** The sync stores `[{ optionName, label }]`; anything else (a hand-edited row) reads as none. */
function optionValues(value: unknown): OptionValue[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((o: unknown) => {
    const { optionName, label } = (o ?? {}) as { optionName?: unknown; label?: unknown };
    return typeof optionName === 'string' && typeof label === 'string' ? [{ optionName, label }] : [];
  });
}

export function toWireVariant(v: ProductVariant, productExternalId: number): Variant {
  return {
    id: v.externalId,
    productId: productExternalId,
    // The contract's SKU is a string; a variant the store gave none has ''.
    variantSku: v.variantSku ?? '',
    regularPrice: money(v.regularPriceCents),
    salePrice: money(v.salePriceCents),
    stock: v.stock,
    optionValues: optionValues(v.optionValues),
  };
}

function productFields(p: ProductRow): Omit<Product, 'variants'> {
  return {
    id: p.externalId,
    name: p.name,
    category: p.category,
    sku: p.sku,
    regularPrice: formatCents(p.regularPriceCents),
    salePrice: money(p.salePriceCents),
    stock: p.stock,
    weight: p.weight,
    status: p.status,
  };
}

export function toWireProduct(p: ProductWithVariants): Product {
  return { ...productFields(p), variants: p.variants.map((v) => toWireVariant(v, p.externalId)) };
}

export function toReplicatedProduct(p: ProductRow): ReplicatedProduct {
  return { ...productFields(p), isVisible: p.isVisible, lastUpdated: p.lastUpdated.toISOString(), version: p.version };
}

export function toReplicatedVariant(v: ProductVariant, productExternalId: number): ReplicatedVariant {
  return { ...toWireVariant(v, productExternalId), version: v.version };
}

export function toWireHistoryEntry(e: ListedPriceHistoryEntry): PriceHistoryEntry {
  return {
    id: e.id,
    productId: e.productExternalId,
    variantId: e.variantExternalId,
    changeType: e.changeType,
    createdAt: e.createdAt.toISOString(),
    oldRegularPrice: money(e.oldRegularPriceCents),
    newRegularPrice: money(e.newRegularPriceCents),
    oldSalePrice: money(e.oldSalePriceCents),
    newSalePrice: money(e.newSalePriceCents),
    // Only entries that changed the MSRP carry it (issue 19).
    ...(e.oldRetailPriceCents != null || e.newRetailPriceCents != null
      ? { oldRetailPrice: money(e.oldRetailPriceCents ?? null), newRetailPrice: money(e.newRetailPriceCents ?? null) }
      : {}),
    workOrderId: e.workOrderId,
    changedBy: e.changedBy,
  };
}
