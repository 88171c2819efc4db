import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '@catalog/contracts/errors';
import type { SyncEvent } from '@catalog/contracts/sync';
import { DEMO_STORE } from '@catalog/demo-store';
import {
  connectedApp, pageGate, postSync, readSyncEvents, startDemoStore, storeProducts, type TestStore,
} from '../../testing/store-fixture';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function newStore(products = 300) {
  const store = await startDemoStore({ products });
  cleanups.push(store.close);
  return store;
}
/**
 * The app on `store` with a productLimit of 1000 (300 products: two pages of 250), behind a
 * page gate: while held, page 2 waits until the test opens it, so "mid-sync" is a fixed point.
 */
async function make(store: TestStore) {
  const gate = pageGate();
  const t = await connectedApp(store, { fetch: gate.fetch });
  cleanups.unshift(t.close);
  await t.setLimit(1000);
  return { ...t, gate };
}
const isFirstPage = (e: SyncEvent) => e.kind === 'progress' && e.progress.message === 'Fetching products (page 1 of 2)';
const errorOf = async (res: Response) => ErrorBody.parse(await res.json()).error;

describe('POST /api/sync/cancel', () => {
  it('stops a running sync after the page it is on, leaving whole pages and nothing removed', async () => {
    const store = await newStore();
    const t = await make(store);
    await readSyncEvents(await postSync(t.app, t.owner));
    // The next sync is a full pass (an incremental one would read only the products changed since).
    await t.db.settings.requireFullSync(t.companyId);
    const synced = await t.db.settings.get(t.companyId);
    const [gone] = storeProducts(store).slice(-1);
    store.store.deleteProduct(gone!.id);
    const [first] = storeProducts(store);
    store.store.updateProduct(first!.id, { price: 4321 });

    t.gate.hold();
    let cancel: Response | undefined;
    const events = await readSyncEvents(await postSync(t.app, t.owner), async (e) => {
      if (isFirstPage(e)) cancel = await t.app.request('/api/sync/cancel', { method: 'POST', headers: t.owner.headers });
    });
    expect(cancel?.status).toBe(200);
    expect(events.at(-1)).toEqual({
      kind: 'progress',
      progress: { stage: 'cancelled', percentage: expect.any(Number), message: 'Sync cancelled; 250 products were updated before it stopped' },
    });
    expect(events.some((e) => e.kind === 'result' || e.kind === 'error')).toBe(false);

    // Page 1 was written whole (the new price is there); page 2 never came, so nothing was removed.
    const [row] = await t.db.products.getByExternalIds(t.companyId, [first!.id]);
    expect(row?.regularPriceCents).toBe(432100);
    expect(await t.db.products.getByExternalIds(t.companyId, [gone!.id])).toHaveLength(1);
    expect((await t.db.settings.get(t.companyId))?.lastSyncAt).toEqual(synced?.lastSyncAt);
    // The slot is free again, and a full sync then removes the deleted product.
    t.gate.open();
    expect((await readSyncEvents(await postSync(t.app, t.owner))).at(-1)?.kind).toBe('result');
    expect(await t.db.products.getByExternalIds(t.companyId, [gone!.id])).toEqual([]);
  });

  it('answers 404 when no sync is running', async () => {
    const t = await make(await newStore(10));
    const res = await t.app.request('/api/sync/cancel', { method: 'POST', headers: t.owner.headers });
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toMatchObject({ code: 'NOT_FOUND', message: 'No sync is running' });
  });
});

describe('POST /api/sync refusals and failures', () => {
  it('refuses a second sync of the same company while one runs, with 409', async () => {
    const t = await make(await newStore());
    const member = await t.teammate('member');
    t.gate.hold();
    const first = await postSync(t.app, t.owner);
    const second = await postSync(t.app, member);
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toEqual({ code: 'CONFLICT', message: 'A sync is already running for this store' });
    // Deleting the copy meanwhile would be undone by the pages still to come.
    const deleting = await t.app.request('/api/products/all', { method: 'DELETE', headers: t.owner.headers });
    expect(deleting.status).toBe(409);
    t.gate.open();
    expect((await readSyncEvents(first)).at(-1)?.kind).toBe('result');
  });

  it('asks to connect the store first, before streaming', async () => {
    const store = await newStore(10);
    const t = await connectedApp(store, { connect: false });
    cleanups.unshift(t.close);
    const res = await postSync(t.app, t.owner);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION', message: 'Connect your store in Settings first' });
  });

  it('ends with a clear error block when the store stops accepting the token mid-sync', async () => {
    const store = await newStore();
    const t = await make(store);
    t.gate.hold();
    const res = await postSync(t.app, t.owner);
    expect(res.status).toBe(200);
    const events = await readSyncEvents(res, (e) => {
      if (!isFirstPage(e)) return;
      // The merchant revokes the token in the control panel while page 2 is on its way.
      store.store.account(DEMO_STORE.hash)!.accessToken = 'revoked';
      t.gate.open();
    });
    expect(events.at(-1)).toEqual({
      kind: 'error',
      error: { message: 'The store rejected the access token (HTTP 401). Check the access token in Settings.' },
    });
    expect((await t.db.settings.get(t.companyId))?.lastSyncAt).toBeNull();
    expect(await t.db.products.count(t.companyId)).toBe(250);
  });

  it('ends with a clear error block when the store goes down mid-sync', async () => {
    const store = await newStore();
    const t = await make(store);
    t.gate.hold();
    const events = await readSyncEvents(await postSync(t.app, t.owner), async (e) => {
      if (!isFirstPage(e)) return;
      await store.close();
      t.gate.open();
    });
    expect(events.at(-1)).toEqual({ kind: 'error', error: { message: 'Could not reach the store: ECONNREFUSED' } });
    expect(await t.db.products.count(t.companyId)).toBe(250);
    // The slot is free for the next attempt.
    expect((await postSync(t.app, t.owner)).status).toBe(200);
  });
});
