/** The rules of bulk-adjustment-preview.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { classifyChange, orderGuardrails, previewPriceChanges, type PriceChangeLine } from './bulk-adjustment-preview';
import { DEFAULT_GUARDRAIL_SETTINGS, type GuardrailItem } from './guardrails';

const line = (
  target: string,
  field: 'regular' | 'sale' | 'retail',
  oldCents: number | null,
  newCents: number | null,
): PriceChangeLine => ({ target, label: target, field, oldCents, newCents });

describe('classifyChange', () => {
  it('tells increases, decreases and unchanged prices apart', () => {
    expect(classifyChange('regular', 1000, 1100)).toBe('increase');
    expect(classifyChange('regular', 1000, 900)).toBe('decrease');
    expect(classifyChange('regular', 1000, 1000)).toBe('unchanged');
  });

  it('reads a sale price of 0 as no sale price', () => {
    expect(classifyChange('sale', 0, 500)).toBe('added');
    expect(classifyChange('sale', null, 500)).toBe('added');
    expect(classifyChange('sale', 500, null)).toBe('cleared');
    expect(classifyChange('sale', 500, 0)).toBe('cleared');
    expect(classifyChange('sale', 0, null)).toBe('unchanged');
  });
});

describe('previewPriceChanges', () => {
  it('lists each price old -> new with its change, and counts ups and downs', () => {
    const preview = previewPriceChanges([
      line('p1', 'regular', 1000, 1100),
      line('p2', 'regular', 2000, 1800),
      line('v7', 'regular', 500, 500),
      line('p1', 'sale', 900, 810),
      line('p2', 'sale', null, 1500),
      line('p3', 'sale', 400, null),
    ]);
    expect(preview.lines.map((l) => [l.target, l.field, l.kind, l.deltaCents])).toEqual([
      ['p1', 'regular', 'increase', 100],
      ['p2', 'regular', 'decrease', -200],
      ['v7', 'regular', 'unchanged', 0],
      ['p1', 'sale', 'decrease', -90],
      ['p2', 'sale', 'added', 0],
      ['p3', 'sale', 'cleared', 0],
    ]);
    expect(preview).toMatchObject({ increased: 1, decreased: 2, unchanged: 1, added: 1, cleared: 1 });
  });

  it('totals the change of regular and sale prices in cents', () => {
    const preview = previewPriceChanges([
      line('p1', 'regular', 1999, 2199),
      line('p2', 'regular', 1000, 1100),
      line('p1', 'sale', 1500, 1350),
    ]);
    expect(preview.regularDeltaCents).toBe(300);
    expect(preview.saleDeltaCents).toBe(-150);
    expect(preview.totalDeltaCents).toBe(150);
  });

  it('shows a mistaken -30% as decreases with a negative total', () => {
    const preview = previewPriceChanges([line('p1', 'regular', 1000, 700), line('p2', 'regular', 2000, 1400)]);
    expect(preview).toMatchObject({ increased: 0, decreased: 2, totalDeltaCents: -900 });
  });

  it('flags sale prices that would not be below the regular price', () => {
    const regular: Record<string, number> = { p1: 1000, p2: 1000 };
    const preview = previewPriceChanges(
      [line('p1', 'sale', null, 1000), line('p2', 'sale', null, 999), line('p3', 'sale', 100, null)],
      (target) => regular[target] ?? null,
    );
    expect(preview.saleNotBelowRegular).toEqual(['p1']);
  });

  it('gives zeros for an empty order', () => {
    expect(previewPriceChanges([])).toMatchObject({ lines: [], increased: 0, decreased: 0, totalDeltaCents: 0 });
  });
});

describe('previewPriceChanges: retail prices (MSRP)', () => {
  it('counts MSRP changes apart from what shoppers pay', () => {
    const preview = previewPriceChanges([line('p1', 'retail', 3000, 3500), line('p1', 'regular', 2000, 2100), line('p2', 'retail', 0, 4000), line('p3', 'retail', 100, null)]);
    expect(preview.retailDeltaCents).toBe(500);
    expect(preview.regularDeltaCents).toBe(100);
    expect(preview.totalDeltaCents).toBe(100);
    expect(preview.lines.map((l) => l.kind)).toEqual(['increase', 'increase', 'added', 'cleared']);
  });
});

const item = (before: [number, number | null], after: [number, number | null], cost: number | null = null, retail: number | null = null): GuardrailItem => ({
  before: { regular: before[0], sale: before[1] },
  after: { regular: after[0], sale: after[1] },
  cost,
  retail,
});

describe('orderGuardrails: the whole order on the device', () => {
  const items = [
    { target: 'p1', item: item([2000, null], [900, null], 1000) }, // below cost, large change
    { target: 'p2', item: item([2000, null], [0, null]) }, // zero price, large change
    { target: 'v3', item: item([2000, 1500], [2000, 2000]) }, // sale at regular
    { target: 'p4', item: item([2000, null], [2100, null], 500, 2500) }, // below MSRP floor when set
    { target: 'p5', item: item([2000, null], [2000, null]) }, // unchanged
  ];

  it('flags each item with its rules and counts items per rule', () => {
    const g = orderGuardrails(items, DEFAULT_GUARDRAIL_SETTINGS);
    expect(g.flags.get('p1')).toEqual(['belowCost', 'largeChange']);
    expect(g.flags.get('p2')).toEqual(['zeroPrice', 'largeChange']);
    expect(g.flags.get('v3')).toEqual(['saleAtOrAboveRegular']);
    expect(g.flags.has('p4')).toBe(false);
    expect(g.flags.has('p5')).toBe(false);
    expect(g.counts).toEqual({ belowCost: 1, saleAtOrAboveRegular: 1, zeroPrice: 1, largeChange: 2, belowRetailFloor: 0, priorPrice: 0 });
    expect(g.flagged).toBe(3);
    expect(g.blocking).toEqual([]);
  });

  it('uses the company threshold and MSRP floor, and names the blocking rules broken', () => {
    const g = orderGuardrails(items, { guardrailThresholdPercent: 200, retailFloor: true, blockingGuardrails: ['zeroPrice', 'belowRetailFloor', 'belowCost'] });
    expect(g.counts.largeChange).toBe(0);
    expect(g.flags.get('p4')).toEqual(['belowRetailFloor']);
    expect(g.blocking).toEqual([{ rule: 'belowCost', count: 1 }, { rule: 'zeroPrice', count: 1 }, { rule: 'belowRetailFloor', count: 1 }]);
  });

  it('counts items going up, down and unchanged by what a shopper pays', () => {
    const g = orderGuardrails(items, DEFAULT_GUARDRAIL_SETTINGS);
    expect([g.itemsUp, g.itemsDown, g.itemsUnchanged]).toEqual([2, 2, 1]);
    expect(orderGuardrails([], DEFAULT_GUARDRAIL_SETTINGS)).toMatchObject({ flagged: 0, itemsUp: 0, itemsDown: 0, itemsUnchanged: 0 });
  });
});
