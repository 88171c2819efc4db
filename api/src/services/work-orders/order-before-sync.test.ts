/**
 * One pacer per store, as the app wires it (issue 32): a work order runs at foreground priority
 * and the Sync at background priority through the same store's pacer, so an order started while
 * a long sync of the same store waits on a spent quota is not queued behind the sync's reads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { postSync, readSyncEvents } from '../../testing/store-fixture';
import { expectedAfter, pickItems, storePrice, waitFor, workOrderWorld, type WorkOrderWorld } from '../../testing/work-order-world';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('an order during a sync of the same store', () => {
  it('reads and writes before the sync\'s queued page reads, and the sync still completes without a 429', async () => {
    world = await workOrderWorld({ store: { products: 500 } });
    const w = world;
    const items = pickItems(w.store, { products: 2, variants: 0 });
    const before = items.map((i) => storePrice(w.store, i));
    const created = (await w.post({ title: 'During a sync', productUpdates: items, executeImmediately: true })).body;
    await w.db.settings.requireFullSync(w.companyId);

    // From now on 4 requests a 300 ms window: with 2 kept in reserve and 1 for foreground
    // requests, a background read gets one request a window; the sync needs about eight.
    w.store.store.configure({ quota: 4, windowMs: 300 });
    w.store.store.resetRateLimits();
    const pacer = w.commerce({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken }).rateLimiter;
    // One answer tells the process's pacer of this store the new quota.
    await (await w.storeClient(w.companyId)).checkCredentials();
    expect(pacer.snapshot()).toMatchObject({ quota: 4, left: 3 });
    const served = () => w.store.store.stats.requests;
    const finished: string[] = [];

    const sync = (async () => {
      const events = await readSyncEvents(await postSync(w.app, w.owner));
      finished.push('sync');
      return events;
    })();
    // The sync's first reads (category trees, brands, page 1) wait for the window to reset.
    await waitFor(async () => pacer.snapshot().waiting.background, (n) => n >= 3, 5_000, 5);

    const claimed = (await w.db.workOrders.claim(created.id, 'worker', 5_000, new Date()))!;
    const servedBefore = served();
    const outcome = await w.executor().run(claimed, 'worker');
    const servedDuring = served() - servedBefore;
    finished.push('order');
    const syncStillWaiting = pacer.snapshot().waiting.background;

    expect(outcome).toBe('completed');
    items.forEach((item, i) => expect(storePrice(w.store, item)).toEqual(expectedAfter(before[i]!, item)));
    // The order's three requests (prices, write, read-back) and at most one read of the sync per
    // window it spanned; in arrival order the three reads queued before it would have gone first.
    expect(servedDuring).toBeLessThanOrEqual(3 + 2);
    expect(syncStillWaiting).toBeGreaterThan(0);

    const events = await sync;
    expect(finished).toEqual(['order', 'sync']);
    expect(events.at(-1)).toMatchObject({ kind: 'result' });
    expect(w.store.store.stats.rateLimited).toBe(0);
  });
});
