/**
 * PUT /api/products/{id}: a product's price edit (only the changed fields; a null sale price
 * clears it). The one place the screen sends it, so a later outbox can take its place.
 */
import { Product, type ProductPriceEdit } from '@catalog/contracts/products';
import { apiFetch } from '../../../lib/api-client';

export function updateProductPrice(productId: number, edit: ProductPriceEdit): Promise<Product> {
  return apiFetch(`/api/products/${productId}`, { method: 'PUT', body: edit, schema: Product });
}
