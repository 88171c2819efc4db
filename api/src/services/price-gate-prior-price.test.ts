/**
 * The EU prior price guardrail at the price gate (issue 36, decision 048), against the demo store,
 * on the test project's database (SQLite in `api`, PostgreSQL in `api-pg`): a product whose price
 * rose a week ago is put on sale with that new price as its "was" price. With the EU mode on and
 * the rule blocking, every path that can put the sale in the store refuses it (422 GUARDRAIL, or
 * a failed run that wrote nothing): a new order, an approval, the run, a manual edit, a restore;
 * for the catalog and for a price list. Within the rule (the regular price at the low), with the
 * mode off, at a moment the rise is out of the window, or with a window the store was not
 * followed for, it is not refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { ErrorBody } from '@catalog/contracts/errors';
import { formatCents } from '@catalog/contracts/money';
import { testUser } from '../testing/test-app';
import { storePrice, waitForStatus, workOrderWorld, type Item } from '../testing/work-order-world';

const DAY = 86_400_000;
const WHOLESALE = 1;
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A world whose company was followed for 90 days (unless `followed` is false), with a product without options that rose by 10.00 a week ago. */
async function priorPriceWorld(followed = true) {
  const w = await workOrderWorld();
  if (followed) {
    await w.db.lowestPrice.closeCoverage(w.companyId, new Date());
    await w.db.lowestPrice.openCoverage(w.companyId, new Date(Date.now() - 90 * DAY));
  }
  const catalog = w.store.store.catalog();
  const simple = catalog.products().find((p) =>
    p.price >= 30 && !(p.sale_price > 0) && p.base_variant_id != null && catalog.variants().filter((v) => v.product_id === p.id).length === 1)!;
  const price = Math.round(simple.price * 100);
  const [row] = await w.db.products.getByExternalIds(w.companyId, [simple.id]);
  await w.db.priceHistory.add(w.companyId, [{
    productId: row!.id, variantId: null, changeType: 'sync', createdAt: new Date(Date.now() - 7 * DAY),
    oldRegularPriceCents: price - 1000, oldSalePriceCents: null, newRegularPriceCents: price, newSalePriceCents: null,
  }]);
  const teammate = async (role: 'admin' | 'member', name: string) => {
    const user = testUser(name);
    const created = await w.db.users.create({ companyId: w.companyId, email: user.email, firebaseUid: user.sub, role, firstName: name });
    return { ...user, id: created.id };
  };
  const admin = await teammate('admin', 'Adam');
  const member = await teammate('member', 'Mia');
  const call = async (who: { headers: Record<string, string> }, method: string, path: string, body?: unknown) => {
    const res = await w.app.request(path, { method, headers: who.headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const settings = async (patch: Record<string, unknown>) => {
    const res = await call(w.owner, 'PATCH', '/api/company/settings', patch);
    if (res.status !== 200) throw new Error(`settings ${res.status}: ${JSON.stringify(res.body)}`);
  };
  /** On sale at 5.00 below its price: its "was" price is the price of a week ago + 10.00. */
  const sale: Item = { productId: simple.id, productName: simple.name, newSalePrice: formatCents(price - 500) };
  return { w, simple, price, admin, member, call, settings, sale };
}

const refused = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return ErrorBody.parse(res.body).error;
};
const EU_BLOCKING = { priorPriceDays: 30, blockingGuardrails: ['priorPrice'] };

describe('the EU prior price at the gate, for the catalog', () => {
  let t: Awaited<ReturnType<typeof priorPriceWorld>>;
  beforeAll(async () => {
    t = await priorPriceWorld();
  });
  afterAll(async () => {
    await t?.w.close();
  });

  it('refuses a new order that puts an item on sale a week after its price rose, naming the rule and the item', async () => {
    await t.settings({ ...EU_BLOCKING, ordersNeedApproval: false });
    const error = refused(await t.w.post({ title: 'Sale', productUpdates: [t.sale], executeImmediately: false, scheduledAt: inMs(3_600_000) }));
    expect(error).toMatchObject({ code: 'GUARDRAIL', fields: { 'productUpdates.0': 'EU prior price' } });
    expect(error.message).toBe('This order breaks your company\'s blocking guardrails: EU prior price (1 item).');
  });

  it('lets it through with its regular price at the low, with the rule only flagging, with the mode off, and once the rise is out of the window', async () => {
    await t.settings({ ...EU_BLOCKING, ordersNeedApproval: false });
    const later = { executeImmediately: false, scheduledAt: inMs(3_600_000) } as const;
    const atLow: Item = { ...t.sale, newRegularPrice: formatCents(t.price - 1000), newSalePrice: formatCents(t.price - 1500) };
    expect((await t.w.post({ title: 'Lawful sale', productUpdates: [atLow], ...later })).status).toBe(201);
    await t.settings({ blockingGuardrails: [] });
    expect((await t.w.post({ title: 'Flagged only', productUpdates: [t.sale], ...later })).status).toBe(201);
    await t.settings({ priorPriceDays: null, blockingGuardrails: ['priorPrice'] });
    expect((await t.w.post({ title: 'Mode off', productUpdates: [t.sale], ...later })).status).toBe(201);
    // Starting in 24 days, the window is the 30 days before then: the rise 31 days before is out of it.
    await t.settings(EU_BLOCKING);
    expect((await t.w.post({ title: 'Next month', productUpdates: [t.sale], executeImmediately: false, scheduledAt: inMs(24 * DAY) })).status).toBe(201);
    // With a window of 40 days, it is in it again.
    await t.settings({ priorPriceDays: 40 });
    refused(await t.w.post({ title: 'Next month, 40 days', productUpdates: [t.sale], executeImmediately: false, scheduledAt: inMs(24 * DAY) }));
  });

  it('refuses the approval of a member\u2019s order made before the rule blocked, and leaves it waiting', async () => {
    await t.settings({ priorPriceDays: 30, blockingGuardrails: [], ordersNeedApproval: true });
    const created = await t.w.post({ title: 'Member sale', productUpdates: [t.sale], executeImmediately: false, scheduledAt: inMs(3_600_000) }, t.member.headers);
    expect(created.body.status).toBe('awaiting_approval');
    await t.settings(EU_BLOCKING);
    expect(refused(await t.call(t.admin, 'POST', `/api/work-orders/${created.body.id}/approve`)).code).toBe('GUARDRAIL');
    expect((await t.w.db.workOrders.get(t.w.companyId, created.body.id))!.status).toBe('awaiting_approval');
  });

  it('refuses a manual edit that puts it on sale', async () => {
    await t.settings({ ...EU_BLOCKING, ordersNeedApproval: false });
    const before = storePrice(t.w.store, t.sale);
    const res = await t.call(t.w.owner, 'PUT', `/api/products/${t.simple.id}`, { salePrice: t.sale.newSalePrice });
    expect(refused(res).fields).toEqual({ salePrice: 'EU prior price' });
    expect(storePrice(t.w.store, t.sale)).toEqual(before);
  });

  it('fails at run an order made while the rule only flagged, writing nothing', async () => {
    await t.settings({ priorPriceDays: 30, blockingGuardrails: [], ordersNeedApproval: false });
    const before = storePrice(t.w.store, t.sale);
    const created = await t.w.post({ title: 'Due soon', productUpdates: [t.sale], executeImmediately: false, scheduledAt: inMs(1_000) });
    expect(created.status).toBe(201);
    await t.settings(EU_BLOCKING);
    const scheduler = t.w.scheduler();
    scheduler.start();
    const done = await waitForStatus(t.w, created.body.id, ['completed', 'failed']);
    await scheduler.stop();
    expect(done.status).toBe('failed');
    expect(done.error).toContain('This order breaks your company\'s blocking guardrails: EU prior price (1 item).');
    expect(storePrice(t.w.store, t.sale)).toEqual(before);
  });

  it('refuses to restore a backup taken while the item was on sale', async () => {
    await t.settings({ priorPriceDays: null, blockingGuardrails: [], ordersNeedApproval: false });
    const scheduler = t.w.scheduler();
    scheduler.start();
    const run = async (item: Item) => {
      const created = await t.w.post({ title: 'Step', productUpdates: [item], executeImmediately: true });
      expect((await waitForStatus(t.w, created.body.id, ['completed', 'failed'])).status).toBe('completed');
    };
    await run(t.sale);
    const backup = await t.call(t.w.owner, 'POST', '/api/backups');
    expect(backup.status).toBe(201);
    await run({ ...t.sale, newSalePrice: null });
    await scheduler.stop();
    await t.settings(EU_BLOCKING);
    const before = storePrice(t.w.store, t.sale);
    expect(refused(await t.call(t.w.owner, 'POST', `/api/backups/${String(backup.body.id)}/restore`, {})).code).toBe('GUARDRAIL');
    expect(storePrice(t.w.store, t.sale)).toEqual(before);
  });
});

describe('the EU prior price at the gate, for a price list', () => {
  let t: Awaited<ReturnType<typeof priorPriceWorld>>;
  let item: Item;
  beforeAll(async () => {
    t = await priorPriceWorld();
    const base = t.simple.base_variant_id!;
    // Its wholesale (USD) price rose from 15.00 to 20.00 a week ago.
    t.w.store.store.account(DEMO_STORE.hash)!.pricing.upsert(WHOLESALE, { variant_id: base, currency: 'USD', price: 20 });
    await t.w.db.priceLists.upsertRecords(t.w.companyId, [{
      priceListId: WHOLESALE, variantId: base, productId: t.simple.id, currency: 'USD', priceCents: 2000, salePriceCents: null, retailPriceCents: null, mapPriceCents: null,
    }]);
    const [row] = await t.w.db.products.getByExternalIds(t.w.companyId, [t.simple.id]);
    await t.w.db.priceHistory.add(t.w.companyId, [{
      productId: row!.id, variantId: null, priceListId: WHOLESALE, currency: 'USD', changeType: 'sync', createdAt: new Date(Date.now() - 7 * DAY),
      oldRegularPriceCents: 1500, oldSalePriceCents: null, newRegularPriceCents: 2000, newSalePriceCents: null,
    }]);
    item = { productId: t.simple.id, productName: t.simple.name, variantId: base, newSalePrice: '18.00' };
  });
  afterAll(async () => {
    await t?.w.close();
  });
  const target = { priceListId: WHOLESALE, currency: 'USD' };

  it('refuses a new order on the list\u2019s prices, and lets one through at the list\u2019s low', async () => {
    await t.settings({ ...EU_BLOCKING, ordersNeedApproval: false });
    const later = { executeImmediately: false, scheduledAt: inMs(3_600_000), target } as const;
    expect(refused(await t.w.post({ title: 'Wholesale sale', productUpdates: [item], ...later })).fields).toEqual({ 'productUpdates.0': 'EU prior price' });
    const atLow = { ...item, newRegularPrice: '15.00', newSalePrice: '14.00' };
    expect((await t.w.post({ title: 'Lawful wholesale sale', productUpdates: [atLow], ...later })).status).toBe(201);
  });

  it('fails at run a list order made while the rule only flagged', async () => {
    await t.settings({ priorPriceDays: 30, blockingGuardrails: [], ordersNeedApproval: false });
    const created = await t.w.post({ title: 'Wholesale soon', productUpdates: [item], executeImmediately: false, scheduledAt: inMs(1_000), target });
    expect(created.status).toBe(201);
    await t.settings(EU_BLOCKING);
    const scheduler = t.w.scheduler();
    scheduler.start();
    const done = await waitForStatus(t.w, created.body.id, ['completed', 'failed']);
    await scheduler.stop();
    expect(done).toMatchObject({ status: 'failed' });
    expect(done.error).toContain('EU prior price (1 item)');
    expect(t.w.store.store.account(DEMO_STORE.hash)!.pricing.record(WHOLESALE, t.simple.base_variant_id!, 'USD')).toMatchObject({ price: 20 });
  });
});

describe('the EU prior price over a window the store was not followed for', () => {
  let t: Awaited<ReturnType<typeof priorPriceWorld>>;
  beforeAll(async () => {
    t = await priorPriceWorld(false);
  });
  afterAll(async () => {
    await t?.w.close();
  });

  it('does not refuse: the low is not known in whole', async () => {
    await t.settings({ ...EU_BLOCKING, ordersNeedApproval: false });
    const created = await t.w.post({ title: 'Sale', productUpdates: [t.sale], executeImmediately: false, scheduledAt: inMs(3_600_000) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  });
});
