import { PLANS } from '@catalog/contracts/plans';
import { describe, expect, it } from 'vitest';
import { formatPlanPrice, formatProductLimit, formatUserLimit } from './plan-format';

describe('plan formatting', () => {
  it('reads a paid plan as "$5 / month" and the trial as "$0 forever"', () => {
    expect(formatPlanPrice(PLANS.starter)).toBe('$5 / month');
    expect(formatPlanPrice(PLANS.premium)).toBe('$10 / month');
    expect(formatPlanPrice(PLANS.trial)).toBe('$0 forever');
  });

  it('keeps cents when a price is not whole dollars', () => {
    expect(formatPlanPrice({ priceCents: 499, period: 'month' })).toBe('$4.99 / month');
  });

  it('groups thousands in product limits and spells out unlimited users', () => {
    expect(formatProductLimit(1000)).toBe('Up to 1,000 products');
    expect(formatUserLimit(null)).toBe('Unlimited users');
    expect(formatUserLimit(1)).toBe('1 user');
    expect(formatUserLimit(2)).toBe('2 users');
  });
});
