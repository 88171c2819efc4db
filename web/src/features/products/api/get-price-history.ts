/**
 * GET /api/products/{id}/price-history: the product's price changes, newest first, in pages
 * (issue 31: `{ entries, nextCursor }`); the first page is a query, the next ones load on demand.
 */
import { PriceHistoryResponse } from '@catalog/contracts/products';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';
import { usePagedList } from '../../../lib/use-paged-list';

/** Query key of one product's history (its first page); invalidate it after a price edit of the product. */
export const priceHistoryQuery = (productId: number) => `products/${productId}/price-history`;

/** A page of the history: the first without `cursor`, the next with the `nextCursor` of the one before. */
export function getPriceHistory(productId: number, cursor: string | null = null): Promise<PriceHistoryResponse> {
  return apiFetch(`/api/products/${productId}/price-history`, { query: { cursor }, schema: PriceHistoryResponse });
}

/** Fetched each time a panel opens (work orders change history too); `history` holds the entries of every page loaded. */
export function usePriceHistory(productId: number | null) {
  const query = useApiQuery(priceHistoryQuery(productId ?? 0), () => getPriceHistory(productId ?? 0), {
    enabled: productId !== null,
    staleTime: 0,
  });
  const history = usePagedList(query.data, (page) => page.entries, (cursor) => getPriceHistory(productId ?? 0, cursor));
  return { ...query, history };
}
