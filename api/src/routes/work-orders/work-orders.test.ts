/**
 * /api/work-orders without a store: the spec's validation messages, references to the caller's
 * catalog, idempotent creation, the list, and which actions each status allows (exactly those
 * contracts' workOrderActions offers; 409 otherwise, 404 for another company's order). Execution is covered in services/work-orders.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { MONEY_MESSAGE } from '@catalog/contracts/money';
import { workOrderActions, type WorkOrderAction } from '@catalog/contracts/work-order-rules';
import {
  WORK_ORDER_MESSAGES, WorkOrder, WorkOrderListResponse, WorkOrderStatus as WireStatus, type CreateWorkOrderInput,
} from '@catalog/contracts/work-orders';
import type { WorkOrderStatus } from '../../db/repositories';
import { testApp, testUser } from '../../testing/test-app';
import { LATER, LATER_END } from '../../testing/times';

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
  ]);
  const request = (method: string, url: string, body?: unknown, headers = owner.headers) =>
    t.app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const create = async (body: Partial<CreateWorkOrderInput>, headers = owner.headers) => request('POST', '/api/work-orders', body, headers);
  const setStatus = (id: string, status: WorkOrderStatus, extra: { archived?: boolean; executedAt?: Date } = {}) =>
    t.db.workOrders.update(companyId, id, { status, ...extra });
  return { ...t, owner, companyId, request, create, setStatus };
}

const valid = (extra: Partial<CreateWorkOrderInput> = {}): CreateWorkOrderInput => ({
  title: 'Spring sale',
  productUpdates: [
    { productId: 101, productName: 'Trail Runner', variantId: 9001, newRegularPrice: '55', newSalePrice: '49.9' },
    { productId: 101, productName: 'Trail Runner', variantId: 9002, newSalePrice: null },
    { productId: 102, productName: 'Sun Hat', newRegularPrice: '21.50' },
  ],
  scheduledAt: null,
  executeImmediately: true,
  ...extra,
});

async function errorOf(res: Response) {
  return { status: res.status, ...ErrorBody.parse(await res.json()).error };
}

describe('POST /api/work-orders', () => {
  it('creates an order keeping every variant change, with prices normalised and the counts the card shows', async () => {
    const t = await setup();
    const res = await t.create(valid());
    expect(res.status).toBe(201);
    const order = WorkOrder.parse(await res.json());
    expect(order).toMatchObject({ title: 'Spring sale', status: 'pending', archived: false, productCount: 2, regularPriceUpdates: 2, salePriceUpdates: 2 });
    expect(order.productUpdates).toEqual([
      { productId: 101, productName: 'Trail Runner', variantId: 9001, variantSku: 'TR-S', newRegularPrice: '55.00', newSalePrice: '49.90' },
      { productId: 101, productName: 'Trail Runner', variantId: 9002, variantSku: 'TR-M', newSalePrice: null },
      { productId: 102, productName: 'Sun Hat', variantId: null, variantSku: null, newRegularPrice: '21.50' },
    ]);
    const stored = (await t.db.workOrders.get(t.companyId, order.id))!;
    expect(stored.productUpdates.map((i) => [i.newRegularPriceCents, i.newSalePriceCents])).toEqual([[5_500, 4_990], [undefined, null], [2_150, undefined]]);
    expect(stored.createdBy).toBe((await t.db.users.getByFirebaseUid(t.owner.sub))!.id);
  });

  it.each([
    ['no title', { title: '  ' }, WORK_ORDER_MESSAGES.title],
    ['no products', { productUpdates: [] }, WORK_ORDER_MESSAGES.noProducts],
    ['an item without prices', { productUpdates: [{ productId: 102, productName: 'Sun Hat' }] }, WORK_ORDER_MESSAGES.noPrices],
    ['a schedule without date and time', { executeImmediately: false, scheduledAt: null }, WORK_ORDER_MESSAGES.schedule],
    ['a price that is not one', { productUpdates: [{ productId: 102, productName: 'Sun Hat', newRegularPrice: '-3' }] }, MONEY_MESSAGE],
    ['a product listed twice', { productUpdates: [
      { productId: 102, productName: 'Sun Hat', newRegularPrice: '1' }, { productId: 102, productName: 'Sun Hat', newRegularPrice: '2' },
    ] }, WORK_ORDER_MESSAGES.duplicate],
  ])('rejects %s with the spec message', async (_name, patch, message) => {
    const t = await setup();
    const err = await errorOf(await t.create(valid(patch as Partial<CreateWorkOrderInput>)));
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION', message });
    expect(await t.db.workOrders.list(t.companyId)).toEqual([]);
  });

  it('answers 404 for a product outside the catalog and 400 for a variant of another product', async () => {
    const t = await setup();
    const unknown = await errorOf(await t.create(valid({ productUpdates: [{ productId: 555, productName: 'Ghost', newRegularPrice: '1' }] })));
    expect(unknown).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Product 555 was not found in your catalog. Sync the store and try again.' });
    expect(unknown.fields).toEqual({ 'productUpdates.0.productId': 'Product 555 was not found in your catalog' });
    const stray = await errorOf(await t.create(valid({ productUpdates: [{ productId: 102, productName: 'Sun Hat', variantId: 9001, newRegularPrice: '1' }] })));
    expect(stray).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Variant 9001 is not a variant of product 102 (Sun Hat)' });
    // Another company's catalog is not the caller's.
    const other = testUser('Other');
    expect((await t.create(valid(), other.headers)).status).toBe(404);
  });

  it('treats the client id as an idempotency key: a replay returns the same order with 200', async () => {
    const t = await setup();
    const id = crypto.randomUUID();
    const first = await t.create(valid({ id }));
    const again = await t.create(valid({ id, title: 'Spring sale (retry)' }));
    expect([first.status, again.status]).toEqual([201, 200]);
    const [a, b] = [WorkOrder.parse(await first.json()), WorkOrder.parse(await again.json())];
    expect(b).toEqual(a);
    // The list names it by the client's id too, so a device can match its queued entry.
    expect(a.clientId).toBe(id);
    const both = await Promise.all([t.create(valid({ id: crypto.randomUUID() })), t.create(valid({ id }))]);
    expect(both.map((r) => r.status)).toEqual([201, 200]);
    expect(await t.db.workOrders.list(t.companyId)).toHaveLength(2);
  });

  it('stores a scheduled order with its time and an immediate one without', async () => {
    const t = await setup();
    const at = LATER;
    const scheduled = WorkOrder.parse(await (await t.create(valid({ executeImmediately: false, scheduledAt: at }))).json());
    expect(scheduled).toMatchObject({ executeImmediately: false, scheduledAt: at });
    const now = WorkOrder.parse(await (await t.create(valid({ scheduledAt: at }))).json());
    expect(now).toMatchObject({ executeImmediately: true, scheduledAt: null });
  });
});

describe('GET /api/work-orders', () => {
  it('lists newest first and shows archived orders only when asked', async () => {
    const t = await setup();
    const ids: string[] = [];
    for (const title of ['First', 'Second', 'Third']) ids.push(WorkOrder.parse(await (await t.create(valid({ title }))).json()).id);
    await t.setStatus(ids[0]!, 'failed');
    await t.db.workOrders.update(t.companyId, ids[0]!, { error: 'Could not update 1 of 3 items' });
    expect((await t.request('PATCH', `/api/work-orders/${ids[1]}/archive`)).status).toBe(200);
    const list = WorkOrderListResponse.parse(await (await t.request('GET', '/api/work-orders')).json()).orders;
    expect(list.map((o) => o.title)).toEqual(['Third', 'First']);
    expect(list[1]).toMatchObject({ status: 'failed', error: 'Could not update 1 of 3 items' });
    const all = WorkOrderListResponse.parse(await (await t.request('GET', '/api/work-orders?includeArchived=true')).json()).orders;
    expect(all.map((o) => [o.title, o.archived])).toEqual([['Third', false], ['Second', true], ['First', false]]);
    expect(await (await t.request('GET', '/api/work-orders', undefined, testUser('Other').headers)).json()).toEqual({ orders: [], nextCursor: null });
  });
});

describe('delete, archive and undo', () => {
  async function orderIn(t: Awaited<ReturnType<typeof setup>>, status: WorkOrderStatus, extra: { archived?: boolean; executedAt?: Date } = {}) {
    const { id } = WorkOrder.parse(await (await t.create(valid({ executeImmediately: false, scheduledAt: LATER }))).json());
    await t.setStatus(id, status, extra);
    return id;
  }

  it('deletes only pending orders', async () => {
    const t = await setup();
    const pending = await orderIn(t, 'pending');
    expect((await t.request('DELETE', `/api/work-orders/${pending}`)).status).toBe(200);
    expect(await t.db.workOrders.get(t.companyId, pending)).toBeNull();
    for (const status of ['executing', 'completed', 'failed', 'undone'] as const) {
      const err = await errorOf(await t.request('DELETE', `/api/work-orders/${await orderIn(t, status)}`));
      expect(err).toMatchObject({ status: 409, code: 'CONFLICT', message: `Only pending work orders can be deleted (this one is ${status})` });
    }
  });

  it('archives any unarchived order that is not executing', async () => {
    const t = await setup();
    for (const status of ['pending', 'completed', 'failed', 'undone'] as const) {
      const res = await t.request('PATCH', `/api/work-orders/${await orderIn(t, status)}/archive`);
      expect(res.status).toBe(200);
      expect(WorkOrder.parse(await res.json()).archived).toBe(true);
    }
    expect(await errorOf(await t.request('PATCH', `/api/work-orders/${await orderIn(t, 'executing')}/archive`)))
      .toMatchObject({ status: 409, message: 'A work order cannot be archived while it is executing' });
    expect(await errorOf(await t.request('PATCH', `/api/work-orders/${await orderIn(t, 'completed', { archived: true })}/archive`)))
      .toMatchObject({ status: 409, message: 'This work order is already archived' });
  });

  it('undoes only completed, unarchived orders, marking them for the scheduler', async () => {
    const t = await setup();
    const completed = await orderIn(t, 'completed', { executedAt: new Date() });
    const res = await t.request('POST', `/api/work-orders/${completed}/undo`);
    expect(res.status).toBe(202);
    expect(WorkOrder.parse(await res.json()).status).toBe('executing');
    const marked = (await t.db.workOrders.get(t.companyId, completed))!;
    expect(marked.leaseExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await t.db.workOrders.due(new Date(), 10)).map((o) => o.id)).toContain(completed);
    expect(await errorOf(await t.request('POST', `/api/work-orders/${completed}/undo`)))
      .toMatchObject({ status: 409, message: 'Only completed work orders can be undone (this one is being undone)' });
    for (const status of ['pending', 'failed', 'undone'] as const) {
      expect(await errorOf(await t.request('POST', `/api/work-orders/${await orderIn(t, status)}/undo`)))
        .toMatchObject({ status: 409, code: 'CONFLICT', message: `Only completed work orders can be undone (this one is ${status})` });
    }
    expect(await errorOf(await t.request('POST', `/api/work-orders/${await orderIn(t, 'completed', { archived: true })}/undo`)))
      .toMatchObject({ status: 409, message: 'Archived work orders cannot be undone' });
  });

  it('accepts exactly the actions workOrderActions offers, for every status archived or not, and refuses the rest with 409', async () => {
    const t = await setup();
    const routes: Record<WorkOrderAction, (id: string) => Response | Promise<Response>> = {
      delete: (id) => t.request('DELETE', `/api/work-orders/${id}`),
      archive: (id) => t.request('PATCH', `/api/work-orders/${id}/archive`),
      undo: (id) => t.request('POST', `/api/work-orders/${id}/undo`),
      editEnd: (id) => t.request('PATCH', `/api/work-orders/${id}`, { revertAt: LATER_END }),
      approve: (id) => t.request('POST', `/api/work-orders/${id}/approve`),
      reject: (id) => t.request('POST', `/api/work-orders/${id}/reject`, { reason: 'Not this week' }),
    };
    const disagreements: string[] = [];
    for (const status of WireStatus.options) {
      for (const archived of [false, true]) {
        const offered = workOrderActions({ status, archived });
        for (const action of Object.keys(routes) as WorkOrderAction[]) {
          const res = await routes[action](await orderIn(t, status, { archived }));
          const accepted = res.status < 300;
          if (!accepted && res.status !== 409) disagreements.push(`${action} ${status} archived=${archived}: ${res.status}`);
          if (accepted !== offered[action]) disagreements.push(`${action} ${status} archived=${archived}: API ${res.status}, screen ${offered[action]}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it("answers 404 for another company's order, an unknown id and a malformed one, changing nothing", async () => {
    const t = await setup();
    const id = await orderIn(t, 'pending');
    const other = testUser('Mallory').headers;
    for (const [method, suffix] of [['DELETE', ''], ['PATCH', '/archive'], ['POST', '/undo']] as const) {
      expect((await t.request(method, `/api/work-orders/${id}${suffix}`, undefined, other)).status).toBe(404);
      expect((await t.request(method, `/api/work-orders/${crypto.randomUUID()}${suffix}`)).status).toBe(404);
      expect((await t.request(method, `/api/work-orders/not-a-uuid${suffix}`)).status).toBe(404);
    }
    expect((await t.db.workOrders.get(t.companyId, id))).toMatchObject({ status: 'pending', archived: false });
  });

  it('requires a signed-in user', async () => {
    const t = await setup();
    expect((await t.app.request('/api/work-orders')).status).toBe(401);
    expect((await t.app.request('/api/work-orders', { method: 'POST', body: JSON.stringify(valid()) })).status).toBe(401);
  });
});
