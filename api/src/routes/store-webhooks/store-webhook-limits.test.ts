/**
 * The store webhook receiver's limits (issue 31), through the app on SQLite and PostgreSQL: per
 * company the deliveries with its secret, per client address the ones refused for their secret
 * (and then everything from that address, before any read), each over its limit a 429
 * RATE_LIMITED with Retry-After; and a company's queue of products to re-read is bounded, a
 * delivery that would pass the bound refused the same way with nothing recorded.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { ErrorBody } from '@catalog/contracts/errors';
import { STORE_REFRESH_BOUNDS } from '../../db/store-refresh-bounds';
import { readWebhookSecret, WEBHOOK_SECRET_HEADER } from '../../services/store-webhooks/webhook-registration';
import { connectedApp, startDemoStore, type TestStore } from '../../testing/store-fixture';

let store: TestStore;
beforeAll(async () => {
  store = await startDemoStore({ products: 5 });
});
afterAll(async () => store?.close());

type App = Awaited<ReturnType<typeof connectedApp>>;
let current: App | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** As the Node server hands each request its socket (what the per-address limit reads). */
const fromAddress = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 50000, remoteFamily: 'IPv4' } } });

async function receiver(rateLimits: NonNullable<Parameters<typeof connectedApp>[1]>['rateLimits']) {
  current = await connectedApp(store, { storeWebhookUrl: 'http://127.0.0.1:9', rateLimits });
  const t = current;
  const secret = readWebhookSecret(t.secrets, (await t.db.settings.get(t.companyId))!)!;
  const deliver = (productId: number, options: { secret?: string; address?: string; companyId?: string } = {}) =>
    t.app.request(`/api/webhooks/bigcommerce/${options.companyId ?? t.companyId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: options.secret ?? secret },
      body: JSON.stringify({
        scope: 'store/product/updated', store_id: '1000001', producer: `stores/${DEMO_STORE.hash}`,
        data: { type: 'product', id: productId }, hash: 'ab12', created_at: 1_700_000_000,
      }),
    }, fromAddress(options.address ?? '198.51.100.7'));
  return { t, deliver };
}

async function expectLimited(res: Response, retryAfterAtMost: number) {
  expect(res.status).toBe(429);
  expect(ErrorBody.parse(await res.json()).error.code).toBe('RATE_LIMITED');
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(retryAfterAtMost);
}

describe('the store webhook receiver', () => {
  it('limits the deliveries with the secret per company; refused ones do not spend it', async () => {
    const { t, deliver } = await receiver({ webhooks: 3 });
    for (let i = 0; i < 5; i++) expect((await deliver(900 + i, { secret: 'wrong' })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await deliver(100 + i)).status).toBe(200);
    await expectLimited(await deliver(200), 60);
    // From another address too: the limit is the company's.
    await expectLimited(await deliver(201, { address: '203.0.113.9' }), 60);
    expect(await t.db.storeRefreshes.pending(t.companyId, new Date(Date.now() + 60_000), 100)).toEqual([100, 101, 102]);
  });

  it('limits refused deliveries per address, then refuses everything from that address before reading anything', async () => {
    const { t, deliver } = await receiver({ webhookRefusals: 2 });
    for (let i = 0; i < 2; i++) expect((await deliver(1, { secret: 'guess' })).status).toBe(401);
    // Unknown companies count the same as wrong secrets.
    await expectLimited(await deliver(1, { companyId: crypto.randomUUID() }), 60);
    await expectLimited(await deliver(7), 60);
    expect(await t.db.storeRefreshes.pending(t.companyId, new Date(Date.now() + 60_000), 100)).toEqual([]);
    // BigCommerce's other addresses, and the store's deliveries from them, are not affected.
    expect((await deliver(7, { address: '203.0.113.9' })).status).toBe(200);
    expect(await t.db.storeRefreshes.pending(t.companyId, new Date(Date.now() + 60_000), 100)).toEqual([7]);
  });

  it(`refuses a delivery that would queue more than ${STORE_REFRESH_BOUNDS.queued} products, recording nothing; it goes through once some are read`, async () => {
    const { t, deliver } = await receiver({});
    const at = new Date();
    const chunk = 2_000;
    for (let start = 1; start <= STORE_REFRESH_BOUNDS.queued; start += chunk) {
      const ids = Array.from({ length: Math.min(chunk, STORE_REFRESH_BOUNDS.queued - start + 1) }, (_, i) => start + i);
      expect(await t.db.storeRefreshes.receive(t.companyId, { hash: `fill-${start}`, productIds: ids, at })).toBe(true);
    }
    const full = await deliver(500_000);
    await expectLimited(full, 60);
    expect(Number(full.headers.get('retry-after'))).toBe(60);
    // A product already queued is coalesced: it takes no room.
    expect((await deliver(5)).status).toBe(200);
    // Nothing of the refused delivery was kept: once some products are read, the same delivery is new.
    await t.db.storeRefreshes.done(t.companyId, [1, 2], new Date(Date.now() + 1_000));
    expect((await deliver(500_000)).status).toBe(200);
    expect(await t.db.storeRefreshes.pending(t.companyId, new Date(Date.now() + 60_000), STORE_REFRESH_BOUNDS.queued + 1)).toHaveLength(STORE_REFRESH_BOUNDS.queued - 1);
  }, 60_000);
});
