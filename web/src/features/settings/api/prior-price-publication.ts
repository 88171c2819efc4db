/**
 * GET /api/settings/prior-price-publication (issue 36 item 3): how the lowest prior price stands
 * on the storefront, for owners and admins. Saving the work order settings marks it stale
 * (company-settings.ts), as turning publishing on or off changes it.
 */
import { PriorPricePublicationStatus } from '@catalog/contracts/prior-price-publication';
import { apiFetch } from '../../../lib/api-client';
import { useApiQuery, type QueryOptions } from '../../../lib/api-query';

export const PRIOR_PRICE_PUBLICATION_QUERY = 'settings/prior-price-publication';

export function getPriorPricePublication(): Promise<PriorPricePublicationStatus> {
  return apiFetch('/api/settings/prior-price-publication', { schema: PriorPricePublicationStatus });
}

export function usePriorPricePublication(options: QueryOptions) {
  return useApiQuery(PRIOR_PRICE_PUBLICATION_QUERY, getPriorPricePublication, options);
}
