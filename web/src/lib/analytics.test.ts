import { describe, expect, it, vi } from 'vitest';
import { createAnalytics, trackPurchase, type AnalyticsTarget } from './analytics';

const purchase = { plan: 'starter', value: 5, currency: 'USD' as const };

describe('analytics', () => {
  it('does nothing without an analytics id', () => {
    const target: AnalyticsTarget = { gtag: vi.fn() };
    expect(createAnalytics(undefined, target).trackPurchase(purchase)).toBe(false);
    expect(createAnalytics('  ', target).trackPurchase(purchase)).toBe(false);
    expect(target.gtag).not.toHaveBeenCalled();
    expect(target.dataLayer).toBeUndefined();
    // This build names none, so the app-wide helper is off too.
    expect(trackPurchase(purchase)).toBe(false);
  });

  it("sends the purchase through the page's gtag when it has one", () => {
    const gtag = vi.fn();
    expect(createAnalytics('G-TEST', { gtag }).trackPurchase(purchase)).toBe(true);
    expect(gtag).toHaveBeenCalledWith('event', 'purchase', {
      send_to: 'G-TEST',
      value: 5,
      currency: 'USD',
      items: [{ item_id: 'starter', item_name: 'starter', price: 5, quantity: 1 }],
    });
  });

  it('otherwise pushes it to the Tag Manager data layer', () => {
    const target: AnalyticsTarget = {};
    createAnalytics('GTM-TEST', target).trackPurchase({ plan: 'premium', value: 10, currency: 'USD' });
    expect(target.dataLayer).toEqual([
      {
        event: 'purchase',
        analyticsId: 'GTM-TEST',
        ecommerce: { value: 10, currency: 'USD', items: [{ item_id: 'premium', item_name: 'premium', price: 10, quantity: 1 }] },
      },
    ]);
  });
});
