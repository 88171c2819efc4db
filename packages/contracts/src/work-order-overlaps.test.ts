/** The calendar's overlap rules (work-order-overlaps.ts), stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import {
  calendarOverlaps, changesPricesInSpan, orderSpan, overlapPairCandidates, spansMeet, WorkOrderOverlapPairsBody, WorkOrderOverlapPairsResponse,
  MAX_OVERLAP_PAIR_ORDERS, type SpanOrder,
} from './work-order-overlaps';
import { WORK_ORDER_STATUSES } from './work-order-status';
import type { PriceListTarget } from './work-order-target';

const day = (d: number, h = 0) => new Date(Date.UTC(2030, 2, d, h)).toISOString();
const t = (d: number, h = 0) => Date.parse(day(d, h));

let n = 0;
function order(overrides: Partial<SpanOrder & { id: string; target: PriceListTarget | null }> = {}) {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    status: 'pending' as const,
    archived: false,
    executeImmediately: false,
    scheduledAt: day(5),
    executedAt: null,
    revertAt: null,
    undoneAt: null,
    createdAt: day(1),
    target: null,
    ...overrides,
  };
}

describe('orderSpan', () => {
  it('spans a scheduled order from its schedule to its end, and is a point without an end', () => {
    expect(orderSpan(order({ scheduledAt: day(5), revertAt: day(9) }))).toEqual({ start: t(5), end: t(9) });
    expect(orderSpan(order({ scheduledAt: day(5) }))).toEqual({ start: t(5), end: null });
  });

  it('starts an order that ran when it ran, and an immediate one when it was made', () => {
    expect(orderSpan(order({ status: 'completed', scheduledAt: day(5), executedAt: day(5, 3), revertAt: day(9) }))).toEqual({ start: t(5, 3), end: t(9) });
    expect(orderSpan(order({ executeImmediately: true, scheduledAt: null, createdAt: day(2) }))).toEqual({ start: t(2), end: null });
  });

  it('ends an undone order when it was undone, and never lets a failed or rejected one hold', () => {
    expect(orderSpan(order({ status: 'undone', executedAt: day(5), revertAt: day(20), undoneAt: day(7) }))).toEqual({ start: t(5), end: t(7) });
    expect(orderSpan(order({ status: 'failed', scheduledAt: day(5), revertAt: day(9) })).end).toBeNull();
    expect(orderSpan(order({ status: 'rejected', scheduledAt: day(5), revertAt: day(9) })).end).toBeNull();
  });

  it('reads an end at or before the start as a point', () => {
    expect(orderSpan(order({ status: 'undone', executedAt: day(5), undoneAt: day(5) })).end).toBeNull();
  });
});

describe('changesPricesInSpan', () => {
  it('counts orders that will run, run or ran; not failed, rejected, nor archived ones that will not run', () => {
    const counted = WORK_ORDER_STATUSES.filter((status) => changesPricesInSpan({ status, archived: false }));
    expect(counted).toEqual(['awaiting_approval', 'pending', 'executing', 'completed', 'undone']);
    expect(changesPricesInSpan({ status: 'pending', archived: true })).toBe(false);
    expect(changesPricesInSpan({ status: 'completed', archived: true })).toBe(true);
  });
});

describe('spansMeet', () => {
  it('meets spans that share time, not ones where one ends as the other begins', () => {
    expect(spansMeet({ start: t(1), end: t(5) }, { start: t(4), end: t(8) })).toBe(true);
    expect(spansMeet({ start: t(1), end: t(5) }, { start: t(5), end: t(8) })).toBe(false);
    expect(spansMeet({ start: t(1), end: t(9) }, { start: t(3), end: t(4) })).toBe(true);
  });

  it('meets a point inside a span, or at its start, and another point at the same moment', () => {
    expect(spansMeet({ start: t(3), end: null }, { start: t(1), end: t(5) })).toBe(true);
    expect(spansMeet({ start: t(1), end: t(5) }, { start: t(1), end: null })).toBe(true);
    expect(spansMeet({ start: t(1), end: t(5) }, { start: t(5), end: null })).toBe(false);
    expect(spansMeet({ start: t(2), end: null }, { start: t(2), end: null })).toBe(true);
    expect(spansMeet({ start: t(2), end: null }, { start: t(3), end: null })).toBe(false);
  });
});

describe('overlapPairCandidates', () => {
  it('asks about the orders that meet another of the same target in time, sorted by id', () => {
    const a = order({ scheduledAt: day(1), revertAt: day(10) });
    const b = order({ scheduledAt: day(8), revertAt: day(12) });
    const later = order({ scheduledAt: day(20), revertAt: day(25) });
    const list = order({ scheduledAt: day(2), revertAt: day(9), target: { priceListId: 7, currency: 'USD' } });
    expect(overlapPairCandidates([later, b, list, a])).toEqual([a.id, b.id].sort());
  });

  it('leaves out orders that do not change prices in their span', () => {
    const a = order({ scheduledAt: day(1), revertAt: day(10) });
    const rejected = order({ status: 'rejected', scheduledAt: day(2), revertAt: day(9) });
    const archived = order({ archived: true, scheduledAt: day(2), revertAt: day(9) });
    expect(overlapPairCandidates([a, rejected, archived])).toEqual([]);
  });

  it('finds every meeting pair among many orders as comparing each with each would', () => {
    const orders = Array.from({ length: 60 }, (_, i) => order({ scheduledAt: day(1 + (i * 7) % 27, i % 24), revertAt: i % 3 === 0 ? null : day(2 + (i * 7) % 27 + (i % 4)) }));
    const naive = new Set<string>();
    for (const x of orders) for (const y of orders) if (x !== y && spansMeet(orderSpan(x), orderSpan(y))) naive.add(x.id);
    expect(overlapPairCandidates(orders)).toEqual([...naive].sort());
  });
});

describe('calendarOverlaps', () => {
  const a = order({ scheduledAt: day(1), revertAt: day(10) });
  const b = order({ scheduledAt: day(8), revertAt: day(12) });
  const c = order({ scheduledAt: day(11), revertAt: day(14) });

  it('keeps the pairs that share items while they meet, earlier order first, by when they begin to overlap', () => {
    const found = calendarOverlaps([a, b, c], [{ a: b.id, b: c.id, shared: 2 }, { a: a.id, b: b.id, shared: 3 }]);
    expect(found.map((o) => [o.a.id, o.b.id, o.shared])).toEqual([[a.id, b.id, 3], [b.id, c.id, 2]]);
  });

  it('drops pairs that do not meet in time, name an unknown order, or are of different targets', () => {
    const list = order({ scheduledAt: day(2), revertAt: day(9), target: { priceListId: 7, currency: 'USD' } });
    const pairs = [{ a: a.id, b: c.id, shared: 1 }, { a: a.id, b: 'gone', shared: 1 }, { a: a.id, b: list.id, shared: 1 }];
    expect(calendarOverlaps([a, c, list], pairs)).toEqual([]);
  });
});

describe('POST /api/work-orders/overlap-pairs', () => {
  const id = '00000000-0000-4000-8000-000000000001';
  it('takes 1 to MAX_OVERLAP_PAIR_ORDERS ids and nothing else', () => {
    expect(WorkOrderOverlapPairsBody.safeParse({ ids: [id] }).success).toBe(true);
    expect(WorkOrderOverlapPairsBody.safeParse({ ids: [] }).success).toBe(false);
    expect(WorkOrderOverlapPairsBody.safeParse({ ids: ['nope'] }).success).toBe(false);
    expect(WorkOrderOverlapPairsBody.safeParse({ ids: Array(MAX_OVERLAP_PAIR_ORDERS + 1).fill(id) }).success).toBe(false);
    expect(WorkOrderOverlapPairsBody.safeParse({ ids: [id], extra: 1 }).success).toBe(false);
  });

  it('answers pairs with a positive count', () => {
    expect(WorkOrderOverlapPairsResponse.safeParse({ pairs: [{ a: id, b: id, shared: 0 }], complete: true }).success).toBe(false);
    expect(WorkOrderOverlapPairsResponse.parse({ pairs: [{ a: id, b: id, shared: 2 }], complete: false }).complete).toBe(false);
  });
});
