/**
 * GET /api/price-lists (issue 35): the store's price lists with their currencies, for the
 * "Prices:" choice of a comparison (the catalog, or one list in one currency). Read once a visit.
 */
import { PriceListsResponse } from '@catalog/contracts/price-lists';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/api-query';

const PRICE_LISTS_QUERY = 'backups:price-lists';

function getPriceLists(): Promise<PriceListsResponse> {
  return apiFetch('/api/price-lists', { schema: PriceListsResponse });
}

export function usePriceLists(enabled: boolean) {
  return useApiQuery(PRICE_LISTS_QUERY, getPriceLists, { enabled });
}
