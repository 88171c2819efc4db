/**
 * Recurring sales end to end (issue 36 item 4), against the demo store on the test project's
 * database (SQLite in `api`, PostgreSQL in `api-pg`), under a fake clock that the schedulers and
 * executors of two "processes" read: a weekly sale with an end runs twice, each run its own order
 * with its own price history and end, the second made exactly once; a run refused by the gate
 * stops the series; an approval carries to the next run; deleting a pending run ends the series;
 * a bad rule is a 400 naming its field.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { refusedAtRunError } from '@catalog/contracts/price-gate';
import { REPEAT_MESSAGES, WorkOrder as WireWorkOrder } from '@catalog/contracts/work-orders';
import type { WorkOrder } from '../../db/repositories';
import { testUser } from '../../testing/test-app';
import { expectedAfter, pickItems, silent, storePrice, waitForStatus, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';
import { continueSeries, refusedWhenMadeError } from './series';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

/** The world with a fake clock and two schedulers on it (two processes on one database), started. */
async function clockedWorld() {
  world = await workOrderWorld();
  const w = world;
  let at = Date.now();
  const now = () => new Date(at);
  for (const owner of ['process-a', 'process-b']) w.scheduler({ owner, now, executor: w.executor({ now }) }).start();
  /** The series' runs as stored, by run number. */
  const runs = async (seriesId: string) =>
    (await w.db.workOrders.list(w.companyId, { includeArchived: true })).filter((o) => o.seriesId === seriesId).sort((a, b) => a.seriesRun! - b.seriesRun!);
  const series = async (seriesId: string) => (await w.db.workOrders.series(w.companyId, [seriesId])).get(seriesId)!;
  return { w, runs, series, setClock: (ms: number) => void (at = ms) };
}

async function historyOf(w: WorkOrderWorld, order: WorkOrder) {
  const products = [...new Set(order.productUpdates.map((i) => i.productId))];
  const entries = (await Promise.all(products.map((id) => w.db.priceHistory.listForProduct(w.companyId, id)))).flat();
  return entries.filter((e) => e.workOrderId === order.id).map((e) => e.changeType).sort();
}

describe('a recurring sale', () => {
  it('runs weekly twice under a fake clock, each run its own order with its own history and end, the second made once by two schedulers', async () => {
    const { w, runs, series, setClock } = await clockedWorld();
    const items = pickItems(w.store, { products: 2, variants: 2 });
    const before = items.map((i) => storePrice(w.store, i));
    const after = items.map((item, i) => expectedAfter(before[i]!, item));
    const start = Math.floor((Date.now() + 60_000) / 1000) * 1000;
    const rule = { every: 'week' as const, until: new Date(start + WEEK).toISOString() };
    const created = await w.post({
      title: 'Weekend sale', productUpdates: items, executeImmediately: false, scheduledAt: new Date(start).toISOString(),
      revertAt: new Date(start + HOUR).toISOString(), repeat: rule,
    });
    expect(created.status).toBe(201);
    const first = WireWorkOrder.parse(created.body);
    expect(first).toMatchObject({ status: 'pending', repeat: rule, series: { run: 1, endedReason: null } });
    const seriesId = first.series!.id;

    // Run 1 starts: it makes run 2, a week later with the same length, once however many schedulers look.
    setClock(start + 1_000);
    const run1 = await waitForStatus(w, first.id, ['completed', 'failed']);
    expect(run1.status).toBe('completed');
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(after[i]));
    const [, run2] = await runs(seriesId);
    expect(run2).toMatchObject({
      seriesRun: 2, status: 'pending', title: 'Weekend sale', scheduledAt: new Date(start + WEEK), revertAt: new Date(start + WEEK + HOUR), createdBy: w.user.id,
    });
    // A run resumed after a crash (any process) finds run 2 made and makes no other.
    await continueSeries({ db: w.db, now: () => new Date(start + 2_000), order: run1, owner: 'process-c', signal: new AbortController().signal, log: silent }, []);
    expect((await runs(seriesId)).map((o) => o.seriesRun)).toEqual([1, 2]);

    // Run 1's end puts the prices back.
    setClock(start + HOUR + 1_000);
    expect((await waitForStatus(w, first.id, ['undone'])).undoRequest?.trigger).toBe('end');
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(before[i]));

    // A week later run 2 runs, the series' last: no run 3.
    setClock(start + WEEK + 1_000);
    expect((await waitForStatus(w, run2!.id, ['completed', 'failed'])).status).toBe('completed');
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(after[i]));
    setClock(start + WEEK + HOUR + 1_000);
    await waitForStatus(w, run2!.id, ['undone']);
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(before[i]));
    expect((await runs(seriesId)).map((o) => o.seriesRun)).toEqual([1, 2]);
    expect(await series(seriesId)).toMatchObject({ endReason: 'run 2 was its last' });

    // Each run is its own order in history: its own change and its own undo of every item.
    const done = await runs(seriesId);
    for (const run of done) expect(await historyOf(w, run)).toEqual([...items.map(() => 'undo'), ...items.map(() => 'work_order')]);
    // The list names each run, the rule and the first run's start and end (the calendar plans the runs to come from them).
    const list = (await (await w.app.request('/api/work-orders', { headers: w.owner.headers })).json()) as { orders: WireWorkOrder[] };
    const firstRun = { firstStart: new Date(start).toISOString(), firstEnd: new Date(start + HOUR).toISOString() };
    expect(list.orders.filter((o) => o.series?.id === seriesId).map((o) => ({ run: o.series!.run, repeat: o.repeat, ended: o.series!.endedReason, first: { firstStart: o.series!.firstStart, firstEnd: o.series!.firstEnd } })))
      .toEqual([{ run: 2, repeat: rule, ended: 'run 2 was its last', first: firstRun }, { run: 1, repeat: rule, ended: 'run 2 was its last', first: firstRun }]);
  });

  it('stops when a run is refused by a blocking guardrail at its run; the run says why', async () => {
    const { w, runs, series, setClock } = await clockedWorld();
    const settings = await w.app.request('/api/company/settings', {
      method: 'PATCH', headers: w.owner.headers, body: JSON.stringify({ blockingGuardrails: ['largeChange'], guardrailThresholdPercent: 50 }),
    });
    expect(settings.status).toBe(200);
    const [item] = pickItems(w.store, { products: 1, variants: 0 }, '40');
    const start = Math.floor((Date.now() + 60_000) / 1000) * 1000;
    const created = await w.post({
      title: 'Plus 40% weekly', productUpdates: [item!], executeImmediately: false, scheduledAt: new Date(start).toISOString(),
      revertAt: new Date(start + HOUR).toISOString(), repeat: { every: 'week', until: new Date(start + 3 * WEEK).toISOString() },
    });
    const seriesId = created.body.series!.id;
    setClock(start + 1_000);
    await waitForStatus(w, created.body.id, ['completed']);
    setClock(start + HOUR + 1_000);
    await waitForStatus(w, created.body.id, ['undone']);

    // Before run 2, the store's price falls by half: its target is now a rise of 180%.
    const product = w.store.store.catalog().product(item!.productId)!;
    expect(w.store.store.catalog().updateProduct(item!.productId, { price: product.price / 2 }).ok).toBe(true);
    const before = storePrice(w.store, item!);
    setClock(start + WEEK + 1_000);
    const [, run2] = await runs(seriesId);
    const refused = await waitForStatus(w, run2!.id, ['completed', 'failed']);
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe(refusedAtRunError("This order breaks your company's blocking guardrails: Change over 50% (1 item)."));
    expect(storePrice(w.store, item!)).toEqual(before);
    // No run 3, and the series says why it ended.
    expect((await runs(seriesId)).map((o) => o.seriesRun)).toEqual([1, 2]);
    expect(await series(seriesId)).toMatchObject({ endReason: 'run 2 did not run' });
  });

  it('records a next run the gate refuses as it is made, failed with why, and ends the series', async () => {
    const { w, runs, series } = await clockedWorld();
    const settings = await w.app.request('/api/company/settings', {
      method: 'PATCH', headers: w.owner.headers, body: JSON.stringify({ blockingGuardrails: ['largeChange'], guardrailThresholdPercent: 50 }),
    });
    expect(settings.status).toBe(200);
    const [item] = pickItems(w.store, { products: 1, variants: 0 }, '40');
    const start = Date.now() + 60 * 60_000;
    const created = await w.post({
      title: 'Plus 40%', productUpdates: [item!], executeImmediately: false, scheduledAt: new Date(start).toISOString(),
      repeat: { dates: [new Date(start + WEEK).toISOString()] },
    });
    const run1 = (await w.db.workOrders.get(w.companyId, created.body.id))!;
    const stored = run1.productUpdates[0]!;
    // The store's prices the run read show the item at half its price: the rise is 180%.
    const cents = Math.round(w.store.store.catalog().product(item!.productId)!.price * 50);
    const storePrices = [{
      productId: stored.productId, variantId: null, externalProductId: stored.externalProductId!, externalVariantId: null, regularPriceCents: cents, salePriceCents: null,
    }];
    await continueSeries({ db: w.db, now: () => new Date(start + 1_000), order: run1, owner: 'test', signal: new AbortController().signal, log: silent }, storePrices);
    const [, run2] = await runs(created.body.series!.id);
    expect(run2).toMatchObject({ status: 'failed', needsAttention: true, scheduledAt: new Date(start + WEEK), originalPrices: null });
    expect(run2!.error).toBe(refusedWhenMadeError("This order breaks your company's blocking guardrails: Change over 50% (1 item)."));
    expect((await series(created.body.series!.id)).endReason).toMatch(/^run 2 was refused: This order breaks/);
  });

  it('carries an approval to the next run; a member\u2019s edit sends that run back to approval, and deleting it ends the series', async () => {
    const { w, runs, series, setClock } = await clockedWorld();
    const teammate = async (role: 'admin' | 'member', name: string) => {
      const user = testUser(name);
      const row = await w.db.users.create({ companyId: w.companyId, email: user.email, firebaseUid: user.sub, role, firstName: name });
      return { ...user, id: row.id };
    };
    const admin = await teammate('admin', 'Adam');
    const member = await teammate('member', 'Mia');
    const call = async (who: { headers: Record<string, string> }, method: string, path: string, body?: unknown) => {
      const res = await w.app.request(path, { method, headers: who.headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as WireWorkOrder };
    };
    await call(w.owner, 'PATCH', '/api/company/settings', { ordersNeedApproval: true });
    const items = pickItems(w.store, { products: 2, variants: 0 });
    const start = Math.floor((Date.now() + 60_000) / 1000) * 1000;
    const created = await w.post({
      title: 'Member monthly', productUpdates: items, executeImmediately: false, scheduledAt: new Date(start).toISOString(),
      repeat: { every: 'month', until: new Date(start + 100 * 24 * HOUR).toISOString() },
    }, member.headers);
    expect(created.body).toMatchObject({ status: 'awaiting_approval', series: { run: 1 } });
    expect((await call(admin, 'POST', `/api/work-orders/${created.body.id}/approve`)).status).toBe(200);
    setClock(start + 1_000);
    await waitForStatus(w, created.body.id, ['completed']);
    const seriesId = created.body.series!.id;
    const [, run2] = await runs(seriesId);
    expect(run2).toMatchObject({ status: 'pending', approvedBy: admin.id, createdBy: member.id });

    const edited = await call(member, 'PATCH', `/api/work-orders/${run2!.id}`, { productUpdates: [items[0]] });
    expect(edited.body).toMatchObject({ status: 'awaiting_approval', approvedBy: null, series: { id: seriesId, run: 2 } });
    expect((await call(member, 'DELETE', `/api/work-orders/${run2!.id}`)).status).toBe(200);
    expect(await series(seriesId)).toMatchObject({ endReason: 'run 2 was deleted before it ran' });
    const detail = await call(member, 'GET', `/api/work-orders/${created.body.id}`);
    expect(detail.body.series).toEqual({ id: seriesId, run: 1, endedReason: 'run 2 was deleted before it ran', firstStart: new Date(start).toISOString(), firstEnd: null });
    // Nothing more is made, however long the clock runs.
    setClock(start + 40 * 24 * HOUR);
    await new Promise((r) => setTimeout(r, 600));
    expect((await runs(seriesId)).map((o) => o.seriesRun)).toEqual([1]);
  });

  it('refuses a bad rule with 400 naming its field, storing nothing', async () => {
    world = await workOrderWorld();
    const w = world;
    const items = pickItems(w.store, { products: 1, variants: 0 });
    const start = Date.now() + HOUR;
    const base = { title: 'Sale', productUpdates: items, executeImmediately: false, scheduledAt: new Date(start).toISOString() };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ repeat: { every: 'week' } }, 'repeat.until', REPEAT_MESSAGES.until],
      [{ repeat: { every: 'week', until: new Date(start + WEEK).toISOString() }, executeImmediately: true, scheduledAt: null }, 'repeat', REPEAT_MESSAGES.immediate],
      [{ repeat: { dates: [new Date(start + 2 * WEEK).toISOString(), new Date(start + WEEK).toISOString()] } }, 'repeat.dates.1', REPEAT_MESSAGES.dateOrder],
      [{ repeat: { every: 'week', until: new Date(start + WEEK).toISOString() }, revertAt: new Date(start + WEEK + 1).toISOString() }, 'revertAt', REPEAT_MESSAGES.endBeforeNext],
    ];
    for (const [over, field, message] of cases) {
      const res = await w.post({ ...base, ...over } as Parameters<typeof w.post>[0]);
      expect(res.status, field).toBe(400);
      expect((res.body as unknown as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(message);
    }
    expect(await w.db.workOrders.list(w.companyId)).toEqual([]);
  });
});
