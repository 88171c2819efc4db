/**
 * POST /api/products/lowest-prices (issue 36): the lowest prior prices of many products at once,
 * for the EU prior price guardrail of a work order being made on a device (its preview, its "set
 * to the 30-day low" adjustment). The body names at most an order's items of products, the moment
 * the sale would start (`at`, default now), the window (`days`, default the company's setting,
 * else 30) and the order's target; the answer is the single product's (lowest-price.routes.ts)
 * for each product found, computed in one batch (services/lowest-price). A product not in the
 * catalog (deleted, another company's) is left out; another company's price list is a 404, a
 * currency the list has no prices in a 400.
 */
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { DEFAULT_PRIOR_PRICE_DAYS, type VariantLowestPrice } from '@catalog/contracts/lowest-price';
import type { LowestPricesResponse } from '@catalog/contracts/lowest-price-batch';
import { formatCents } from '@catalog/contracts/money';
import type { Database, ProductWithVariants } from '../../db/repositories';
import { lowestPrices, type VariantLowest } from '../../services/lowest-price/lowest-prices';
import { defineRoutes } from '../define-routes';
import { listTarget } from './lowest-price.routes';

const wireVariant = (v: VariantLowest): VariantLowestPrice => ({
  variantId: v.variantId,
  lowest: v.lowest && { price: formatCents(v.lowest.cents), from: v.lowest.from.toISOString() },
  current: v.currentCents === null ? null : formatCents(v.currentCents),
});

/** The store ids of the variants the service answers for a product: its live ones, else its base variant. */
const variantIdsOf = (product: ProductWithVariants): number[] => {
  const live = product.variants.filter((v) => v.deletedAt === null);
  if (live.length > 0) return live.map((v) => v.externalId);
  return product.baseVariantId === null ? [] : [product.baseVariantId];
};

/** The body's list and currency, checked as the single product's query is; a currency refused is named as the body's field. */
async function bodyTarget(db: Database, companyId: string, target: { priceListId: number; currency: string }) {
  try {
    return await listTarget(db, companyId, target.priceListId, target.currency);
  } catch (err) {
    if (!(err instanceof ApiError) || err.fields?.currency === undefined) throw err;
    throw new ApiError(err.code, err.message, { fields: { 'target.currency': err.fields.currency } });
  }
}

export function lowestPricesRoutes({ db, now }: { db: Database; now: () => Date }) {
  return defineRoutes({
    'POST /api/products/lowest-prices': async (c, { body }) => {
      const { companyId } = c.get('user');
      const [products, company] = await Promise.all([db.products.getByExternalIds(companyId, [...new Set(body.productIds)]), db.companies.get(companyId)]);
      if (!company) throw new ApiError(ErrorCode.NOT_FOUND, 'Your company was not found');
      const target = body.target ? await bodyTarget(db, companyId, body.target) : null;
      const days = body.days ?? company.priorPriceDays ?? DEFAULT_PRIOR_PRICE_DAYS;
      const found = await lowestPrices(db, companyId, products, { at: body.at ? new Date(body.at) : now(), days, target });
      const byVariant = new Map(found.variants.map((v) => [v.variantId, v]));
      const answer: LowestPricesResponse = {
        window: {
          from: found.window.from.toISOString(), to: found.window.to.toISOString(), days,
          gaps: found.gaps.map((g) => ({ from: g.from.toISOString(), to: g.to.toISOString() })),
        },
        target: target && { priceListId: target.priceListId, currency: target.currency },
        products: products.map((p) => ({
          productId: p.externalId,
          variants: variantIdsOf(p).flatMap((id) => {
            const v = byVariant.get(id);
            return v ? [wireVariant(v)] : [];
          }),
        })),
      };
      return c.json(answer);
    },
  });
}
