/**
 * Issue 36 item 3's completion points, on both databases: besides a work order's run (covered
 * in publisher.test.ts), a manual edit, a sync that finds a sale made in the store, and a webhook
 * refresh that reads one each make the company's publication due, and its next run publishes the
 * variants they put on sale, one metafield each.
 */
import { DEMO_STORE } from '@catalog/demo-store';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { priorPriceWorld, type PriorPriceWorld } from '../../testing/prior-price-world';
import { createRefreshWorker } from '../store-webhooks/refresh-worker';
import { runSync } from '../sync/sync-engine';

let world: PriorPriceWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('what makes the published lowest prior prices follow', () => {
  it('a manual edit, a sync and a webhook refresh each make the next run publish the sale they brought', async () => {
    world = await priorPriceWorld();
    const w = world;
    const publisher = w.publisher();
    await publisher.runOnce();
    w.take();
    const due = async () => (await w.db.priorPrice.due(new Date(), 100)).includes(w.companyId);
    const variantOf = (item: { productId: number; variantId?: number | null }) => item.variantId ?? w.store.store.catalog().product(item.productId)!.base_variant_id!;
    const { items, lows } = w.saleItems(3);
    const [edited, synced, refreshed] = items.map((item) => ({ item, variantId: variantOf(item), cents: lows.get(variantOf(item))! }));

    // A manual edit (through the API, written to the store first).
    const path = edited!.item.variantId ? `/api/variants/${edited!.item.variantId}` : `/api/products/${edited!.item.productId}`;
    const res = await w.app.request(path, { method: 'PUT', headers: w.owner.headers, body: JSON.stringify({ salePrice: edited!.item.newSalePrice }) });
    expect(res.status).toBe(200);
    expect(await due()).toBe(true);
    await publisher.runOnce();
    expect([w.take(), w.published().get(edited!.variantId)?.value.amount]).toEqual([[['POST', 1]], w.fmt(edited!.cents)]);

    // A sale made in the store, found by a sync.
    const salePrice = Number(synced!.item.newSalePrice);
    if (synced!.item.variantId) w.store.store.updateVariant(synced!.item.variantId, { sale_price: salePrice });
    else w.store.store.updateProduct(synced!.item.productId, { sale_price: salePrice });
    const client = w.commerce({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken });
    expect((await runSync({ db: w.db, client, companyId: w.companyId, includeInvisible: true, plan: { name: 'premium', productLimit: 1_000 } })).status).toBe('complete');
    expect(await due()).toBe(true);
    await publisher.runOnce();
    expect([w.take(), w.published().get(synced!.variantId)?.value.amount]).toEqual([[['POST', 1]], w.fmt(synced!.cents)]);

    // A sale made in the store, read by the refresh its webhook queued.
    const refreshedSale = Number(refreshed!.item.newSalePrice);
    if (refreshed!.item.variantId) w.store.store.updateVariant(refreshed!.item.variantId, { sale_price: refreshedSale });
    else w.store.store.updateProduct(refreshed!.item.productId, { sale_price: refreshedSale });
    await w.db.storeRefreshes.receive(w.companyId, { hash: 'delivery-1', productIds: [refreshed!.item.productId], at: new Date(Date.now() - 1_000) });
    const worker = createRefreshWorker({ db: w.db, commerce: w.commerce, secrets: w.secrets, logger: createLogger('silent'), settleMs: 0 });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(await due()).toBe(true);
    await publisher.runOnce();
    expect([w.take(), w.published().get(refreshed!.variantId)?.value.amount]).toEqual([[['POST', 1]], w.fmt(refreshed!.cents)]);
    expect(w.published().size).toBe(3);
  }, 60_000);
});
