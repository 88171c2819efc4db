/**
 * Our catalog rows as the API speaks them (packages/contracts products.ts and replication.ts):
 * the store's numeric ids instead of our uuids (a variant's `productId` is its product's store
 * id), money as "19.90" strings, times as ISO strings. One place, so the list, the detail
 * calls, the price edits and replication can never disagree on a field.
 */
import { displayName } from '@catalog/contracts/auth';
import { formatCents } from '@catalog/contracts/money';
import type { PriceHistoryEntry, Product, Variant } from '@catalog/contracts/products';
import type { ReplicatedProduct, ReplicatedVariant } from '@catalog/contracts/replication';
import type {
  Database, ListedPriceHistoryEntry, Product as ProductRow, ProductVariant, ProductWithVariants,
} from '../../db/repositories';
import { wireOptionValues } from '../../db/option-values';

const money = (cents: number | null): string | null => (cents === null ? null : formatCents(cents));

export function toWireVariant(v: ProductVariant, productExternalId: number): Variant {
  return {
    id: v.externalId,
    productId: productExternalId,
    // The contract's SKU is a string; a variant the store gave none has ''.
    variantSku: v.variantSku ?? '',
    regularPrice: money(v.regularPriceCents),
    salePrice: money(v.salePriceCents),
    retailPrice: money(v.retailPriceCents),
    costPrice: money(v.costPriceCents),
    stock: v.stock,
    optionValues: wireOptionValues(v.optionValues),
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
    retailPrice: money(p.retailPriceCents),
    costPrice: money(p.costPriceCents),
    brand: p.brand,
    stock: p.stock,
    weight: p.weight,
    status: p.status,
  };
}

export function toWireProduct(p: ProductWithVariants): Product {
  return { ...productFields(p), variants: p.variants.map((v) => toWireVariant(v, p.externalId)) };
}

export function toReplicatedProduct(p: ProductRow): ReplicatedProduct {
  return {
    ...productFields(p), isVisible: p.isVisible, lastUpdated: p.lastUpdated.toISOString(), version: p.version, baseVariantId: p.baseVariantId ?? null,
  };
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

/**
 * The entries of approved work orders name their approver too (issue 19), next to who made the
 * change (changedBy: the order's creator): "approved by" in the product's price history.
 */
export async function withApprovers(db: Database, companyId: string, entries: PriceHistoryEntry[]): Promise<PriceHistoryEntry[]> {
  const orderIds = [...new Set(entries.flatMap((e) => (e.workOrderId && e.changeType === 'work_order' ? [e.workOrderId] : [])))];
  if (orderIds.length === 0) return entries;
  const approvers = await db.workOrders.approvers(companyId, orderIds);
  if (approvers.size === 0) return entries;
  const people = new Map((await db.users.listByCompany(companyId)).map((u) => [u.id, displayName(u)]));
  return entries.map((e) => {
    const approver = e.workOrderId && e.changeType === 'work_order' ? approvers.get(e.workOrderId) : undefined;
    return approver === undefined ? e : { ...e, approvedBy: people.get(approver) ?? null };
  });
}
