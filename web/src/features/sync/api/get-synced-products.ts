/**
 * Interim, now unused on screen: GET /api/products?limit=20, which the products route showed
 * before features/products (the local catalog) took its place. Only SYNCED_PRODUCTS_QUERY is
 * still invalidated by app/routes/app/products.tsx; delete this file together with that line.
 */
import { ProductListResponse } from '@catalog/contracts/products';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

/** Query key; invalidate it after a sync or after deleting all products. */
export const SYNCED_PRODUCTS_QUERY = 'products/interim-first-page';

/** How many products the interim table showed. */
export const INTERIM_PAGE_SIZE = 20;

export function getSyncedProducts(): Promise<ProductListResponse> {
  return apiFetch('/api/products', {
    query: { page: 1, limit: INTERIM_PAGE_SIZE },
    schema: ProductListResponse,
  });
}

export function useSyncedProducts() {
  return useApiQuery(SYNCED_PRODUCTS_QUERY, getSyncedProducts, { staleTime: 0 });
}
