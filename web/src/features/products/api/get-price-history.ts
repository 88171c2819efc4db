/** GET /api/products/{id}/price-history: the product's price changes, newest first. */
import { PriceHistoryResponse } from '@catalog/contracts/products';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

/** Query key of one product's history; invalidate it after a price edit of the product. */
export const priceHistoryQuery = (productId: number) => `products/${productId}/price-history`;

export function getPriceHistory(productId: number): Promise<PriceHistoryResponse> {
  return apiFetch(`/api/products/${productId}/price-history`, { schema: PriceHistoryResponse });
}

/** Fetched each time a panel opens (work orders change history too). */
export function usePriceHistory(productId: number | null) {
  return useApiQuery(priceHistoryQuery(productId ?? 0), () => getPriceHistory(productId ?? 0), {
    enabled: productId !== null,
    staleTime: 0,
  });
}
