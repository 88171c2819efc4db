/**
 * A variant's price edit (only the changed fields), through the outbox it is given
 * (local/outbox.ts; a screen passes the app's, from useOutbox()): shown in the local catalog at
 * once, marked pending, and sent as PUT /api/variants/{id} with an Idempotency-Key, now or when
 * the connection returns.
 */
import type { VariantPriceEdit } from '@catalog/contracts/products';
import type { Outbox } from '../../../local/outbox';
import type { SendOutcome } from '../../../local/outbox-sender';

export function updateVariantPrice(outbox: Outbox, variant: { id: number; productId: number; sku?: string | null }, edit: VariantPriceEdit, productName: string): Promise<SendOutcome> {
  const label = variant.sku ? `${productName} (${variant.sku})` : productName;
  return outbox.enqueueVariantPrice(variant, edit, label);
}
