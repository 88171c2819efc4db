/**
 * The per-company caps on waiting work orders (issue 14), on SQLite and PostgreSQL: the 21st
 * immediate order and the 501st scheduled one answer 429 TOO_MANY_ORDERS with the contracts'
 * message and write nothing; a replay of an order that got in still answers 200 with it; other
 * companies are not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, ErrorCode } from '@catalog/contracts/errors';
import { tooManyOrdersMessage, WORK_ORDER_CAPS } from '@catalog/contracts/work-order-rules';
import { WorkOrder, type CreateWorkOrderInput } from '@catalog/contracts/work-orders';
import { dbTargets, testDatabase } from '../../testing/db-targets';
import { fingerprinter } from '../../testing/db-snapshot';
import { testApp, testUser } from '../../testing/test-app';
import { LATER } from '../../testing/times';

const order = (extra: Partial<CreateWorkOrderInput> = {}): CreateWorkOrderInput => ({
  title: 'Spring sale',
  productUpdates: [{ productId: 102, productName: 'Sun Hat', newRegularPrice: '21.50' }],
  scheduledAt: null,
  executeImmediately: true,
  ...extra,
});

describe.each(dbTargets)('work-order caps on $name', () => {
  let drop = async () => {};
  let url: string;
  let t: Awaited<ReturnType<typeof testApp>>;

  beforeAll(async () => {
    ({ url, drop } = await testDatabase({ file: true }));
    t = await testApp({ databaseUrl: url });
  });
  afterAll(async () => {
    await t?.close();
    await drop();
  });

  /** A signed-in owner of a new company with one product in its catalog. */
  async function company(name: string) {
    const owner = testUser(name);
    expect((await t.app.request('/api/auth/user', { headers: owner.headers })).status).toBe(200);
    const { companyId } = (await t.db.users.getByFirebaseUid(owner.sub))!;
    await t.db.products.upsertMany(companyId, [{ externalId: 102, name: 'Sun Hat', regularPriceCents: 1_990 }]);
    const create = (body: CreateWorkOrderInput) =>
      t.app.request('/api/work-orders', { method: 'POST', headers: owner.headers, body: JSON.stringify(body) });
    return { owner, companyId, create };
  }

  it('answers the 21st immediate order with 429 TOO_MANY_ORDERS, writing nothing; a replay is still 200', async () => {
    const c = await company('Ivy Immediate');
    const ids: string[] = [];
    for (let i = 0; i < WORK_ORDER_CAPS.immediate; i++) {
      const id = crypto.randomUUID();
      ids.push(id);
      expect((await c.create(order({ id, title: `Order ${i}` }))).status).toBe(201);
    }
    const tables = fingerprinter(url);
    try {
      const before = await tables.read();
      const res = await c.create(order({ id: crypto.randomUUID(), title: 'One too many' }));
      expect(res.status).toBe(429);
      expect(ErrorBody.parse(await res.json()).error).toEqual({
        code: ErrorCode.TOO_MANY_ORDERS,
        message: 'Your company already has 20 work orders waiting to run. Wait for them to finish, or delete pending ones, then try again.',
      });
      expect(await tables.read()).toEqual(before);
      // The outbox replaying an order that did get in (its answer was lost) gets that order.
      const replay = await c.create(order({ id: ids[3], title: 'Order 3 (retry)' }));
      expect(replay.status).toBe(200);
      expect(WorkOrder.parse(await replay.json())).toMatchObject({ clientId: ids[3], title: 'Order 3' });
      expect(await tables.read()).toEqual(before);
    } finally {
      await tables.close();
    }
    // A scheduled order has its own cap; another company has its own room.
    expect((await c.create(order({ executeImmediately: false, scheduledAt: LATER }))).status).toBe(201);
    expect((await (await company('Otto Other')).create(order())).status).toBe(201);
    // Once one has finished, there is room again.
    const first = (await t.db.workOrders.list(c.companyId)).find((o) => o.executeImmediately);
    await t.db.workOrders.update(c.companyId, first!.id, { status: 'completed' });
    expect((await c.create(order({ title: 'Room again' }))).status).toBe(201);
  });

  it('answers the 501st scheduled order with 429 TOO_MANY_ORDERS and the scheduled cap\'s message', async () => {
    const c = await company('Sam Scheduler');
    const [product] = await t.db.products.getByExternalIds(c.companyId, [102]);
    const productUpdates = [{ productId: product!.id, productName: 'Sun Hat', externalProductId: 102, newRegularPriceCents: 2_150 }];
    for (let i = 0; i < WORK_ORDER_CAPS.scheduled; i++) {
      await t.db.workOrders.create(c.companyId, { title: `Later ${i}`, productUpdates, scheduledAt: new Date(LATER) });
    }
    const res = await c.create(order({ executeImmediately: false, scheduledAt: LATER }));
    expect(res.status).toBe(429);
    expect(ErrorBody.parse(await res.json()).error).toEqual({ code: ErrorCode.TOO_MANY_ORDERS, message: tooManyOrdersMessage('scheduled') });
    expect(await t.db.workOrders.countByStatus(c.companyId)).toMatchObject({ pending: WORK_ORDER_CAPS.scheduled });
    // Immediate orders are counted apart.
    expect((await c.create(order())).status).toBe(201);
  });
});
