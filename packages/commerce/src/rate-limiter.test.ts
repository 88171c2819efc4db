import { describe, expect, it } from 'vitest';
import { StoreRateLimiter, readRateLimitHeaders } from './rate-limiter';

/** A fake clock whose sleep advances time, so pacing can be checked without waiting. */
function fakeClock() {
  let t = 0;
  const waits: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
    advance: (ms: number) => {
      t += ms;
    },
    waits,
  };
}

const headers = (left: number, resetMs: number, quota = 150, windowMs = 30_000) =>
  readRateLimitHeaders(
    new Headers({
      'X-Rate-Limit-Requests-Left': String(left),
      'X-Rate-Limit-Time-Reset-Ms': String(resetMs),
      'X-Rate-Limit-Requests-Quota': String(quota),
      'X-Rate-Limit-Time-Window-Ms': String(windowMs),
    }),
  );

describe('pacing by the store\'s rate-limit headers', () => {
  it('reads the four X-Rate-Limit headers, and nothing from an answer without them', () => {
    expect(headers(12, 900, 150, 30_000)).toEqual({ left: 12, resetMs: 900, quota: 150, windowMs: 30_000 });
    expect(readRateLimitHeaders(new Headers())).toBeNull();
  });

  it('does not wait while more than the reserve is left', async () => {
    const clock = fakeClock();
    const limiter = new StoreRateLimiter();
    await limiter.acquire({ ...clock, reserve: 2 });
    limiter.settle(headers(3, 5_000), clock.now());
    await limiter.acquire({ ...clock, reserve: 2 });
    expect(clock.waits).toEqual([]);
  });

  it('waits until the window resets once requests left reach the reserve', async () => {
    const clock = fakeClock();
    const limiter = new StoreRateLimiter();
    await limiter.acquire({ ...clock, reserve: 2 });
    limiter.settle(headers(2, 4_000), clock.now());
    await limiter.acquire({ ...clock, reserve: 2 });
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeGreaterThanOrEqual(4_000);
    expect(clock.waits[0]).toBeLessThan(4_100);
  });

  it('sustains the quota: 150 a window, 2 kept in reserve, about 148 requests per 30 s over a long run', async () => {
    const clock = fakeClock();
    const limiter = new StoreRateLimiter();
    // A store with a fixed 30 s window starting at the first request, answering after 100 ms.
    let windowStart = 0;
    let used = 0;
    let sent = 0;
    while (clock.now() < 300_000) {
      await limiter.acquire({ ...clock, reserve: 2 });
      if (clock.now() >= windowStart + 30_000) {
        windowStart = clock.now();
        used = 0;
      }
      used++;
      expect(used).toBeLessThanOrEqual(150);
      sent++;
      clock.advance(100);
      limiter.settle(headers(150 - used, windowStart + 30_000 - clock.now()), clock.now());
    }
    // Bound: 10 windows x 150. Within 3% of it means the client neither idles nor hits a 429.
    expect(sent).toBeGreaterThan(1_450);
    expect(sent).toBeLessThanOrEqual(1_500);
  });

  it('counts requests in flight, so concurrent callers do not overshoot the reserve together', async () => {
    const clock = fakeClock();
    const limiter = new StoreRateLimiter();
    await limiter.acquire({ ...clock, reserve: 1 });
    limiter.settle(headers(4, 1_000), clock.now());
    await Promise.all([1, 2, 3, 4].map(() => limiter.acquire({ ...clock, reserve: 1 })));
    // 4 left, 1 kept in reserve: three go at once, the fourth waits for the reset.
    expect(clock.waits).toHaveLength(1);
  });

  it('keeps the lowest count when answers of one window arrive out of order', () => {
    const limiter = new StoreRateLimiter();
    limiter.settle(headers(10, 20_000), 0);
    limiter.settle(headers(12, 20_050), 10);
    expect(limiter.snapshot().left).toBe(10);
    limiter.settle(headers(149, 29_000), 25_000); // a new window
    expect(limiter.snapshot().left).toBe(149);
  });
});
