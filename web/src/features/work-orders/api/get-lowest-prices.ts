/**
 * POST /api/products/lowest-prices (issue 36): the lowest prior prices of a work order's products
 * at the moment its sale would start, for its target, as the EU prior price guardrail reads them
 * (contracts prior-price.ts PriorLows, in cents). Asked by the preview (hooks/use-prior-lows.ts)
 * and by the "set to the 30-day low" adjustment; more products than an order may hold are asked
 * in several requests.
 */
import { LowestPricesResponse } from '@catalog/contracts/lowest-price-batch';
import { parseMoney } from '@catalog/contracts/money';
import type { PriorLows } from '@catalog/contracts/prior-price';
import { MAX_WORK_ORDER_ITEMS, type PriceListTarget } from '@catalog/contracts/work-orders';
import { apiFetch } from '../../../lib/api-client';

export interface PriorLowsRequest {
  productIds: readonly number[];
  /** When the sale would start; null: now. */
  at: Date | null;
  /** The price list and currency; null: the catalog's prices. */
  target: PriceListTarget | null;
}

/** The answers' lows in cents: by variant, and whether the window had gaps. */
export function priorLowsOf(answers: readonly LowestPricesResponse[]): PriorLows {
  const byVariant = new Map<number, number | null>();
  for (const answer of answers) {
    for (const product of answer.products) {
      for (const v of product.variants) byVariant.set(v.variantId, v.lowest ? parseMoney(v.lowest.price) : null);
    }
  }
  return { gaps: answers.some((a) => a.window.gaps.length > 0), byVariant };
}

export async function getPriorLows({ productIds, at, target }: PriorLowsRequest, signal?: AbortSignal): Promise<PriorLows> {
  const ids = [...new Set(productIds)];
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += MAX_WORK_ORDER_ITEMS) chunks.push(ids.slice(i, i + MAX_WORK_ORDER_ITEMS));
  const answers = await Promise.all(chunks.map((chunk) => apiFetch('/api/products/lowest-prices', {
    method: 'POST',
    body: { productIds: chunk, ...(at ? { at: at.toISOString() } : {}), ...(target ? { target } : {}) },
    schema: LowestPricesResponse,
    signal,
  })));
  return priorLowsOf(answers);
}
