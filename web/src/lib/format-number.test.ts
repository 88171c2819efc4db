import { describe, expect, it } from 'vitest';
import { formatCount, formatDollars, once } from './format-number';

describe('formatCount and formatDollars', () => {
  it('print what Intl en-US prints', () => {
    const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 123456789, -1234, 1234.5]) expect(formatCount(n)).toBe(counts.format(n));
    for (const n of [0, 0.01, 0.5, 9.99, 12.5, 999.999, 1000, 1234.56, 100000, -3, -1234.5, 0.004]) expect(formatDollars(n)).toBe(dollars.format(n));
  });
});

describe('once', () => {
  it('makes the value on the first call only', () => {
    let made = 0;
    const value = once(() => ({ n: ++made }));
    expect(made).toBe(0);
    expect(value()).toBe(value());
    expect(made).toBe(1);
  });
});
