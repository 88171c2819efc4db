/**
 * DELETE /api/products/all (catalog.deleteAll in the permission table): deletes the app's copy
 * of the catalog; the store's products are not touched. Resolves with the server's sentence
 * ('Deleted 5 products').
 */
import { apiFetch } from '../../../lib/api-client';

export async function deleteAllProducts(): Promise<string> {
  const body = await apiFetch<{ message?: unknown } | undefined>('/api/products/all', { method: 'DELETE' });
  return typeof body?.message === 'string' && body.message ? body.message : 'All products deleted';
}
