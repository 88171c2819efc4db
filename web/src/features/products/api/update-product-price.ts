/**
 * A product's price edit (only the changed fields; a null sale price clears it), through the
 * outbox it is given (local/outbox.ts; a screen passes the app's, from useOutbox()): it shows in
 * the local catalog at once, marked pending, and is sent as PUT /api/products/{id} with an
 * Idempotency-Key, now or when the connection returns.
 */
import type { ProductPriceEdit } from '@catalog/contracts/products';
import type { Outbox } from '../../../local/outbox';
import type { SendOutcome } from '../../../local/outbox-sender';

export function updateProductPrice(outbox: Outbox, product: { id: number; name: string }, edit: ProductPriceEdit): Promise<SendOutcome> {
  return outbox.enqueueProductPrice(product.id, edit, product.name);
}
