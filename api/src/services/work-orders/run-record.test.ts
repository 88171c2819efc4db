/**
 * recordHistory writes a large order's history in batches: a run resumed after some batches were
 * written skips those (their entries' ids are taken) and writes the rest.
 */
import { describe, expect, it } from 'vitest';
import { UniqueViolationError } from '../../db/errors';
import type { NewPriceHistoryEntry, PriceSnapshot } from '../../db/repositories';
import type { RunContext } from './run-context';
import { recordHistory } from './run-record';
import type { PriceTarget } from './price-plan';

const N = 2_500;
const targets: PriceTarget[] = Array.from({ length: N }, (_, i) => ({
  key: `p${i + 1}`, kind: 'product', externalId: i + 1, externalProductId: i + 1, productId: `row-${i + 1}`, variantId: null,
  label: `Product ${i + 1}`, regularPriceCents: 1_000 + i,
}));
const before = new Map<string, PriceSnapshot>(targets.map((t) => [t.key, {
  productId: t.productId, externalProductId: t.externalProductId, variantId: null, externalVariantId: null, regularPriceCents: 900, salePriceCents: null,
}]));

/** A history table keyed by id, refusing a batch with a taken id whole, as the repositories do. */
function historyTable() {
  const rows = new Map<string, NewPriceHistoryEntry>();
  const batches: number[] = [];
  const add = async (_companyId: string, entries: NewPriceHistoryEntry[]) => {
    batches.push(entries.length);
    if (entries.some((e) => rows.has(e.id!))) throw new UniqueViolationError('taken');
    for (const e of entries) rows.set(e.id!, e);
    return [];
  };
  return { rows, batches, ctx: { db: { priceHistory: { add } } } as unknown as RunContext };
}

describe('recordHistory', () => {
  it('writes 2,500 entries in batches of 1,000', async () => {
    const t = historyTable();
    await recordHistory(t.ctx, { id: 'order-1', createdBy: null } as never, 'work_order', targets, before);
    expect(t.batches).toEqual([1_000, 1_000, 500]);
    expect(t.rows.size).toBe(N);
  });

  it('resumes after a stop between batches: the written batch is skipped, the rest written, nothing twice', async () => {
    const t = historyTable();
    const order = { id: 'order-2', createdBy: null } as never;
    await recordHistory(t.ctx, order, 'work_order', targets.slice(0, 1_000), before);
    expect(t.rows.size).toBe(1_000);
    await recordHistory(t.ctx, order, 'work_order', targets, before);
    expect(t.rows.size).toBe(N);
    expect([...t.rows.values()].filter((e) => e.productId === 'row-1')).toHaveLength(1);
  });
});
