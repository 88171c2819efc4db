/**
 * The reads of /api/work-orders (issue 31): the list in pages of summaries (cursor, limit,
 * includeArchived; stable when orders are added; a bad cursor or limit is a 400 on its field),
 * one order with its items paged (another company's order is a 404), and the overlaps an order
 * being made has with the company's other orders. A page of large orders stays small: the list
 * answered every order with all its items (60 orders of 2,360 items were 18.2 MB).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, PAGING_MESSAGES } from '@catalog/contracts/paging';
import {
  MAX_ITEMS_PAGE_LIMIT, MAX_OVERLAPS_LISTED, MAX_WORK_ORDER_ITEMS, WorkOrder, WorkOrderDetail, WorkOrderListResponse, WorkOrderOverlapsResponse,
  type CreateWorkOrderInput, type WorkOrderSummary,
} from '@catalog/contracts/work-orders';
import type { WorkOrderItem } from '../../db/repositories';
import { testApp, testUser } from '../../testing/test-app';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function setup() {
  const t = await testApp();
  close = t.close;
  const owner = testUser('Olive Owner');
  await t.app.request('/api/auth/user', { headers: owner.headers });
  const companyId = (await t.db.users.getByFirebaseUid(owner.sub))!.companyId;
  await t.db.products.upsertMany(companyId, [
    { externalId: 101, name: 'Trail Runner', regularPriceCents: 5_000, salePriceCents: 4_000, variants: [
      { externalId: 9001, variantSku: 'TR-S', regularPriceCents: null, salePriceCents: null },
      { externalId: 9002, variantSku: 'TR-M', regularPriceCents: 5_500, salePriceCents: null },
    ] },
    { externalId: 102, name: 'Sun Hat', regularPriceCents: 1_990 },
    { externalId: 103, name: 'Wool Socks', regularPriceCents: 990 },
  ]);
  const request = (method: string, url: string, body?: unknown, headers = owner.headers) =>
    t.app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const create = async (body: Partial<CreateWorkOrderInput>) => WorkOrder.parse(await (await request('POST', '/api/work-orders', { ...valid(), ...body })).json());
  const list = async (query = '') => {
    const res = await request('GET', `/api/work-orders${query}`);
    expect(res.status).toBe(200);
    return WorkOrderListResponse.parse(await res.json());
  };
  return { ...t, owner, companyId, request, create, list };
}

/** A time `days` from now (orders are scheduled at most a year ahead). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const valid = (extra: Partial<CreateWorkOrderInput> = {}): CreateWorkOrderInput => ({
  title: 'Spring sale',
  productUpdates: [
    { productId: 101, productName: 'Trail Runner', variantId: 9001, newRegularPrice: '55', newSalePrice: '49.9' },
    { productId: 101, productName: 'Trail Runner', variantId: 9002, newSalePrice: null },
    { productId: 102, productName: 'Sun Hat', newRegularPrice: '21.50', newRetailPrice: '25.00' },
  ],
  scheduledAt: inDays(30),
  executeImmediately: false,
  ...extra,
});

async function errorOf(res: Response) {
  return { status: res.status, ...ErrorBody.parse(await res.json()).error };
}

/** `n` stored items of products 1..n (the catalog is not read: the repository takes them as they are). */
const storedItems = (n: number): WorkOrderItem[] => Array.from({ length: n }, (_, i) => ({
  productId: crypto.randomUUID(), productName: `Generated product number ${i + 1} with a name of some length`,
  externalProductId: i + 1, externalVariantId: null, newRegularPriceCents: 1_000 + i, newSalePriceCents: null,
}));

describe('GET /api/work-orders', () => {
  it('lists summaries newest first: what the card shows, the counts of the full order, no items', async () => {
    const t = await setup();
    const created = await t.create({ title: 'Spring sale' });
    const { orders, nextCursor } = await t.list();
    expect(nextCursor).toBeNull();
    expect(orders).toHaveLength(1);
    const summary = orders[0]!;
    expect(summary).not.toHaveProperty('productUpdates');
    const { productUpdates, revertReport, ...shared } = created;
    expect(productUpdates).toHaveLength(3);
    expect(revertReport).toBeNull();
    expect(summary).toEqual({ ...shared, itemCount: 3, revertReport: null });
    expect(summary).toMatchObject({ productCount: 2, regularPriceUpdates: 2, salePriceUpdates: 2, retailPriceUpdates: 1 });
  });

  it('pages with an opaque cursor: every order once, in order, also when orders are made between pages', async () => {
    const t = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await t.create({ title: `Order ${i}` })).id);
    const newestFirst = [...ids].reverse();
    const first = await t.list('?limit=2');
    expect(first.orders.map((o) => o.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    // Made after the first page was read: newer than all, so it never pushes an order onto the next page.
    const added = await t.create({ title: 'Added meanwhile' });
    const second = await t.list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.orders.map((o) => o.id)).toEqual(newestFirst.slice(2, 4));
    const third = await t.list(`?limit=2&cursor=${second.nextCursor}`);
    expect(third).toEqual({ orders: [expect.objectContaining({ id: newestFirst[4] })], nextCursor: null });
    expect((await t.list('?limit=1')).orders[0]!.id).toBe(added.id);
  });

  it(`takes a limit of 1 to ${MAX_PAGE_LIMIT} (${DEFAULT_PAGE_LIMIT} when absent) and refuses a bad limit or cursor with 400 on its field`, async () => {
    const t = await setup();
    for (let i = 0; i < DEFAULT_PAGE_LIMIT + 1; i++) await t.db.workOrders.create(t.companyId, { title: `Bulk ${i}`, productUpdates: storedItems(1) });
    const page = await t.list();
    expect(page.orders).toHaveLength(DEFAULT_PAGE_LIMIT);
    expect(page.nextCursor).not.toBeNull();
    expect((await t.list(`?limit=${MAX_PAGE_LIMIT}`)).orders).toHaveLength(DEFAULT_PAGE_LIMIT + 1);
    for (const limit of ['0', String(MAX_PAGE_LIMIT + 1), '-1', 'ten', '1e2']) {
      const err = await errorOf(await t.request('GET', `/api/work-orders?limit=${limit}`));
      expect(err, limit).toMatchObject({ status: 400, code: 'VALIDATION' });
      expect(Object.keys(err.fields ?? {}), limit).toEqual(['limit']);
    }
    const notJson = Buffer.from('not json').toString('base64url');
    const otherKey = Buffer.from(JSON.stringify(['x', 1])).toString('base64url');
    for (const cursor of ['%21%21', notJson, otherKey, 'a'.repeat(500)]) {
      const err = await errorOf(await t.request('GET', `/api/work-orders?cursor=${cursor}`));
      expect(err, cursor).toMatchObject({ status: 400, code: 'VALIDATION', fields: { cursor: PAGING_MESSAGES.cursor } });
    }
  });

  it('shows archived orders only when asked, in the same pages', async () => {
    const t = await setup();
    const [a, b, c] = [await t.create({ title: 'A' }), await t.create({ title: 'B' }), await t.create({ title: 'C' })];
    expect((await t.request('PATCH', `/api/work-orders/${b.id}/archive`)).status).toBe(200);
    expect((await t.list()).orders.map((o) => o.title)).toEqual(['C', 'A']);
    const first = await t.list('?includeArchived=true&limit=2');
    expect(first.orders.map((o) => [o.title, o.archived])).toEqual([['C', false], ['B', true]]);
    const rest = await t.list(`?includeArchived=true&limit=2&cursor=${first.nextCursor}`);
    expect(rest.orders.map((o) => o.id)).toEqual([a.id]);
    expect(c.id).toBe(first.orders[0]!.id);
  });

  it("never lists another company's orders, whatever the cursor", async () => {
    const t = await setup();
    const mine = await t.create({});
    const other = testUser('Mallory').headers;
    const theirs = WorkOrderListResponse.parse(await (await t.request('GET', '/api/work-orders', undefined, other)).json());
    expect(theirs).toEqual({ orders: [], nextCursor: null });
    const cursor = Buffer.from(JSON.stringify([Date.now() + 60_000, mine.id])).toString('base64url');
    expect(await (await t.request('GET', `/api/work-orders?cursor=${cursor}`, undefined, other)).json()).toEqual({ orders: [], nextCursor: null });
  });

  it('keeps a page of large orders small: 10 orders of 2,360 items list in a few KB, not their megabytes of items', async () => {
    const t = await setup();
    const items = storedItems(2_360);
    for (let i = 0; i < 10; i++) await t.db.workOrders.create(t.companyId, { title: `Big ${i}`, productUpdates: items });
    const res = await t.request('GET', '/api/work-orders?limit=100');
    const text = await res.text();
    const { orders } = WorkOrderListResponse.parse(JSON.parse(text));
    expect(orders).toHaveLength(10);
    expect(orders.every((o: WorkOrderSummary) => o.itemCount === 2_360 && o.productCount === 2_360 && o.regularPriceUpdates === 2_360)).toBe(true);
    // About 1 KB an order; the items alone were some 300 KB an order.
    expect(text.length).toBeLessThan(10 * 2_048);
  });
});

describe('GET /api/work-orders/:id', () => {
  it('answers the summary with a page of the items, the next page by its cursor, up to the last', async () => {
    const t = await setup();
    const created = await t.create({});
    const res = await t.request('GET', `/api/work-orders/${created.id}?itemsLimit=2`);
    expect(res.status).toBe(200);
    const first = WorkOrderDetail.parse(await res.json());
    expect(first).toMatchObject({ id: created.id, itemCount: 3, productUpdates: created.productUpdates.slice(0, 2) });
    expect(first.itemsNextCursor).not.toBeNull();
    const rest = WorkOrderDetail.parse(await (await t.request('GET', `/api/work-orders/${created.id}?itemsLimit=2&itemsCursor=${first.itemsNextCursor}`)).json());
    expect(rest.productUpdates).toEqual(created.productUpdates.slice(2));
    expect(rest.itemsNextCursor).toBeNull();
    const { productUpdates: _items, itemsNextCursor: _next, changes, ...summary } = rest;
    expect(changes).toEqual([]);
    expect(summary).toEqual((await t.list()).orders[0]);
  });

  it(`pages a large order's items ${MAX_ITEMS_PAGE_LIMIT} at most at a time, every item once and in order`, async () => {
    const t = await setup();
    const { order } = await t.db.workOrders.create(t.companyId, { title: 'Big', productUpdates: storedItems(1_203) });
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?itemsLimit=${MAX_ITEMS_PAGE_LIMIT}${cursor ? `&itemsCursor=${cursor}` : ''}`;
      const page = WorkOrderDetail.parse(await (await t.request('GET', `/api/work-orders/${order.id}${query}`)).json());
      expect(page.productUpdates.length).toBeLessThanOrEqual(MAX_ITEMS_PAGE_LIMIT);
      seen.push(...page.productUpdates.map((i) => i.productId));
      cursor = page.itemsNextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 1_203 }, (_, i) => i + 1));
    expect(await errorOf(await t.request('GET', `/api/work-orders/${order.id}?itemsLimit=${MAX_ITEMS_PAGE_LIMIT + 1}`)))
      .toMatchObject({ status: 400, fields: { itemsLimit: expect.any(String) } });
    expect(await errorOf(await t.request('GET', `/api/work-orders/${order.id}?itemsCursor=nope`)))
      .toMatchObject({ status: 400, fields: { itemsCursor: PAGING_MESSAGES.cursor } });
  });

  it("answers 404 for another company's order, an unknown id and a malformed one", async () => {
    const t = await setup();
    const created = await t.create({});
    const other = testUser('Mallory').headers;
    expect(await errorOf(await t.request('GET', `/api/work-orders/${created.id}`, undefined, other))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await t.request('GET', `/api/work-orders/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await t.request('GET', '/api/work-orders/not-a-uuid')).status).toBe(404);
  });

  it("has the undo's whole report, where the list has only its counts", async () => {
    const t = await setup();
    const created = await t.create({});
    const report = {
      restored: 2, kept: 1, unchanged: 0, forced: false,
      items: [{ productId: 102, variantId: null, productName: 'Sun Hat', variantSku: null, outcome: 'kept' as const,
        original: { regularPrice: '19.90', salePrice: null }, applied: { regularPrice: '21.50' }, current: { regularPrice: '30.00', salePrice: null }, changedBy: null }],
    };
    await t.db.workOrders.update(t.companyId, created.id, { status: 'undone', undoneAt: new Date(), revertReport: report, undoRequest: { trigger: 'end', force: false, by: null } });
    const [listed] = (await t.list()).orders;
    expect(listed).toMatchObject({ status: 'undone', undoTrigger: 'end', revertReport: { restored: 2, kept: 1, unchanged: 0, forced: false } });
    expect(listed!.revertReport).not.toHaveProperty('items');
    const detail = WorkOrderDetail.parse(await (await t.request('GET', `/api/work-orders/${created.id}`)).json());
    expect(detail.revertReport).toEqual(report);
  });
});

describe('POST /api/work-orders/overlaps', () => {
  const overlaps = async (t: Awaited<ReturnType<typeof setup>>, items: unknown, headers = t.owner.headers) => {
    const res = await t.request('POST', '/api/work-orders/overlaps', { items }, headers);
    expect(res.status).toBe(200);
    return WorkOrderOverlapsResponse.parse(await res.json());
  };

  it('names the pending orders and those still to revert that share items with it, oldest first, with the shared targets', async () => {
    const t = await setup();
    const later = await t.create({ title: 'Later', scheduledAt: inDays(60) });
    const sooner = await t.create({ title: 'Sooner', scheduledAt: inDays(30), productUpdates: [{ productId: 102, productName: 'Sun Hat', newRegularPrice: '20' }] });
    const archived = await t.create({ title: 'Archived' });
    await t.request('PATCH', `/api/work-orders/${archived.id}/archive`);
    const done = await t.create({ title: 'Done' });
    await t.db.workOrders.update(t.companyId, done.id, { status: 'completed', executedAt: new Date() });
    const ending = await t.create({ title: 'Ends later' });
    await t.db.workOrders.update(t.companyId, ending.id, { status: 'completed', scheduledAt: null, executedAt: new Date(), revertAt: new Date(Date.now() + 86_400_000) });

    const found = await overlaps(t, [{ productId: 102 }, { productId: 101, variantId: 9002 }, { productId: 103 }]);
    expect(found).toMatchObject({ more: 0, complete: true });
    // How many items each shares; each shared item named once, under the first order (as they run) that has it.
    expect(found.overlaps.map((o) => [o.order.title, o.shared, o.targets])).toEqual([
      ['Ends later', 2, ['p102', 'v9002']], ['Sooner', 1, []], ['Later', 2, []],
    ]);
    expect(found.overlaps[0]!.order).not.toHaveProperty('productUpdates');
    expect(found.overlaps.map((o) => o.order.id)).toEqual([ending.id, sooner.id, later.id]);
    expect(await overlaps(t, [{ productId: 103 }])).toEqual({ overlaps: [], more: 0, complete: true });
    // Another company's orders are never among them.
    expect(await overlaps(t, [{ productId: 102 }], testUser('Mallory').headers)).toEqual({ overlaps: [], more: 0, complete: true });
  });

  it(`lists the oldest ${MAX_OVERLAPS_LISTED} overlapping orders and counts the rest`, async () => {
    const t = await setup();
    for (let i = 0; i < MAX_OVERLAPS_LISTED + 2; i++) {
      await t.create({ title: `Order ${i}`, scheduledAt: inDays(1 + i) });
    }
    const found = await overlaps(t, [{ productId: 102 }]);
    expect(found.overlaps).toHaveLength(MAX_OVERLAPS_LISTED);
    expect(found.overlaps[0]!.order.title).toBe('Order 0');
    expect(found.more).toBe(2);
  });

  it(`refuses no items, more than ${MAX_WORK_ORDER_ITEMS.toLocaleString('en-US')}, and anything that is not a product or variant id`, async () => {
    const t = await setup();
    for (const items of [[], Array.from({ length: MAX_WORK_ORDER_ITEMS + 1 }, (_, i) => ({ productId: i + 1 })), [{ productId: 'x' }], [{ productId: 1, price: '2' }]]) {
      const err = await errorOf(await t.request('POST', '/api/work-orders/overlaps', { items }));
      expect(err).toMatchObject({ status: 400, code: 'VALIDATION' });
    }
  });
});
