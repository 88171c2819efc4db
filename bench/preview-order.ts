/**
 * The work-order preview's computation (issue 19), shared by bench/preview.ts in Node and its
 * page in Chromium: a form with N items (products with two option variants each, cost and MSRP
 * on most, some on sale), a bulk adjustment applied (margin over cost, rounded up to .99), then
 * what opening the preview computes: the order and its lines (buildWorkOrder), the counts and
 * totals (previewPriceChanges), and the guardrails of every item (orderGuardrails).
 */
import { parseBulkAdjustment } from '../packages/contracts/src/bulk-adjustment';
import { orderGuardrails, previewPriceChanges } from '../packages/contracts/src/bulk-adjustment-preview';
import { DEFAULT_GUARDRAIL_SETTINGS } from '../packages/contracts/src/guardrails';
import type { LocalProduct } from '../web/src/local/local-product';
import { buildWorkOrder } from '../web/src/features/work-orders/utils/build-work-order';
import { initialFormState, workOrderFormReducer, type WorkOrderFormState } from '../web/src/features/work-orders/utils/work-order-form';

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** A form with `items` products and variants selected (a third products, two thirds variants). */
export function orderForm(items: number): WorkOrderFormState {
  const products: LocalProduct[] = [];
  let made = 0;
  for (let id = 1; made < items; id++) {
    const price = 500 + ((id * 7919) % 20_000);
    const variants = Array.from({ length: Math.min(2, items - made - 1) }, (_, i) => ({
      id: id * 10 + i, productId: id, variantSku: `SKU-${id}-${i}`, regularPrice: i === 0 ? money(price + 250) : null,
      salePrice: null, stock: 3, optionValues: [{ optionName: 'Size', label: i === 0 ? 'L' : 'M' }], version: 1,
      costPrice: i === 0 && id % 4 === 0 ? money(Math.round(price * 0.5)) : null,
    }));
    products.push({
      id, name: `Product ${id}`, category: 'Home > Kitchen', sku: `P-${id}`, regularPrice: money(price),
      salePrice: id % 5 === 0 ? money(Math.round(price * 0.8)) : null, stock: 10, weight: null, status: 'published', isVisible: true,
      lastUpdated: '2026-01-01T00:00:00.000Z', version: 1, variants,
      costPrice: id % 10 === 0 ? null : money(Math.round(price * 0.45)), retailPrice: id % 3 === 0 ? money(Math.round(price * 1.2)) : null,
    });
    made += 1 + variants.length;
  }
  const parsed = parseBulkAdjustment({ field: 'regular', mode: 'marginOverCost', direction: 'increase', value: '40', ending: '99', roundDirection: 'up' }, 1);
  if (!parsed.ok) throw new Error(parsed.error);
  let state = workOrderFormReducer(initialFormState('00000000-0000-4000-8000-000000000000'), { type: 'title', value: 'Bench' });
  state = workOrderFormReducer(state, { type: 'select', products });
  // Every item gets a price: the adjustment where it has a cost, a typed price elsewhere.
  for (const p of products) {
    state = workOrderFormReducer(state, { type: 'price', target: `p${p.id}`, field: 'regular', value: money(Math.round(Number(p.regularPrice) * 110)) });
    for (const v of p.variants) state = workOrderFormReducer(state, { type: 'price', target: `v${v.id}`, field: 'sale', value: money(Math.round(Number(p.regularPrice) * 60)) });
  }
  return workOrderFormReducer(state, { type: 'bulk', adjustment: parsed.adjustment });
}

/** One opening of the preview; returns what it found, so nothing is optimised away. */
export function computePreview(state: WorkOrderFormState) {
  const built = buildWorkOrder(state);
  const preview = previewPriceChanges(built.lines, built.regularAfter);
  const guardrails = orderGuardrails(built.guardrailItems, SETTINGS);
  return { items: built.guardrailItems.length, lines: preview.lines.length, flagged: guardrails.flagged, counts: guardrails.counts };
}

const SETTINGS = { ...DEFAULT_GUARDRAIL_SETTINGS, retailFloor: true, blockingGuardrails: ['zeroPrice' as const] };

/**
 * Times `runs` openings after `warmup` ones (milliseconds each): the whole computation, and the
 * guardrails alone (every item's flags, counts, items up/down) over the already built order.
 */
export function timePreview(items: number, runs: number, warmup = 3): { times: number[]; flagTimes: number[]; result: ReturnType<typeof computePreview> } {
  const state = orderForm(items);
  let result = computePreview(state);
  for (let i = 0; i < warmup; i++) result = computePreview(state);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = computePreview(state);
    times.push(performance.now() - start);
  }
  const built = buildWorkOrder(state);
  const flagTimes: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
    const start = performance.now();
    const g = orderGuardrails(built.guardrailItems, SETTINGS);
    if (i >= warmup) flagTimes.push(performance.now() - start);
    if (g.flagged !== result.flagged) throw new Error('the flags differ between runs');
  }
  return { times, flagTimes, result };
}
