/**
 * POST /api/work-orders/overlap-pairs (the campaign calendar, issue 36): which of the named orders
 * share products or variants with which, from the targets index, on both databases. Orders of
 * different targets (the catalog, a price list in a currency) never share; another company's
 * orders are never found; the work is bounded and says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { MAX_OVERLAP_PAIR_ORDERS, WorkOrderOverlapPairsResponse } from '@catalog/contracts/work-orders';
import type { WorkOrderItem } from '../../db/repositories';
import { testApp, testUser } from '../../testing/test-app';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

/** A stored item of product `productId` (or its variant): the repository takes items as they are. */
const item = (productId: number, variantId: number | null = null): WorkOrderItem => ({
  productId: crypto.randomUUID(), productName: `Product ${productId}`, externalProductId: productId, externalVariantId: variantId,
  newRegularPriceCents: 1_000, newSalePriceCents: null,
});

async function setup() {
  const t = await testApp();
  close = t.close;
  const owner = testUser('Olive Owner');
  await t.app.request('/api/auth/user', { headers: owner.headers });
  const companyId = (await t.db.users.getByFirebaseUid(owner.sub))!.companyId;
  const order = async (title: string, productUpdates: WorkOrderItem[], target: { priceListId: number; currency: string } | null = null) =>
    (await t.db.workOrders.create(companyId, { title, productUpdates, scheduledAt: new Date(Date.now() + 86_400_000), target })).order.id;
  const pairs = async (ids: unknown, headers = owner.headers) => {
    const res = await t.app.request('/api/work-orders/overlap-pairs', { method: 'POST', headers, body: JSON.stringify({ ids }) });
    return { status: res.status, body: await res.json() };
  };
  return { ...t, companyId, order, pairs };
}

const sorted = (p: { a: string; b: string }) => [p.a, p.b].sort().join(',');

describe('POST /api/work-orders/overlap-pairs', () => {
  it('names each pair of the orders that share items, with how many, from the targets index', async () => {
    const t = await setup();
    const spring = await t.order('Spring', [item(101), item(102), item(103, 9001)]);
    const summer = await t.order('Summer', [item(102), item(103, 9001), item(104)]);
    const autumn = await t.order('Autumn', [item(104)]);
    const winter = await t.order('Winter', [item(105)]);
    const { status, body } = await t.pairs([spring, summer, autumn, winter]);
    expect(status).toBe(200);
    const answer = WorkOrderOverlapPairsResponse.parse(body);
    expect(answer.complete).toBe(true);
    expect(answer.pairs.map((p) => [sorted(p), p.shared]).sort()).toEqual([
      [[spring, summer].sort().join(','), 2],
      [[autumn, summer].sort().join(','), 1],
    ].sort());
    // Each pair once, its ids in order.
    for (const p of answer.pairs) expect(p.a < p.b).toBe(true);
    // Only among the orders named.
    expect((await t.pairs([spring, autumn])).body).toEqual({ pairs: [], complete: true });
  });

  it('never pairs orders of different targets: the catalog, each price list and currency', async () => {
    const t = await setup();
    const catalog = await t.order('Catalog', [item(101, 9001)]);
    const wholesaleUsd = await t.order('Wholesale USD', [item(101, 9001)], { priceListId: 7, currency: 'USD' });
    const wholesaleEur = await t.order('Wholesale EUR', [item(101, 9001)], { priceListId: 7, currency: 'EUR' });
    const wholesaleUsd2 = await t.order('Wholesale USD again', [item(101, 9001)], { priceListId: 7, currency: 'USD' });
    const { body } = await t.pairs([catalog, wholesaleUsd, wholesaleEur, wholesaleUsd2]);
    expect(WorkOrderOverlapPairsResponse.parse(body).pairs.map(sorted)).toEqual([[wholesaleUsd, wholesaleUsd2].sort().join(',')]);
  });

  it('finds nothing of another company\u2019s orders', async () => {
    const t = await setup();
    const a = await t.order('A', [item(101)]);
    const b = await t.order('B', [item(101)]);
    const mallory = testUser('Mallory');
    await t.app.request('/api/auth/user', { headers: mallory.headers });
    expect((await t.pairs([a, b], mallory.headers)).body).toEqual({ pairs: [], complete: true });
  });

  it('reads a bounded number of matches and says when it stopped', async () => {
    const t = await setup();
    const many = Array.from({ length: 5 }, (_, i) => item(200 + i));
    const a = await t.order('A', many);
    const b = await t.order('B', many);
    const c = await t.order('C', many);
    expect(await t.db.workOrders.overlapPairs(t.companyId, [a, b, c], 4)).toMatchObject({ complete: false });
    const all = await t.db.workOrders.overlapPairs(t.companyId, [a, b, c], 15);
    expect(all.complete).toBe(true);
    expect(all.pairs.map((p) => p.shared)).toEqual([5, 5, 5]);
  });

  it(`refuses no ids, more than ${MAX_OVERLAP_PAIR_ORDERS}, and anything that is not an order id, with a 400`, async () => {
    const t = await setup();
    const id = crypto.randomUUID();
    for (const ids of [[], Array(MAX_OVERLAP_PAIR_ORDERS + 1).fill(id), ['x'], 'nope', [1]]) {
      const { status, body } = await t.pairs(ids);
      expect(status).toBe(400);
      expect(ErrorBody.parse(body).error.code).toBe('VALIDATION');
    }
    expect((await t.pairs([id])).body).toEqual({ pairs: [], complete: true });
  });
});
