/**
 * A variant's price edit (only the changed fields), through the outbox (local/outbox.ts): shown
 * in the local catalog at once, marked pending, and sent as PUT /api/variants/{id} with an
 * Idempotency-Key, now or when the connection returns.
 */
import type { VariantPriceEdit } from '@catalog/contracts/products';
import { enqueueVariantPrice, type SendOutcome } from '../../../local/outbox';

export function updateVariantPrice(variant: { id: number; productId: number; sku?: string | null }, edit: VariantPriceEdit, productName: string): Promise<SendOutcome> {
  const label = variant.sku ? `${productName} (${variant.sku})` : productName;
  return enqueueVariantPrice(variant, edit, label);
}
