/**
 * GET /api/products/{id}/lowest-price?at=&days=&priceListId=&currency= (issue 36): per variant
 * of the product, its lowest effective price in `[at - days, at)` (the catalog's, or one price
 * list's in one currency), its current price and the window's gaps (services/lowest-price).
 * `at` defaults to now, `days` to the company's prior price setting, else 30. Another company's
 * product (or price list) is a 404; a currency the list has no prices in a 400.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { DEFAULT_PRIOR_PRICE_DAYS, type LowestPriceResponse } from '@catalog/contracts/lowest-price';
import { formatCents } from '@catalog/contracts/money';
import type { Database } from '../../db/repositories';
import { lowestPrices, type LowestPriceOptions } from '../../services/lowest-price/lowest-prices';
import { defineRoutes } from '../define-routes';

/** The list and currency checked against the company's synced lists, and whether its currency is the catalog's. */
export async function listTarget(db: Database, companyId: string, priceListId: number, currency: string): Promise<NonNullable<LowestPriceOptions['target']>> {
  const list = await db.priceLists.getList(companyId, priceListId);
  if (!list) throw new ApiError(ErrorCode.NOT_FOUND, `Price list ${priceListId} was not found. Sync the store and try again.`);
  if (!list.currencies.includes(currency)) {
    const message = `${list.name} has no prices in ${currency}; its currencies are ${list.currencies.join(', ') || 'none yet'}`;
    throw new ApiError(ErrorCode.VALIDATION, message, { fields: { currency: message } });
  }
  return { priceListId, currency, catalogCurrency: (await db.priceLists.catalogCurrency(companyId)) === currency };
}

export function lowestPriceRoutes({ db, now }: { db: Database; now: () => Date }) {
  return defineRoutes({
    'GET /api/products/:id/lowest-price': async (c, { params, query }) => {
      const { companyId } = c.get('user');
      const [[product], company] = await Promise.all([db.products.getByExternalIds(companyId, [params.id]), db.companies.get(companyId)]);
      if (!product || !company) throw new ApiError(ErrorCode.NOT_FOUND, 'Product not found');
      const target = query.priceListId !== undefined && query.currency !== undefined
        ? await listTarget(db, companyId, query.priceListId, query.currency)
        : null;
      const days = query.days ?? company.priorPriceDays ?? DEFAULT_PRIOR_PRICE_DAYS;
      const found = await lowestPrices(db, companyId, [product], { at: query.at ?? now(), days, target });
      const body: LowestPriceResponse = {
        window: {
          from: found.window.from.toISOString(), to: found.window.to.toISOString(), days,
          gaps: found.gaps.map((g) => ({ from: g.from.toISOString(), to: g.to.toISOString() })),
        },
        target: target && { priceListId: target.priceListId, currency: target.currency },
        variants: found.variants.map((v) => ({
          variantId: v.variantId,
          lowest: v.lowest && { price: formatCents(v.lowest.cents), from: v.lowest.from.toISOString() },
          current: v.currentCents === null ? null : formatCents(v.currentCents),
        })),
      };
      return c.json(body);
    },
  });
}
