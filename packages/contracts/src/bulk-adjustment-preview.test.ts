/** The rules of bulk-adjustment-preview.ts, stated as the tests' names. */
import { describe, expect, it } from 'vitest';
import { classifyChange, previewPriceChanges, type PriceChangeLine } from './bulk-adjustment-preview';

const line = (
  target: string,
  field: 'regular' | 'sale',
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
