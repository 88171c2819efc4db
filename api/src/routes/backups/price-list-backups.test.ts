/**
 * Price lists in backups through the API (issue 35), against the demo store: a backup holds the
 * wholesale list's records; the backup before a price list order holds them as they were; a
 * price list's comparison lists the records that differ; its restore is a price list work order
 * that brings them back (a record deleted since is made again, one made since is removed) and
 * can be undone; the records at a moment are rebuilt from the list's history (an undo that
 * deletes a record included; a record deleted in the store is none after its deletion, one made
 * there none before it); and the refusals (unknown list, half the pair, a backup from before
 * price lists were backed up). SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Backup, BackupDiffResponse, BackupListResponse, PRICE_LIST_CHOICE_MESSAGE } from '@catalog/contracts/backups';
import { formatDateTime } from '@catalog/contracts/date-time';
import { ErrorBody } from '@catalog/contracts/errors';
import { WorkOrder as WireWorkOrder } from '@catalog/contracts/work-orders';
import { DEMO_STORE } from '@catalog/demo-store';
import { encodeFull } from '../../services/backups/backup-codec';
import { gateCalls } from '../../services/price-gate';
import { NO_PRICE_LISTS_MESSAGE } from './backup-comparison';
import { connectAndSync, waitForStatus, workOrderWorld, type Item, type WorkOrderWorld } from '../../testing/work-order-world';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const WHOLESALE = 1;
const cents = (price: number | undefined) => (price === undefined ? null : Math.round(price * 100));
const pricing = (w: WorkOrderWorld) => w.store.store.account(DEMO_STORE.hash)!.pricing;

/** The store's wholesale record (USD) of a variant, in cents; null when it has none. */
function record(w: WorkOrderWorld, variantId: number) {
  const r = pricing(w).record(WHOLESALE, variantId, 'USD');
  return r ? { price: cents(r.price), sale: cents(r.sale_price), retail: cents(r.retail_price), map: cents(r.map_price) } : null;
}

async function call(w: WorkOrderWorld, method: string, path: string, body?: unknown) {
  const res = await w.app.request(path, { method, headers: w.owner.headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as unknown };
}

/** Four option variants with a wholesale record (one with a MAP price), one without, and a product without options; synced again. */
async function prepare(w: WorkOrderWorld) {
  const catalog = w.store.store.catalog();
  const variants = catalog.variants().filter((v) => catalog.product(v.product_id)?.base_variant_id !== v.id);
  const had = variants.slice(0, 4);
  const none = variants[4]!;
  had.forEach((v, n) => pricing(w).upsert(WHOLESALE, { variant_id: v.id, currency: 'USD', price: 40 + n, sale_price: 35, retail_price: 50, ...(n === 0 ? { map_price: 38 } : {}) }));
  pricing(w).deleteRecords(WHOLESALE, { variantIds: [none.id], currency: 'USD' });
  const simple = catalog.products().find((p) => catalog.variants().filter((v) => v.product_id === p.id).length === 1 && p.base_variant_id != null)!;
  pricing(w).upsert(WHOLESALE, { variant_id: simple.base_variant_id, currency: 'USD', price: 20, sale_price: 18 });
  await connectAndSync(w.db, w.companyId, w.store, w.appSecret);
  return { had, none, simple: simple.base_variant_id! };
}

describe('price lists in backups through the API', () => {
  it('compares and restores a price list as of a backup, and rebuilds its records at a moment', async () => {
    world = await workOrderWorld();
    const w = world;
    w.scheduler().start();
    const { had, none, simple } = await prepare(w);
    const before = new Map([...had.map((v) => v.id), simple].map((id) => [id, record(w, id)]));
    expect(before.get(had[0]!.id)).toEqual({ price: 4000, sale: 3500, retail: 5000, map: 3800 });

    const backup = Backup.parse((await call(w, 'POST', '/api/backups')).json);

    // A price list order: three records changed, one made, the product without options' record changed.
    const items: Item[] = [
      ...had.slice(0, 3).map((v) => ({ productId: v.product_id, productName: 'P', variantId: v.id, newRegularPrice: '30.00', newSalePrice: '25.50' })),
      { productId: none.product_id, productName: 'P', variantId: none.id, newRegularPrice: '9.00', newSalePrice: '8.00' },
      { productId: w.store.store.catalog().variant(simple)!.product_id, productName: 'P', variantId: simple, newRegularPrice: '12.34' },
    ];
    const created = await w.post({ title: 'Wholesale sale', productUpdates: items, executeImmediately: true, target: { priceListId: WHOLESALE, currency: 'USD' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await waitForStatus(w, created.body.id, ['completed', 'failed'])).toMatchObject({ status: 'completed', error: null });
    const afterOrder = new Date().toISOString();
    // A record deleted in the store since (the sync found it gone).
    pricing(w).deleteRecords(WHOLESALE, { variantIds: [had[3]!.id], currency: 'USD' });
    await w.db.priceLists.deleteRecords(w.companyId, WHOLESALE, 'USD', [had[3]!.id]);

    // The backup taken right before the order holds the records as they were.
    const { backups } = BackupListResponse.parse((await call(w, 'GET', '/api/backups')).json);
    const orderBackup = backups.find((b) => b.workOrder?.id === created.body.id)!;
    const ofOrder = BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/${orderBackup.id}/diff?priceList=${WHOLESALE}&currency=usd`)).json);
    expect(ofOrder.priceList).toEqual({ id: WHOLESALE, name: expect.any(String), currency: 'USD' });
    const line = (d: BackupDiffResponse, variantId: number) => d.items.find((i) => i.variantId === variantId);
    expect(line(ofOrder, had[0]!.id)).toMatchObject({
      backup: { regularPrice: '40.00', salePrice: '35.00', retailPrice: '50.00', mapPrice: '38.00' },
      current: { regularPrice: '30.00', salePrice: '25.50', retailPrice: '50.00', mapPrice: '38.00' },
      restorable: true, changes: [{ changeType: 'work_order', workOrderId: created.body.id, workOrderTitle: 'Wholesale sale' }],
    });
    expect(line(ofOrder, none.id)).toMatchObject({ backup: null, current: { regularPrice: '9.00', salePrice: '8.00' }, restorable: true });
    expect(line(ofOrder, simple)).toMatchObject({ backup: { regularPrice: '20.00' }, current: { regularPrice: '12.34' }, restorable: true });

    // The manual backup against now: the order's records, the one made since, the one deleted since.
    const diff = BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/${backup.id}/diff?priceList=${WHOLESALE}&currency=USD`)).json);
    expect(diff.items.map((i) => i.variantId).sort()).toEqual([...had.map((v) => v.id), none.id, simple].sort());
    expect(line(diff, had[3]!.id)).toMatchObject({ backup: { regularPrice: '43.00' }, current: null, restorable: true });
    expect(diff.added).toBe(1);
    // The catalog's comparison does not see the records' history.
    const catalogDiff = BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/${backup.id}/diff`)).json);
    expect(catalogDiff).toMatchObject({ priceList: null, items: [] });

    // Restore the list: a price list work order, titled with it; the record made since is removed.
    const restored = await call(w, 'POST', `/api/backups/${backup.id}/restore`, { priceList: WHOLESALE, currency: 'USD', timeZone: 'Europe/Paris' });
    expect(restored.status, JSON.stringify(restored.json)).toBe(201);
    const order = WireWorkOrder.parse(restored.json);
    expect(order.target).toEqual({ priceListId: WHOLESALE, currency: 'USD' });
    expect(order.title).toBe(`Restore ${diff.priceList!.name} (USD) prices from ${formatDateTime(backup.createdAt, 'Europe/Paris')}`);
    expect(order.productUpdates.map((i) => i.variantId).sort()).toEqual([...had.map((v) => v.id), none.id, simple].sort());
    const removal = order.productUpdates.find((i) => i.variantId === none.id)!;
    expect(removal).toMatchObject({ productId: none.product_id, removeRecord: true });
    expect([removal.newRegularPrice, removal.newSalePrice, removal.newRetailPrice]).toEqual([undefined, undefined, undefined]);
    expect(await waitForStatus(w, order.id, ['completed', 'failed'])).toMatchObject({ status: 'completed', error: null });
    for (const [id, was] of before) expect(record(w, id)).toEqual(was);
    expect(record(w, none.id)).toBeNull();
    const after = BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/${backup.id}/diff?priceList=${WHOLESALE}&currency=USD`)).json);
    expect(after.items).toEqual([]);
    const again = await call(w, 'POST', `/api/backups/${backup.id}/restore`, { priceList: WHOLESALE, currency: 'USD' });
    expect(again.status).toBe(409);
    expect(ErrorBody.parse(again.json).error.message).toBe('Nothing to restore: every price is the same as in the backup.');

    // Undo the restore: the record it made again is deleted, the one it removed is back. The records
    // rebuilt at this moment (the backup, the order, the restore and its undo) are the records now.
    expect((await call(w, 'POST', `/api/work-orders/${order.id}/undo`)).status).toBe(202);
    expect(await waitForStatus(w, order.id, ['undone', 'completed'])).toMatchObject({ status: 'undone' });
    expect(record(w, had[3]!.id)).toBeNull();
    expect(record(w, none.id)).toEqual({ price: 900, sale: 800, retail: null, map: null });
    const at = new Date().toISOString();
    const moment = BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/diff?at=${encodeURIComponent(at)}&priceList=${WHOLESALE}&currency=USD`)).json);
    expect(moment.items).toEqual([]);
    expect(moment.removed).toBe(0);
    // Right after the order: the backup before it and the order's history; the record deleted since differs.
    const then = BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/diff?at=${encodeURIComponent(afterOrder)}&priceList=${WHOLESALE}&currency=USD`)).json);
    expect(then.backup.id).toBe(orderBackup.id);
    expect(then.items).toMatchObject([{ variantId: had[3]!.id, backup: { regularPrice: '43.00', salePrice: '35.00', retailPrice: '50.00', mapPrice: null }, current: null }]);
  });

  it('rebuilds a list at a moment after a record deleted in the store and before one made there: no record then, and a restore removes them', async () => {
    world = await workOrderWorld();
    const w = world;
    w.scheduler().start();
    const { had, none } = await prepare(w);
    const [gone] = had;
    const backup = Backup.parse((await call(w, 'POST', '/api/backups')).json);
    const listEntries = async () => (await w.db.priceHistory.listForCompany(w.companyId, { after: new Date(backup.createdAt), until: new Date(Date.now() + 60_000) }))
      .filter((e) => e.priceListId === WHOLESALE);

    // The store deletes a record; the Sync finds it gone: its entry ends at the catalog's prices, marked as the record's deletion.
    pricing(w).deleteRecords(WHOLESALE, { variantIds: [gone!.id], currency: 'USD' });
    await connectAndSync(w.db, w.companyId, w.store, w.appSecret);
    const [deletion] = await listEntries();
    expect(deletion).toMatchObject({ variantExternalId: gone!.id, changeType: 'sync', recordChange: 'deleted' });
    expect(deletion!.newRegularPriceCents).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const moment = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Later the store makes it again, at other prices, and one for a variant that had none.
    pricing(w).upsert(WHOLESALE, { variant_id: gone!.id, currency: 'USD', price: 44, sale_price: 33 });
    pricing(w).upsert(WHOLESALE, { variant_id: none.id, currency: 'USD', price: 15 });
    await connectAndSync(w.db, w.companyId, w.store, w.appSecret);
    expect((await listEntries()).slice(1).map((e) => [e.variantExternalId, e.recordChange]).sort()).toEqual([[gone!.id, 'created'], [none.id, 'created']].sort());

    // At the moment neither had a record (not one at the catalog's prices); both have one now.
    const diffAt = async (at: string) => BackupDiffResponse.parse((await call(w, 'GET', `/api/backups/diff?at=${encodeURIComponent(at)}&priceList=${WHOLESALE}&currency=USD`)).json);
    const then = await diffAt(moment);
    expect(then.backup.id).toBe(backup.id);
    expect(then.items.map((i) => [i.variantId, i.backup, i.current?.regularPrice, i.restorable]).sort()).toEqual([
      [gone!.id, null, '44.00', true], [none.id, null, '15.00', true],
    ].sort());
    expect(then.added).toBe(2);
    // Rebuilt at now, the records made again are as the store has them (not the deleted one's retail and MAP).
    expect((await diffAt(new Date(Date.now() + 10).toISOString())).items).toEqual([]);

    // The restore as of the moment removes both in the store, through the gate as any restore.
    const gated = gateCalls.restore;
    const restored = await call(w, 'POST', '/api/backups/restore', { at: moment, priceList: WHOLESALE, currency: 'USD' });
    expect(restored.status, JSON.stringify(restored.json)).toBe(201);
    expect(gateCalls.restore).toBe(gated + 1);
    const order = WireWorkOrder.parse(restored.json);
    expect(order.productUpdates.map((i) => [i.variantId, i.removeRecord]).sort()).toEqual([[gone!.id, true], [none.id, true]].sort());
    expect(await waitForStatus(w, order.id, ['completed', 'failed'])).toMatchObject({ status: 'completed', error: null, warning: null });
    expect([record(w, gone!.id), record(w, none.id)]).toEqual([null, null]);
    expect(await w.db.priceLists.getRecords(w.companyId, WHOLESALE, 'USD', [gone!.id, none.id])).toEqual([]);
    const removals = (await listEntries()).filter((e) => e.workOrderId === order.id);
    expect(removals.map((e) => [e.variantExternalId, e.changeType, e.recordChange, e.oldRegularPriceCents]).sort()).toEqual([
      [gone!.id, 'work_order', 'deleted', 4400], [none.id, 'work_order', 'deleted', 1500],
    ].sort());
    expect((await diffAt(moment)).items).toEqual([]);

    // Its undo makes both again as they were.
    expect((await call(w, 'POST', `/api/work-orders/${order.id}/undo`)).status).toBe(202);
    expect(await waitForStatus(w, order.id, ['undone', 'completed'])).toMatchObject({ status: 'undone', warning: null });
    expect([record(w, gone!.id), record(w, none.id)]).toEqual([{ price: 4400, sale: 3300, retail: null, map: null }, { price: 1500, sale: null, retail: null, map: null }]);
    expect((await listEntries()).filter((e) => e.workOrderId === order.id && e.changeType === 'undo').map((e) => e.recordChange)).toEqual(['created', 'created']);
    expect((await diffAt(new Date(Date.now() + 10).toISOString())).items).toEqual([]);
  });

  it('refuses an unknown list, half the pair, and a backup from before price lists were backed up', async () => {
    world = await workOrderWorld();
    const w = world;
    const backup = Backup.parse((await call(w, 'POST', '/api/backups')).json);
    const unknown = await call(w, 'GET', `/api/backups/${backup.id}/diff?priceList=999&currency=USD`);
    expect(unknown).toMatchObject({ status: 404, json: { error: { code: 'NOT_FOUND', fields: { priceList: 'Price list not found' } } } });
    const half = await call(w, 'GET', `/api/backups/${backup.id}/diff?priceList=${WHOLESALE}`);
    expect(half).toMatchObject({ status: 400, json: { error: { code: 'VALIDATION', fields: { currency: PRICE_LIST_CHOICE_MESSAGE } } } });
    const halfBody = await call(w, 'POST', `/api/backups/${backup.id}/restore`, { currency: 'USD' });
    expect(halfBody).toMatchObject({ status: 400, json: { error: { code: 'VALIDATION', fields: { priceList: PRICE_LIST_CHOICE_MESSAGE } } } });
    const unknownRestore = await call(w, 'POST', `/api/backups/${backup.id}/restore`, { priceList: 999, currency: 'USD' });
    expect(unknownRestore.status).toBe(404);

    // A backup an older version wrote: the catalog only.
    const old = (await w.db.backups.create(w.companyId, {
      trigger: 'manual', productCount: 0, variantCount: 0, changedCount: null, parentId: null, depth: 0,
      data: await encodeFull({ products: new Map(), variants: new Map() }), createdAt: new Date(Date.now() + 1),
    }))!;
    for (const path of [`/api/backups/${old.id}/diff?priceList=${WHOLESALE}&currency=USD`, `/api/backups/diff?at=${encodeURIComponent(new Date(Date.now() + 10).toISOString())}&priceList=${WHOLESALE}&currency=USD`]) {
      const refused = await call(w, 'GET', path);
      expect(refused).toMatchObject({ status: 409, json: { error: { code: 'CONFLICT', message: NO_PRICE_LISTS_MESSAGE } } });
    }
    const restore = await call(w, 'POST', `/api/backups/${old.id}/restore`, { priceList: WHOLESALE, currency: 'USD' });
    expect(restore.status).toBe(409);
  });
});
