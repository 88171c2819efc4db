/**
 * Issue 31's cases of "Why", each as a careful member or owner would try them (owner A with
 * approvals on and blocking rules; member M), against the demo store, on the test project's
 * database (SQLite in `api`, PostgreSQL in `api-pg`):
 * 3. a scheduled order approved when its change was 40% is checked again when it runs, at the
 *    store's prices of then;
 * 4. a member's change to an approved order puts it back to awaiting approval; the end of an order
 *    that ran cannot be removed or postponed by a member; year 9999 is refused;
 * 5. orders awaiting approval do not fill the company's queue; a member has a cap of their own;
 * 7. an order whose end has passed is neither approved nor run.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import { APPROVE_AFTER_END_MESSAGE, END_PASSED_BEFORE_RUN_ERROR, MEMBER_END_CHANGE_MESSAGE } from '@catalog/contracts/price-gate';
import { tooManyOrdersMessage, WORK_ORDER_CAPS } from '@catalog/contracts/work-order-rules';
import { testUser } from '../../testing/test-app';
import { pickItems, storePrice, waitForStatus, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function companyWorld() {
  world = await workOrderWorld();
  const w = world;
  const teammate = async (role: 'admin' | 'member', name: string) => {
    const user = testUser(name);
    const row = await w.db.users.create({ companyId: w.companyId, email: user.email, firebaseUid: user.sub, role, firstName: name });
    return { ...user, id: row.id };
  };
  const admin = await teammate('admin', 'Adam');
  const member = await teammate('member', 'Mia');
  const call = async (who: { headers: Record<string, string> }, method: string, path: string, body?: unknown) => {
    const res = await w.app.request(path, { method, headers: who.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const settings = async (patch: Record<string, unknown>) => {
    const res = await call(w.owner, 'PATCH', '/api/company/settings', patch);
    if (res.status !== 200) throw new Error(`settings ${res.status}`);
  };
  await settings({ ordersNeedApproval: true });
  return { w, admin, member, call, settings };
}

const error = (body: unknown) => ErrorBody.parse(body).error;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('the gate when an order runs (case 3)', () => {
  it('refuses at run an approved order whose change became too large at the store\u2019s prices of then, and writes nothing', async () => {
    const { w, admin, member, call, settings } = await companyWorld();
    await settings({ blockingGuardrails: ['largeChange'], guardrailThresholdPercent: 50 });
    const [item] = pickItems(w.store, { products: 1, variants: 0 }, '40');
    const created = await w.post({ title: 'Plus 40%', productUpdates: [item!], executeImmediately: false, scheduledAt: inMs(1_500) }, member.headers);
    expect(created.body.status).toBe('awaiting_approval');
    expect((await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`)).status).toBe(200);
    // Before it runs, the store's price falls by half: the same target is now a rise of 180%.
    const product = w.store.store.catalog().product(item!.productId)!;
    expect(w.store.store.catalog().updateProduct(item!.productId, { price: product.price / 2 }).ok).toBe(true);
    const before = storePrice(w.store, item!);
    w.scheduler().start();
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^Not run: checked again at the store's prices when it was due\. This order breaks your company's blocking guardrails: Change over 50% \(1 item\)\. Nothing was changed\.$/);
    expect(done.originalPrices).toBeNull();
    expect(storePrice(w.store, item!)).toEqual(before);
    // Its owners and admins hear of it, as of any scheduled run that failed.
    expect(done.needsAttention).toBe(true);
  });

  it('sends a member\u2019s pending order back to approval when the company turned approvals on after it was made', async () => {
    const { w, member, settings } = await companyWorld();
    await settings({ ordersNeedApproval: false });
    const items = pickItems(w.store, { products: 1, variants: 0 });
    const before = storePrice(w.store, items[0]!);
    const created = await w.post({ title: 'Made freely', productUpdates: items, executeImmediately: false, scheduledAt: inMs(1_000) }, member.headers);
    expect(created.body.status).toBe('pending');
    await settings({ ordersNeedApproval: true });
    w.scheduler().start();
    const back = await waitForStatus(w, created.body.id, ['awaiting_approval', 'completed', 'failed']);
    expect(back.status).toBe('awaiting_approval');
    expect(storePrice(w.store, items[0]!)).toEqual(before);
  });
});

describe('an approval is of what was approved (case 4)', () => {
  it('puts an approved order back to awaiting approval when a member changes its end, start or items, and records every change', async () => {
    const { w, admin, member, call } = await companyWorld();
    const items = pickItems(w.store, { products: 2, variants: 0 });
    const start = inMs(3_600_000);
    const created = await w.post({ title: 'Sale', productUpdates: items, executeImmediately: false, scheduledAt: start, revertAt: inMs(31 * 86_400_000) }, member.headers);
    expect((await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`)).status).toBe(200);

    const removed = await call(member, 'PATCH', `/api/work-orders/${created.body.id}`, { revertAt: null });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ status: 'awaiting_approval', approvedBy: null, revertAt: null });
    const stored = (await w.db.workOrders.get(w.companyId, created.body.id))!;
    expect(stored.changeLog).toEqual([expect.objectContaining({ by: member.id, role: 'member', fields: ['revertAt'], approvalCleared: true })]);

    // An admin's change is recorded, and approving it again lets it run.
    const moved = await call(admin, 'PATCH', `/api/work-orders/${created.body.id}`, { scheduledAt: inMs(7_200_000) });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: 'awaiting_approval' });
    expect((await w.db.workOrders.get(w.companyId, created.body.id))!.changeLog).toHaveLength(2);
    // Everyone reads who changed what and when in the order's detail.
    const detail = await call(member, 'GET', `/api/work-orders/${created.body.id}`);
    expect(detail.body.changes).toEqual([
      expect.objectContaining({ by: 'Mia', role: 'member', fields: ['revertAt'], approvalCleared: true, revertAt: { from: expect.any(String), to: null } }),
      expect.objectContaining({ by: 'Adam', role: 'admin', fields: ['scheduledAt'], approvalCleared: false, scheduledAt: { from: start, to: expect.any(String) } }),
    ]);
    expect((await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`)).body).toMatchObject({ status: 'pending' });

    // A member's new items clear the approval too.
    const [other] = pickItems(w.store, { products: 3, variants: 0 }, '5').slice(2);
    const changed = await call(member, 'PATCH', `/api/work-orders/${created.body.id}`, { productUpdates: [other] });
    expect(changed.body).toMatchObject({ status: 'awaiting_approval', approvedBy: null });
    expect((await w.db.workOrders.get(w.companyId, created.body.id))!.productUpdates).toHaveLength(1);
  });

  it('lets a member only bring nearer the end of an order that has run, and refuses year 9999 naming the field', async () => {
    const { w, admin, member, call } = await companyWorld();
    w.scheduler().start();
    const items = pickItems(w.store, { products: 1, variants: 0 });
    const end = inMs(31 * 86_400_000);
    const created = await w.post({ title: 'Running sale', productUpdates: items, executeImmediately: true, revertAt: end }, member.headers);
    await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`);
    await waitForStatus(w, created.body.id, ['completed']);

    const removed = await call(member, 'PATCH', `/api/work-orders/${created.body.id}`, { revertAt: null });
    expect(removed.status).toBe(403);
    expect(error(removed.body)).toMatchObject({ code: 'FORBIDDEN', message: MEMBER_END_CHANGE_MESSAGE });
    expect((await call(member, 'PATCH', `/api/work-orders/${created.body.id}`, { revertAt: inMs(60 * 86_400_000) })).status).toBe(403);
    const nearer = await call(member, 'PATCH', `/api/work-orders/${created.body.id}`, { revertAt: inMs(7 * 86_400_000) });
    expect(nearer.status).toBe(200);
    // An admin may remove it.
    expect((await call(admin, 'PATCH', `/api/work-orders/${created.body.id}`, { revertAt: null })).status).toBe(200);

    for (const [field, body] of [['revertAt', { revertAt: '9999-12-31T00:00:00.000Z' }], ['scheduledAt', { scheduledAt: '9999-12-31T00:00:00.000Z' }]] as const) {
      const far = await call(admin, 'PATCH', `/api/work-orders/${created.body.id}`, body);
      expect(far.status).toBe(400);
      expect(error(far.body).fields).toHaveProperty(field);
    }
    const farCreate = await w.post({ title: 'Far', productUpdates: items, executeImmediately: false, scheduledAt: '9999-01-01T00:00:00.000Z' });
    expect(farCreate.status).toBe(400);
    expect(error(farCreate.body).fields).toHaveProperty('scheduledAt');
  });
});

describe('caps a member cannot turn against the company (case 5)', () => {
  it('keeps the company\u2019s queue free of orders awaiting approval, and caps each member\u2019s own', async () => {
    const { w, member } = await companyWorld();
    const items = pickItems(w.store, { products: 1, variants: 0 });
    for (let i = 0; i < WORK_ORDER_CAPS.awaitingApproval; i += 1) {
      const res = await w.post({ title: `Proposal ${i}`, productUpdates: items, executeImmediately: true }, member.headers);
      expect(res.body.status).toBe('awaiting_approval');
    }
    const oneMore = await w.post({ title: 'One more', productUpdates: items, executeImmediately: true }, member.headers);
    expect(oneMore.status).toBe(429);
    expect(error(oneMore.body)).toMatchObject({ code: 'TOO_MANY_ORDERS', message: tooManyOrdersMessage('awaitingApproval') });
    // The owner's own immediate order still gets in.
    expect((await w.post({ title: 'Owner now', productUpdates: items, executeImmediately: true })).status).toBe(201);
  });
});

describe('an order whose end has passed (case 7)', () => {
  it('cannot be approved (409), and does not run if it is due after its end', async () => {
    const { w, admin, member, call, settings } = await companyWorld();
    const items = pickItems(w.store, { products: 1, variants: 0 });
    const before = storePrice(w.store, items[0]!);
    const created = await w.post({ title: 'Short sale', productUpdates: items, executeImmediately: false, scheduledAt: inMs(300), revertAt: inMs(600) }, member.headers);
    await new Promise((r) => setTimeout(r, 700));
    const late = await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`);
    expect(late.status).toBe(409);
    expect(error(late.body).message).toBe(APPROVE_AFTER_END_MESSAGE);

    // An owner's order whose end passed before the scheduler got to it (approvals off: pending).
    await settings({ ordersNeedApproval: false });
    const own = await w.post({ title: 'Missed', productUpdates: items, executeImmediately: false, scheduledAt: inMs(200), revertAt: inMs(400) });
    expect(own.body.status).toBe('pending');
    await new Promise((r) => setTimeout(r, 500));
    w.scheduler().start();
    const done = await waitForStatus(w, own.body.id, ['completed', 'failed', 'undone']);
    expect(done).toMatchObject({ status: 'failed', error: END_PASSED_BEFORE_RUN_ERROR });
    expect(storePrice(w.store, items[0]!)).toEqual(before);
  });
});
