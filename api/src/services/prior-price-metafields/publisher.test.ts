/**
 * Issue 36 item 3 against the demo store, on both databases: the lowest prior price of every
 * variant an order puts on sale is published as a storefront metafield in ceil(n/50) requests;
 * a deeper reduction rewrites only its variants; publishing off deletes them all, and on again
 * makes them again; the end of the sale deletes them; nothing is written when nothing changed,
 * and the daily refresh puts back a metafield deleted in the store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { priorPriceWorld, type PriorPriceWorld } from '../../testing/prior-price-world';
import { REFRESH_MS } from './publish-run';

let world: PriorPriceWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('publishing the lowest prior prices to the storefront', () => {
  it('follows an order\'s sale from start to end, writing only what changed, in batches of 50', async () => {
    world = await priorPriceWorld();
    const w = world;
    const publisher = w.publisher();

    // The generated catalog's sales began before the store was followed: their lows are unknown.
    await publisher.runOnce();
    expect([w.take(), w.published().size]).toEqual([[['GET', 0]], 0]);

    const { items, lows } = w.saleItems(70);
    const orderId = await w.runOrder(items);
    const ranAt = (await w.db.workOrders.get(w.companyId, orderId))!.executedAt!;
    await publisher.runOnce();
    expect(w.take()).toEqual([['POST', 50], ['POST', 20]]);
    const published = w.published();
    expect(published.size).toBe(70);
    for (const [variantId, cents] of lows) {
      const value = published.get(variantId)?.value;
      expect(value).toMatchObject({ amount: w.fmt(cents), currency: 'USD', days: 30 });
      expect(Date.parse(String(value?.sale_start))).toBeLessThanOrEqual(ranAt.getTime());
    }
    expect(new Map((await w.db.priorPrice.published(w.companyId)).map((r) => [r.variantId, r.metafieldId]))).toEqual(new Map([...published].map(([v, m]) => [v, m.id])));

    // Nothing changed: not even due.
    await publisher.runOnce();
    expect(w.take()).toEqual([]);

    // A deeper reduction on 5 of them: a new sale, whose days before hold the first sale price.
    const deeper = items.slice(0, 5).map((item) => ({ ...item, newSalePrice: w.fmt(Math.round(Number(item.newSalePrice) * 90)) }));
    await w.runOrder(deeper, 'Deeper');
    await publisher.runOnce();
    expect(w.take()).toEqual([['PUT', 5]]);
    const after = w.published();
    for (const item of items.slice(0, 5)) {
      const variantId = item.variantId ?? w.store.store.catalog().product(item.productId)!.base_variant_id!;
      expect(after.get(variantId)).toMatchObject({ id: published.get(variantId)!.id, value: { amount: item.newSalePrice } });
    }
    expect([...after].filter(([v, m]) => JSON.stringify(m) !== JSON.stringify(published.get(v)))).toHaveLength(5);

    // Publishing off deletes every metafield; on again makes them again.
    await w.db.companies.update(w.companyId, { publishPriorPrice: false });
    await publisher.runOnce();
    expect([w.take(), w.published().size, await w.db.priorPrice.published(w.companyId)]).toEqual([[['DELETE', 50], ['DELETE', 20]], 0, []]);
    await publisher.runOnce();
    expect(w.take()).toEqual([]);
    await w.db.companies.update(w.companyId, { publishPriorPrice: true });
    await publisher.runOnce();
    expect([w.take(), w.published().size]).toEqual([[['POST', 50], ['POST', 20]], 70]);

    // The sale ends (the first order undone, the deeper one's changes with it): every metafield goes.
    const undo = await w.app.request(`/api/work-orders/${orderId}/undo`, { method: 'POST', headers: w.owner.headers, body: JSON.stringify({ force: true }) });
    expect(undo.status).toBe(202);
    await w.settled(orderId, ['undone']);
    await publisher.runOnce();
    expect([w.take(), w.published().size, await w.db.priorPrice.published(w.companyId)]).toEqual([[['DELETE', 50], ['DELETE', 20]], 0, []]);
  }, 60_000);

  it('puts back at its daily refresh a metafield deleted in the store, and adopts one whose creation answer was lost', async () => {
    world = await priorPriceWorld();
    const w = world;
    const publisher = w.publisher();
    await publisher.runOnce();
    const { items, lows } = w.saleItems(12);
    await w.runOrder(items);
    const [deletedByHand, answerLost] = [...lows.keys()];
    w.take();
    await publisher.runOnce();
    const published = w.published();
    expect([w.take(), published.size]).toEqual([[['POST', 12]], 12]);
    // Deleted in the store (by hand, another app): the daily refresh reads the store and makes it again.
    expect(w.store.store.account('demo')!.metafields.delete(published.get(deletedByHand!)!.id, 'demo-client').ok).toBe(true);
    await publisher.runOnce();
    expect(w.take()).toEqual([]);
    const tomorrow = () => new Date(Date.now() + REFRESH_MS + 1_000);
    await w.publisher({ now: tomorrow }).runOnce();
    expect([w.take(), w.published().size]).toEqual([[['GET', 0], ['POST', 1]], 12]);
    // A create the store applied but whose answer never came: the next create is refused (409), the store is read, the metafield kept.
    await w.db.priorPrice.record(w.companyId, { removed: [answerLost!] });
    await w.db.priorPrice.markChanged(w.companyId);
    await publisher.runOnce();
    expect([w.take(), w.published().size]).toEqual([[['POST', 1], ['GET', 0]], 12]);
    expect((await w.db.priorPrice.published(w.companyId)).map((r) => r.variantId)).toContain(answerLost);
    expect(await w.db.priorPrice.publication(w.companyId)).toMatchObject({ failures: 0, lastError: null });
  }, 60_000);
});
