/**
 * The catalog pull when the server rate limits it: a page refused with 429 is asked again after
 * the server's Retry-After (not before), and the pull completes; other failures fail the pull.
 */
import 'fake-indexeddb/auto';
import { ApiError, ErrorCode } from '@catalog/contracts/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCatalogServer, product } from '../testing/fake-catalog-server';
import { catalogDbName, createCatalogDb } from './catalog-db';
import { PULL_RATE_LIMIT_RETRIES, PULL_RETRY_MAX_MS, pullChanges, waitingOnRateLimits, type FetchChanges } from './catalog-pull';

afterEach(() => {
  vi.useRealTimers();
});

const MESSAGE = 'Too many requests. Try again in 20 seconds.';
const limited = (retryAfterMs?: number) => new ApiError(ErrorCode.RATE_LIMITED, MESSAGE, retryAfterMs === undefined ? {} : { retryAfterMs });
const emptyPage = { cursor: 1 } as Awaited<ReturnType<FetchChanges>>;

describe('catalog pull, rate limited', () => {
  it("waits the server's Retry-After (not less) and asks for the same page again", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const asked: Array<[number, string | undefined]> = [];
    let refusals = 1;
    const fetch = waitingOnRateLimits(async (cursor, catalog) => {
      asked.push([cursor, catalog]);
      if (refusals-- > 0) throw limited(20_000);
      return emptyPage;
    });
    let page: unknown;
    void fetch(7, 'cat-1').then((p) => (page = p));
    await vi.advanceTimersByTimeAsync(19_900);
    expect(asked).toEqual([[7, 'cat-1']]);
    expect(page).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(asked).toEqual([[7, 'cat-1'], [7, 'cat-1']]);
    expect(page).toBe(emptyPage);
  });

  it('gives up after a few refusals, at once on a wait too long or another error, with the server message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let calls = 0;
    const always = (err: ApiError) => waitingOnRateLimits(async () => {
      calls++;
      throw err;
    });
    const failed = always(limited()).call(null, 0, undefined).catch((e: unknown) => e); // no Retry-After: a second each
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await failed).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGE });
    expect(calls).toBe(PULL_RATE_LIMIT_RETRIES + 1);

    calls = 0;
    expect(await always(limited(PULL_RETRY_MAX_MS + 1))(0, undefined).catch((e: unknown) => e)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(calls).toBe(1);
    calls = 0;
    expect(await always(new ApiError(ErrorCode.FORBIDDEN, 'No'))(0, undefined).catch((e: unknown) => e)).toMatchObject({ code: 'FORBIDDEN' });
    expect(calls).toBe(1);
  });

  it('a whole pull waits it out and completes', async () => {
    const server = new FakeCatalogServer();
    for (let id = 1; id <= 6; id++) server.putProduct(product(id));
    const db = createCatalogDb(catalogDbName(`pull-429-${Date.now()}`));
    const asked: Array<{ cursor: number; at: number }> = [];
    let refusals = 1;
    const result = await pullChanges(db, {
      fetchChanges: async (cursor) => {
        asked.push({ cursor, at: performance.now() });
        // The second page is refused once, for 80 ms.
        if (cursor > 0 && refusals-- > 0) throw limited(80);
        return server.changes(cursor, 3);
      },
    });
    expect(asked.map((a) => a.cursor)).toEqual([0, asked[1]!.cursor, asked[1]!.cursor]);
    expect(asked[2]!.at - asked[1]!.at).toBeGreaterThanOrEqual(75);
    expect(result.pages).toBe(2);
    expect(await db.products.count()).toBe(6);
    db.close();
  });
});
