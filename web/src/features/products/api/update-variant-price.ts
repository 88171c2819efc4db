/**
 * PUT /api/variants/{id}: a variant's price edit (only the changed fields). The one place the
 * screen sends it, so a later outbox can take its place.
 */
import { Variant, type VariantPriceEdit } from '@catalog/contracts/products';
import { apiFetch } from '../../../lib/api-client';

export function updateVariantPrice(variantId: number, edit: VariantPriceEdit): Promise<Variant> {
  return apiFetch(`/api/variants/${variantId}`, { method: 'PUT', body: edit, schema: Variant });
}
