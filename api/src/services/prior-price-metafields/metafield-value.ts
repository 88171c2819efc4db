/**
 * The variant metafield a theme reads the lowest prior price from (issue 36 item 3): namespace
 * `pricing`, key `lowest_prior_price`, readable on the storefront (`read_and_sf_access`), its
 * value JSON text such as
 * `{"amount":"39.00","currency":"USD","days":30,"sale_start":"2026-11-02T10:00:00.000Z"}`: the
 * lowest price the variant was sold at in the `days` days before its current sale began at
 * `sale_start`, in the catalog's currency (left out when the store's channels did not say it).
 */
import type { MetafieldPermission } from '@catalog/commerce';
import { formatCents } from '@catalog/contracts/money';
import type { SaleLow } from './sale-lows';

export const PRIOR_PRICE_METAFIELD: { namespace: string; key: string; permissionSet: MetafieldPermission; description: string } = {
  namespace: 'pricing',
  key: 'lowest_prior_price',
  permissionSet: 'read_and_sf_access',
  description: 'The lowest price in the days before this sale began (EU Directive 98/6/EC Art. 6a): JSON with amount, currency, days, sale_start. Written by Catalog Pilot.',
};

/** The metafield's value for a variant's low; the same low always gives the same text (it is compared to what was written). */
export function metafieldValue(low: SaleLow, days: number, currency: string | null): string {
  return JSON.stringify({ amount: formatCents(low.lowCents), ...(currency ? { currency } : {}), days, sale_start: low.saleStart.toISOString() });
}
