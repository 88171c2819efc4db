/**
 * Work orders on a price list's records (issue 35) against the demo store, end to end: created
 * through the API with a `target`, run by the scheduler, checked against the store's records,
 * the price history and the stored records; undone (a record the order made is deleted, the
 * others get their prices back, MAP included) by hand and by the order's end. The order records
 * its own history, marking a record it made as created and its undo's deletion as deleted: the
 * store's webhooks and a Sync after it record no store change of its writes. An item may remove a
 * record (removeRecord), which its undo puts back whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { waitFor, waitForStatus, workOrderWorld, type Item, type WorkOrderWorld } from '../../testing/work-order-world';
import { refreshPriceLists } from '../store-webhooks/price-list-refresh';
import { syncPriceLists } from '../sync/price-lists';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const WHOLESALE = 1;
const cents = (price: number | undefined) => (price === undefined ? null : Math.round(price * 100));

/** History rows in a stable order (entries of one moment come in id order). */
const sortedHistory = <T extends { type: string; variant: number | null | undefined }>(rows: T[]) =>
  [...rows].sort((a, b) => a.type.localeCompare(b.type) || (a.variant ?? 0) - (b.variant ?? 0));

function pricing(w: WorkOrderWorld) {
  return w.store.store.account(DEMO_STORE.hash)!.pricing;
}

/** The store's record of a variant in the wholesale list (USD), in cents; null when it has none. */
function record(w: WorkOrderWorld, variantId: number) {
  const r = pricing(w).record(WHOLESALE, variantId, 'USD');
  return r ? { price: cents(r.price), sale: cents(r.sale_price), retail: cents(r.retail_price), map: cents(r.map_price) } : null;
}

/** Option variants of the store: `withRecord` that have a wholesale record, then `without` that have none (made so). */
function pickVariants(w: WorkOrderWorld, withRecord: number, without: number) {
  const catalog = w.store.store.catalog();
  const variants = catalog.variants().filter((v) => catalog.product(v.product_id)?.base_variant_id !== v.id);
  const had = variants.filter((v) => record(w, v.id) !== null).slice(0, withRecord);
  const none = variants.filter((v) => !had.includes(v)).slice(0, without);
  // A record with a MAP price, which no order sets: it must survive the order and its undo.
  pricing(w).upsert(WHOLESALE, { variant_id: had[0]!.id, currency: 'USD', price: 40, sale_price: 35, retail_price: 50, map_price: 38 });
  pricing(w).deleteRecords(WHOLESALE, { variantIds: none.map((v) => v.id), currency: 'USD' });
  // A product without options: its records hang on its base variant, which the order names.
  const simple = catalog.products().find((p) => catalog.variants().filter((v) => v.product_id === p.id).length === 1 && p.base_variant_id != null)!;
  pricing(w).upsert(WHOLESALE, { variant_id: simple.base_variant_id, currency: 'USD', price: 20, sale_price: 18 });
  return { had, none, catalog, simple };
}

describe('a price list work order', () => {
  it('checks a product without options by its base variant\'s record against the blocking guardrails, and a removal at the catalog\'s prices it leaves', async () => {
    world = await workOrderWorld();
    const w = world;
    const { simple } = pickVariants(w, 1, 0);
    await w.db.priceLists.upsertRecords(w.companyId, [{
      priceListId: WHOLESALE, variantId: simple.base_variant_id!, productId: simple.id, currency: 'USD', priceCents: 2000, salePriceCents: 1800, retailPriceCents: null, mapPriceCents: null,
    }]);
    const settings = await w.app.request('/api/company/settings', {
      method: 'PATCH', headers: w.owner.headers, body: JSON.stringify({ blockingGuardrails: ['largeChange'], guardrailThresholdPercent: 50 }),
    });
    expect(settings.status).toBe(200);
    const order = (price: string) => w.post({
      title: 'Wholesale', executeImmediately: false, scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      productUpdates: [{ productId: simple.id, productName: simple.name, variantId: simple.base_variant_id!, newRegularPrice: price }],
      target: { priceListId: WHOLESALE, currency: 'USD' },
    });
    // 20.00 -> 100.00 in the list is +400% (the catalog's price is another): refused, nothing written.
    const refused = await order('100.00');
    expect(refused).toMatchObject({ status: 422, body: { error: { code: 'GUARDRAIL' } } });
    expect(await w.db.workOrders.listSummaries(w.companyId, { includeArchived: true, limit: 10 })).toEqual([]);
    // 20.00 -> 21.00 is +5%.
    expect((await order('21.00')).status).toBe(201);
    // Removing the record leaves its customers at the catalog's prices: from 1.00, far beyond +50%, refused too.
    await w.db.priceLists.upsertRecords(w.companyId, [{
      priceListId: WHOLESALE, variantId: simple.base_variant_id!, productId: simple.id, currency: 'USD', priceCents: 100, salePriceCents: null, retailPriceCents: null, mapPriceCents: null,
    }]);
    expect(simple.price).toBeGreaterThan(2);
    const removal = await w.post({
      title: 'Wholesale', executeImmediately: false, scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      productUpdates: [{ productId: simple.id, productName: simple.name, variantId: simple.base_variant_id!, removeRecord: true }],
      target: { priceListId: WHOLESALE, currency: 'USD' },
    });
    expect(removal).toMatchObject({ status: 422, body: { error: { code: 'GUARDRAIL' } } });
  });

  it('upserts the records, creates missing ones at the catalog price, records history; undo restores them and deletes what it made', async () => {
    world = await workOrderWorld();
    const w = world;
    const { had, none, catalog, simple } = pickVariants(w, 6, 2);
    const before = new Map([...had, ...none].map((v) => [v.id, record(w, v.id)]));
    const simpleBefore = record(w, simple.base_variant_id!);
    const catalogBefore = [...had, ...none].map((v) => catalog.variant(v.id)!.price);

    const items: Item[] = [
      ...had.map((v) => ({ productId: v.product_id, productName: `Product ${v.product_id}`, variantId: v.id, newRegularPrice: '30.00', newSalePrice: '25.50' })),
      ...none.map((v) => ({ productId: v.product_id, productName: `Product ${v.product_id}`, variantId: v.id, newSalePrice: '9.99' })),
      { productId: simple.id, productName: simple.name, variantId: simple.base_variant_id!, newRegularPrice: '12.34' },
    ];
    const created = await w.post({ title: 'Wholesale sale', productUpdates: items, executeImmediately: true, target: { priceListId: WHOLESALE, currency: 'usd' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.target).toEqual({ priceListId: WHOLESALE, currency: 'USD' });
    const sched = w.scheduler();
    sched.start();
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', error: null, warning: null });

    for (const v of had) {
      const was = before.get(v.id)!;
      expect(record(w, v.id)).toEqual({ price: 3000, sale: 2550, retail: was.retail, map: was.map });
    }
    expect(record(w, had[0]!.id)).toEqual({ price: 3000, sale: 2550, retail: 5000, map: 3800 });
    for (const v of none) {
      const c = catalog.variant(v.id)!;
      const catalogPrice = c.price ?? catalog.product(v.product_id)!.price;
      expect(record(w, v.id)).toEqual({ price: cents(catalogPrice), sale: 999, retail: null, map: null });
    }
    expect(record(w, simple.base_variant_id!)).toEqual({ price: 1234, sale: 1800, retail: null, map: null });
    // The catalog's prices are not touched.
    expect([...had, ...none].map((v) => catalog.variant(v.id)!.price)).toEqual(catalogBefore);

    // History names the list and currency; the stored records follow the store.
    const entries = (await w.db.priceHistory.listForProduct(w.companyId, done.productUpdates[0]!.productId)).filter((e) => e.workOrderId === done.id);
    expect(entries.find((e) => e.variantId === done.productUpdates[0]!.variantId)).toMatchObject({
      priceListId: WHOLESALE, currency: 'USD', newRegularPriceCents: 3000, newSalePriceCents: 2550,
    });
    // Each record's entry says whether the order made it (its old prices the catalog's) or changed it.
    const marks = async (type: 'work_order' | 'undo') => new Map((await w.db.priceHistory.listForCompany(w.companyId, { after: new Date(0), until: new Date(Date.now() + 60_000) }))
      .filter((e) => e.workOrderId === done.id && e.changeType === type).map((e) => [e.variantExternalId ?? simple.base_variant_id, e.recordChange]));
    const made = await marks('work_order');
    expect([...made.values()].filter((m) => m === 'created')).toHaveLength(none.length);
    for (const v of none) expect(made.get(v.id)).toBe('created');
    for (const v of had) expect(made.get(v.id)).toBeNull();
    expect(made.get(simple.base_variant_id!)).toBeNull();
    const stored = await w.db.priceLists.getRecords(w.companyId, WHOLESALE, 'USD', [...had, ...none].map((v) => v.id));
    expect(stored).toHaveLength(had.length + none.length);
    expect(await w.db.priceLists.getRecords(w.companyId, WHOLESALE, 'USD', [simple.base_variant_id!])).toMatchObject([{ priceCents: 1234 }]);
    expect(stored.find((r) => r.variantId === had[0]!.id)).toMatchObject({ priceCents: 3000, salePriceCents: 2550, mapPriceCents: 3800 });

    const undo = await w.app.request(`/api/work-orders/${done.id}/undo`, { method: 'POST', headers: w.owner.headers });
    expect(undo.status).toBe(202);
    const undone = await waitForStatus(w, done.id, ['undone', 'completed']);
    expect(undone).toMatchObject({ status: 'undone', warning: null });
    for (const v of had) expect(record(w, v.id)).toEqual(before.get(v.id));
    expect(record(w, simple.base_variant_id!)).toEqual(simpleBefore);
    // The records the order made are gone (not set to 0 or null): the catalog price applies again.
    for (const v of none) expect(record(w, v.id)).toBeNull();
    expect(await w.db.priceLists.getRecords(w.companyId, WHOLESALE, 'USD', none.map((v) => v.id))).toEqual([]);
    // The undo's entries: the records the order made deleted, the others changed back.
    const unmade = await marks('undo');
    for (const v of none) expect(unmade.get(v.id)).toBe('deleted');
    for (const v of had) expect(unmade.get(v.id)).toBeNull();
  });

  it('ends by itself at its end time, and keeps a record changed since unless forced', async () => {
    world = await workOrderWorld();
    const w = world;
    const { had, none } = pickVariants(w, 3, 1);
    const before = had.map((v) => record(w, v.id));
    const items: Item[] = [...had, ...none].map((v) => ({ productId: v.product_id, productName: `Product ${v.product_id}`, variantId: v.id, newSalePrice: '1.00' }));
    const revertAt = new Date(Date.now() + 2_500).toISOString();
    const created = await w.post({ title: 'Flash sale', productUpdates: items, executeImmediately: true, revertAt, target: { priceListId: WHOLESALE, currency: 'USD' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    w.scheduler().start();
    await waitForStatus(w, created.body.id, ['completed']);
    expect([...had, ...none].map((v) => record(w, v.id)?.sale)).toEqual([100, 100, 100, 100]);
    // Someone changes one record in the store meanwhile.
    pricing(w).upsert(WHOLESALE, { variant_id: had[2]!.id, currency: 'USD', price: 77, sale_price: 70 });
    const undone = await waitFor(() => w.db.workOrders.get(w.companyId, created.body.id), (o) => o?.status === 'undone', 15_000);
    expect(undone?.revertReport).toMatchObject({ restored: 3, kept: 1 });
    expect(had.slice(0, 2).map((v) => record(w, v.id))).toEqual(before.slice(0, 2));
    expect(record(w, had[2]!.id)).toEqual({ price: 7700, sale: 7000, retail: null, map: null });
    // The record the order made is gone at its end: the end's entry says so.
    expect(record(w, none[0]!.id)).toBeNull();
    const ended = (await w.db.priceHistory.listForCompany(w.companyId, { after: new Date(0), until: new Date(Date.now() + 60_000) }))
      .filter((e) => e.workOrderId === created.body.id && e.changeType === 'undo');
    expect(ended.map((e) => [e.variantExternalId, e.recordChange]).sort()).toEqual([[had[0]!.id, null], [had[1]!.id, null], [none[0]!.id, 'deleted']].sort());
  });

  it('records exactly its own history: the store\'s webhooks and a Sync that read its records again record nothing more', async () => {
    world = await workOrderWorld();
    const w = world;
    const { had, none, simple } = pickVariants(w, 3, 2);
    const client = w.commerce({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken });
    const variants = [...had, ...none].map((v) => v.id).concat(simple.base_variant_id!);
    /** What the store's webhooks of these records bring, then a whole read of the list: both find changes made in the store. */
    const readAgain = async () => {
      await w.db.priceLists.queueRefresh(w.companyId, { records: variants.map((variantId) => ({ priceListId: WHOLESALE, variantId, currency: 'USD' })), at: new Date(Date.now() - 1) });
      await refreshPriceLists({ db: w.db, client, companyId: w.companyId, settleMs: 0, now: () => new Date() });
      expect(await syncPriceLists({ db: w.db, client, companyId: w.companyId, full: true })).toMatchObject({ fullReads: 2 });
    };
    const history = async () => (await w.db.priceHistory.listForCompany(w.companyId, { after: new Date(0), until: new Date(Date.now() + 3_600_000) }))
      .map((e) => ({ type: e.changeType, order: e.workOrderId, variant: e.variantExternalId ?? simple.base_variant_id, list: e.priceListId }));
    // pickVariants changed records in the store since the world's Sync: a whole read finds that once, as 'sync' entries.
    await syncPriceLists({ db: w.db, client, companyId: w.companyId, full: true });
    const found = await history();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.type === 'sync' && e.list === WHOLESALE)).toBe(true);
    await readAgain();
    expect(await history()).toEqual(found);

    const items: Item[] = [
      ...had.map((v) => ({ productId: v.product_id, productName: `Product ${v.product_id}`, variantId: v.id, newRegularPrice: '31.00' })),
      ...none.map((v) => ({ productId: v.product_id, productName: `Product ${v.product_id}`, variantId: v.id, newSalePrice: '8.88' })),
      { productId: simple.id, productName: simple.name, variantId: simple.base_variant_id!, newRegularPrice: '12.34' },
    ];
    const created = await w.post({ title: 'Wholesale sale', productUpdates: items, executeImmediately: true, target: { priceListId: WHOLESALE, currency: 'USD' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    w.scheduler().start();
    await waitForStatus(w, created.body.id, ['completed']);
    const own = (type: 'work_order' | 'undo') => variants.map((variant) => ({ type, order: created.body.id, variant, list: WHOLESALE }));
    await readAgain();
    expect(sortedHistory(await history())).toEqual(sortedHistory([...found, ...own('work_order')]));

    const undo = await w.app.request(`/api/work-orders/${created.body.id}/undo`, { method: 'POST', headers: w.owner.headers });
    expect(undo.status).toBe(202);
    await waitForStatus(w, created.body.id, ['undone']);
    // The undo deleted the records the order made, in the store and here: not a store change either.
    await readAgain();
    expect(sortedHistory(await history())).toEqual(sortedHistory([...found, ...own('work_order'), ...own('undo')]));
  });

  it('removes a record an item says to remove, records its deletion, and its undo puts it back whole; a catalog order cannot remove one', async () => {
    world = await workOrderWorld();
    const w = world;
    const { had, none, catalog } = pickVariants(w, 2, 1);
    const [kept, removed] = had;
    const removedWas = record(w, removed!.id)!.price;
    const item = (v: { id: number; product_id: number }) => ({ productId: v.product_id, productName: `Product ${v.product_id}`, variantId: v.id });
    // had[0] holds the record with a MAP price (pickVariants); `none` has no record: nothing to remove there.
    const items: Item[] = [{ ...item(kept!), removeRecord: true }, { ...item(removed!), newRegularPrice: '31.00' }, { ...item(none[0]!), removeRecord: true }];
    const catalogOrder = await w.post({ title: 'No', productUpdates: [{ ...item(kept!), removeRecord: true }], executeImmediately: true });
    expect(catalogOrder.status).toBe(400);
    expect(JSON.stringify(catalogOrder.body)).toContain('Only a price list work order removes a record');
    const mixed = await w.post({ title: 'No', productUpdates: [{ ...item(kept!), removeRecord: true, newSalePrice: '1.00' }], executeImmediately: true, target: { priceListId: WHOLESALE, currency: 'USD' } });
    expect(mixed.status).toBe(400);

    const created = await w.post({ title: 'Drop a record', productUpdates: items, executeImmediately: true, target: { priceListId: WHOLESALE, currency: 'USD' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.productUpdates[0]).toMatchObject({ variantId: kept!.id, removeRecord: true });
    expect(created.body).toMatchObject({ regularPriceUpdates: 3 });
    w.scheduler().start();
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed']);
    expect(done).toMatchObject({ status: 'completed', error: null, warning: null });
    expect(record(w, kept!.id)).toBeNull();
    expect(record(w, none[0]!.id)).toBeNull();
    expect(await w.db.priceLists.getRecords(w.companyId, WHOLESALE, 'USD', [kept!.id])).toEqual([]);
    const entries = async (type: 'work_order' | 'undo') => (await w.db.priceHistory.listForCompany(w.companyId, { after: new Date(0), until: new Date(Date.now() + 60_000) }))
      .filter((e) => e.workOrderId === done.id && e.changeType === type);
    // The removal's entry ends at the catalog's prices (USD is the storefront's); none where there was no record to remove.
    const variant = catalog.variant(kept!.id)!;
    const catalogPrice = cents(variant.price ?? catalog.product(kept!.product_id)!.price);
    const byVariant = (list: Awaited<ReturnType<typeof entries>>) => new Map(list.map((e) => [e.variantExternalId, [e.recordChange, e.oldRegularPriceCents, e.newRegularPriceCents]]));
    expect(byVariant(await entries('work_order'))).toEqual(new Map([[kept!.id, ['deleted', 4000, catalogPrice]], [removed!.id, [null, removedWas, 3100]]]));

    const undo = await w.app.request(`/api/work-orders/${done.id}/undo`, { method: 'POST', headers: w.owner.headers });
    expect(undo.status).toBe(202);
    expect(await waitForStatus(w, done.id, ['undone', 'completed'])).toMatchObject({ status: 'undone', warning: null });
    // Back as it was, MAP price included, here too.
    expect(record(w, kept!.id)).toEqual({ price: 4000, sale: 3500, retail: 5000, map: 3800 });
    expect(record(w, none[0]!.id)).toBeNull();
    expect(await w.db.priceLists.getRecords(w.companyId, WHOLESALE, 'USD', [kept!.id])).toMatchObject([{ priceCents: 4000, salePriceCents: 3500, mapPriceCents: 3800 }]);
    expect(byVariant(await entries('undo'))).toEqual(new Map([[kept!.id, ['created', catalogPrice, 4000]], [removed!.id, [null, 3100, removedWas]]]));
  });

  it('refuses an unknown list, a currency the list has no prices in, and items that are not variants; nothing is written', async () => {
    world = await workOrderWorld();
    const w = world;
    const { had } = pickVariants(w, 1, 0);
    const item: Item = { productId: had[0]!.product_id, productName: 'P', variantId: had[0]!.id, newRegularPrice: '5.00' };
    const unknown = await w.post({ title: 'T', productUpdates: [item], executeImmediately: true, target: { priceListId: 999, currency: 'USD' } });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND', fields: { 'target.priceListId': 'Price list not found' } } } });
    const currency = await w.post({ title: 'T', productUpdates: [item], executeImmediately: true, target: { priceListId: WHOLESALE, currency: 'JPY' } });
    expect(currency).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION' } } });
    expect(Object.keys((currency.body.error as unknown as { fields: object }).fields)).toEqual(['target.currency']);
    const product = await w.post({ title: 'T', productUpdates: [{ productId: had[0]!.product_id, productName: 'P', newRegularPrice: '5.00' }], executeImmediately: true, target: { priceListId: WHOLESALE, currency: 'USD' } });
    expect(product).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION' } } });
    expect(Object.keys((product.body.error as unknown as { fields: object }).fields)).toEqual(['productUpdates.0.variantId']);
    expect(await w.db.workOrders.listSummaries(w.companyId, { includeArchived: true, limit: 10 })).toEqual([]);
  });
});
