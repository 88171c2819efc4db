/**
 * Every 429 the API sends carries Retry-After (issue 31): errorJson writes it from the error's
 * `retryAfterMs`, else a minute; the rate limits, the day's cap on manual backups and the cap on
 * waiting work orders all answer through it. Other errors carry none unless they say.
 */
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, ErrorBody, ErrorCode } from '@catalog/contracts/errors';
import { WORK_ORDER_CAPS } from '@catalog/contracts/work-order-rules';
import { testApp, testUser } from '../testing/test-app';
import { DEFAULT_RETRY_AFTER_SECONDS, errorJson, retryAfterSeconds } from './http';

describe('retryAfterSeconds', () => {
  it("is the error's own wait in whole seconds (at least 1), else a minute on a 429, else none", () => {
    expect(retryAfterSeconds(new ApiError(ErrorCode.RATE_LIMITED, 'x', { retryAfterMs: 1_500 }))).toBe(2);
    expect(retryAfterSeconds(new ApiError(ErrorCode.RATE_LIMITED, 'x', { retryAfterMs: 10 }))).toBe(1);
    expect(retryAfterSeconds(new ApiError(ErrorCode.TOO_MANY_ORDERS, 'x'))).toBe(DEFAULT_RETRY_AFTER_SECONDS);
    expect(retryAfterSeconds(new ApiError(ErrorCode.RATE_LIMITED, 'x'))).toBe(DEFAULT_RETRY_AFTER_SECONDS);
    expect(retryAfterSeconds(new ApiError(ErrorCode.NOT_FOUND, 'x'))).toBeUndefined();
    expect(DEFAULT_RETRY_AFTER_SECONDS).toBe(60);
  });

  it('is the header errorJson answers with', async () => {
    const app = new Hono()
      .get('/orders', () => { throw new ApiError(ErrorCode.TOO_MANY_ORDERS, 'Too many orders'); })
      .get('/limited', () => { throw new ApiError(ErrorCode.RATE_LIMITED, 'Slow down', { retryAfterMs: 90_000 }); })
      .get('/missing', () => { throw new ApiError(ErrorCode.NOT_FOUND, 'Nothing here'); })
      .onError((err, c) => errorJson(c, err as ApiError));
    const orders = await app.request('/orders');
    expect([orders.status, orders.headers.get('retry-after')]).toEqual([429, '60']);
    expect(ErrorBody.parse(await orders.json()).error).toEqual({ code: 'TOO_MANY_ORDERS', message: 'Too many orders' });
    const limited = await app.request('/limited');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '90']);
    const missing = await app.request('/missing');
    expect([missing.status, missing.headers.get('retry-after')]).toEqual([404, null]);
  });
});

describe('429 TOO_MANY_ORDERS through the app', () => {
  let close = async () => {};
  afterEach(async () => close());

  it('carries Retry-After: the cap on waiting orders frees as they run', async () => {
    const t = await testApp();
    close = t.close;
    const owner = testUser('Ivy Immediate');
    expect((await t.app.request('/api/auth/user', { headers: owner.headers })).status).toBe(200);
    const { companyId } = (await t.db.users.getByFirebaseUid(owner.sub))!;
    await t.db.products.upsertMany(companyId, [{ externalId: 102, name: 'Sun Hat', regularPriceCents: 1_990 }]);
    const [product] = await t.db.products.getByExternalIds(companyId, [102]);
    const productUpdates = [{ productId: product!.id, productName: 'Sun Hat', externalProductId: 102, newRegularPriceCents: 2_150 }];
    for (let i = 0; i < WORK_ORDER_CAPS.immediate; i++) {
      await t.db.workOrders.create(companyId, { title: `Now ${i}`, productUpdates, executeImmediately: true });
    }
    const res = await t.app.request('/api/work-orders', {
      method: 'POST',
      headers: owner.headers,
      body: JSON.stringify({ title: 'One too many', productUpdates: [{ productId: 102, productName: 'Sun Hat', newRegularPrice: '21.50' }], scheduledAt: null, executeImmediately: true }),
    });
    expect(res.status).toBe(429);
    expect(ErrorBody.parse(await res.json()).error.code).toBe(ErrorCode.TOO_MANY_ORDERS);
    expect(res.headers.get('retry-after')).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
  });
});
