import { describe, expect, it } from 'vitest';
import { formatCount, formatDollars } from './format-number';

describe('formatCount and formatDollars', () => {
  it('print what Intl en-US prints', () => {
    const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 123456789, -1234, 1234.5]) expect(formatCount(n)).toBe(counts.format(n));
    for (const n of [0, 0.01, 0.5, 9.99, 12.5, 999.999, 1000, 1234.56, 100000, -3, -1234.5, 0.004]) expect(formatDollars(n)).toBe(dollars.format(n));
  });
});
