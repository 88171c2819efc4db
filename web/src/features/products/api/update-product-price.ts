/**
 * A product's price edit (only the changed fields; a null sale price clears it), through the
 * outbox (local/outbox.ts): it shows in the local catalog at once, marked pending, and is sent
 * as PUT /api/products/{id} with an Idempotency-Key, now or when the connection returns.
 */
import type { ProductPriceEdit } from '@catalog/contracts/products';
import { enqueueProductPrice, type SendOutcome } from '../../../local/outbox';

export function updateProductPrice(product: { id: number; name: string }, edit: ProductPriceEdit): Promise<SendOutcome> {
  return enqueueProductPrice(product.id, edit, product.name);
}
