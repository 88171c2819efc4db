import { describe, expect, it } from 'vitest';
import type { Step } from '../lowest-price/price-steps';
import { lowBefore, saleStart } from './sale-start';

const DAY = 86_400_000;
const day = (n: number) => Date.UTC(2030, 0, 1) + n * DAY;
const step = (at: number, regular: number | null, sale: number | null): Step => ({ at, regular, sale });
/** Followed all along from day -100. */
const followed = [{ startedAt: new Date(day(-100)), endedAt: null }];

describe('when a sale began', () => {
  const product = [step(day(-60), 4900, null)];

  it('is the moment the variant was put on sale at the price it has now', () => {
    const variant = [step(day(-60), null, null), step(day(-10), null, 3900)];
    expect(saleStart({ product, variant }, 3900)).toBe(day(-10));
  });

  it('is not moved by a regular price changed during the sale, and is moved by a deeper reduction', () => {
    const variant = [step(day(-60), null, null), step(day(-10), null, 3900), step(day(-5), 5900, 3900), step(day(-2), 5900, 3500)];
    expect(saleStart({ product, variant }, 3500)).toBe(day(-2));
    expect(saleStart({ product, variant: variant.slice(0, 3) }, 3900)).toBe(day(-10));
  });

  it('follows a sale price the variant inherits from its product, and a base variant (no layer of its own)', () => {
    const onSale = [step(day(-60), 4900, null), step(day(-7), 4900, 2900)];
    expect(saleStart({ product: onSale, variant: [step(day(-60), null, null)] }, 2900)).toBe(day(-7));
    expect(saleStart({ product: onSale, variant: null }, 2900)).toBe(day(-7));
    // A variant's own sale price of 0 is "not on sale", whatever its product's.
    expect(saleStart({ product: onSale, variant: [step(day(-60), null, 0)] }, 2900)).toBeNull();
  });

  it('is unknown when the history does not end at the price the catalog has, and the history\'s start when it held all along', () => {
    expect(saleStart({ product, variant: [step(day(-60), null, 3900), step(day(-1), null, null)] }, 3900)).toBeNull();
    expect(saleStart({ product, variant: [step(day(-60), null, 3900)] }, 3900)).toBe(day(-60));
  });
});

describe('the lowest price before a sale', () => {
  const product = [step(day(-60), 4900, null)];
  const now = day(0);

  it('is the lowest effective price of the days before the sale began, an earlier sale included', () => {
    const variant = [step(day(-60), null, null), step(day(-40), null, 4500), step(day(-35), null, null), step(day(-10), null, 3900)];
    const layers = { product, variant };
    expect(lowBefore(layers, day(-10), 30, followed, now)).toEqual({ cents: 4500, from: new Date(day(-40)) });
    // The earlier sale ended before a 20-day window began.
    expect(lowBefore(layers, day(-10), 20, followed, now)).toEqual({ cents: 4900, from: new Date(day(-30)) });
  });

  it('counts only the followed part of the window, and is unknown when none was followed', () => {
    const variant = [step(day(-60), null, null), step(day(-40), null, 4500), step(day(-35), null, null), step(day(-10), null, 3900)];
    const sinceDay20 = [{ startedAt: new Date(day(-20)), endedAt: null }];
    expect(lowBefore({ product, variant }, day(-10), 30, sinceDay20, now)).toEqual({ cents: 4900, from: new Date(day(-20)) });
    expect(lowBefore({ product, variant }, day(-10), 30, [{ startedAt: new Date(day(-10)), endedAt: null }], now)).toBeNull();
  });

  it('is unknown when the sale was not followed all along: it may have ended and begun again unseen', () => {
    const variant = [step(day(-60), null, null), step(day(-10), null, 3900)];
    const broken = [{ startedAt: new Date(day(-100)), endedAt: new Date(day(-5)) }, { startedAt: new Date(day(-3)), endedAt: null }];
    expect(lowBefore({ product, variant }, day(-10), 30, broken, now)).toBeNull();
    expect(lowBefore({ product, variant }, day(-10), 30, followed, now)).toEqual({ cents: 4900, from: new Date(day(-40)) });
  });
});
