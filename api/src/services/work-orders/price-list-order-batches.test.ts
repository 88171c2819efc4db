/**
 * A price list order of more records than one batch upsert takes (issue 35): its records are read
 * back and stored batch by batch while the next batch is written, every record once; the store's
 * 429s and 500s along the way lose nothing; a batch the store keeps failing fails the order with
 * every record put back, in the store and in the stored records.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { createSecretBox } from '../../lib/secrets';
import { commerceAt } from '../../testing/test-app';
import { waitFor, waitForStatus, workOrderWorld, type Item, type WorkOrderWorld } from '../../testing/work-order-world';
import { storeClients } from './executor';

let world: WorkOrderWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const WHOLESALE = 1;
/** 1,200 records: upserts of 1,000 and 200; reads of 250 ids, 5 for the snapshot and 5 back. */
const RECORDS = 1200;

interface Sent { kind: 'upsert' | 'read'; start: number; end: number; status: number }

/** A store client for the order's runs whose requests are noted; `via(kind, body, send)` sends each (or answers itself). */
function noting(w: WorkOrderWorld, via: (kind: Sent['kind'], body: string, send: () => Promise<Response>) => Promise<Response>) {
  const sent: Sent[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const kind = init?.method === 'PUT' && url.pathname.endsWith('/pricelists/records') ? 'upsert'
      : (init?.method ?? 'GET') === 'GET' && url.searchParams.has('variant_id:in') ? 'read' : undefined;
    if (!kind) return fetch(input, init);
    let start = 0;
    const res = await via(kind, typeof init?.body === 'string' ? init.body : '', () => {
      start = performance.now();
      return fetch(input, init);
    });
    sent.push({ kind, start, end: performance.now(), status: res.status });
    return res;
  };
  const storeClient = storeClients({ db: w.db, commerce: commerceAt(w.store.url, { fetch: wrapped }), secrets: createSecretBox(w.appSecret) });
  return { sent, storeClient };
}

function wholesale(w: WorkOrderWorld) {
  const pricing = w.store.store.account(DEMO_STORE.hash)!.pricing;
  const catalog = w.store.store.catalog();
  const variants = catalog.variants().filter((v) => catalog.product(v.product_id)?.base_variant_id !== v.id && pricing.record(WHOLESALE, v.id, 'USD')).slice(0, RECORDS);
  expect(variants).toHaveLength(RECORDS);
  const price = (id: number) => pricing.record(WHOLESALE, id, 'USD')?.price;
  const items: Item[] = variants.map((v, i) => ({ productId: v.product_id, productName: `Product ${v.product_id}`, variantId: v.id, newRegularPrice: `${100 + (i % 50)}.25` }));
  return { variants, items, price };
}

async function historyCount(w: WorkOrderWorld, orderId: string, productIds: number[]) {
  const order = (await w.db.workOrders.get(w.companyId, orderId))!;
  const ids = [...new Set(order.productUpdates.map((i) => i.productId))];
  expect(ids.length).toBeLessThanOrEqual(productIds.length);
  return (await Promise.all(ids.map((id) => w.db.priceHistory.listForProduct(w.companyId, id, { limit: 1000 })))).flat().filter((e) => e.workOrderId === orderId).length;
}

describe('a price list order of several batches', () => {
  it('reads each batch back while the next is written, every record once, and loses nothing to a 429 and a 500 mid-order', async () => {
    world = await workOrderWorld({ store: { products: 1000, latencyMs: 15, windowMs: 300 } });
    const w = world;
    const { variants, items, price } = wholesale(w);
    let faulted = false;
    let storedWhileSecond = 0;
    const newCents = new Map(items.map((i) => [i.variantId!, Math.round(Number(i.newRegularPrice) * 100)]));
    const second = `"variant_id":${variants[1000]!.id},`;
    const { sent, storeClient } = noting(w, async (kind, body, send) => {
      if (kind === 'upsert' && body.includes(second)) {
        // The second batch waits until the first is stored (or 10 s): it is stored while the second is on its way.
        const storedOfFirst = async () => (await w.db.priceLists.getRecords(w.companyId, WHOLESALE, 'USD', variants.slice(0, 1000).map((v) => v.id)))
          .filter((r) => r.priceCents === newCents.get(r.variantId)).length;
        storedWhileSecond = await waitFor(storedOfFirst, (n) => n === 1000).catch(storedOfFirst);
        return send();
      }
      const res = await send();
      // Once the first batch is taken, the store's next two answers (to its reads) are a 429 and a 500.
      if (kind === 'upsert' && res.ok && !faulted) {
        faulted = true;
        w.store.store.failNext('429', '500');
      }
      return res;
    });
    w.scheduler({ executor: w.executor({ storeClient }) }).start();
    const created = await w.post({ title: 'Wholesale', productUpdates: items, executeImmediately: true, target: { priceListId: WHOLESALE, currency: 'USD' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed'], 30_000);
    expect(done).toMatchObject({ status: 'completed', error: null, warning: null });

    expect(variants.map((v) => price(v.id))).toEqual(items.map((i) => Number(i.newRegularPrice)));
    expect(await historyCount(w, done.id, variants.map((v) => v.product_id))).toBe(RECORDS);
    const stored = await w.db.priceLists.getRecords(w.companyId, WHOLESALE, 'USD', variants.map((v) => v.id));
    expect(stored.map((r) => r.priceCents).sort()).toEqual(items.map((i) => Math.round(Number(i.newRegularPrice) * 100)).sort());

    const ok = sent.filter((s) => s.status === 200);
    const put = ok.filter((s) => s.kind === 'upsert');
    expect(put).toHaveLength(2);
    const readBack = ok.filter((s) => s.kind === 'read' && s.start >= put[0]!.start);
    // ceil(1000/250) + ceil(200/250): the same reads as all at the end, the refused ones sent again.
    expect(readBack).toHaveLength(5);
    expect(sent.filter((s) => s.status === 429 || s.status === 500)).toHaveLength(2);
    // The first batch's reads went out, and its records were stored, before the second batch was answered.
    expect(sent.filter((s) => s.kind === 'read' && s.start >= put[0]!.start && s.start < put[1]!.end).length).toBeGreaterThanOrEqual(4);
    expect(storedWhileSecond).toBe(1000);
  }, 60_000);

  it('fails when the store keeps refusing the second batch, and puts every record back', async () => {
    world = await workOrderWorld({ store: { products: 1000 } });
    const w = world;
    const { variants, items, price } = wholesale(w);
    const before = variants.map((v) => price(v.id));
    const last = variants.at(-1)!.id;
    // Every upsert setting the last variant's new price answers 500; putting it back goes through.
    const { storeClient } = noting(w, async (kind, body, send) => (kind === 'upsert' && body.includes(`"variant_id":${last},"currency":"USD","price":${items.at(-1)!.newRegularPrice}`)
      ? new Response('{"status":500,"title":"Internal"}', { status: 500, headers: { 'content-type': 'application/json' } })
      : send()));
    w.scheduler({ executor: w.executor({ storeClient }) }).start();
    const created = await w.post({ title: 'Wholesale', productUpdates: items, executeImmediately: true, target: { priceListId: WHOLESALE, currency: 'USD' } });
    expect(created.status).toBe(201);
    const done = await waitForStatus(w, created.body.id, ['completed', 'failed'], 30_000);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/^Could not update 200 of 1200 items: .* All applied changes were reverted\.$/);
    expect(variants.map((v) => price(v.id))).toEqual(before);
    expect(await historyCount(w, done.id, variants.map((v) => v.product_id))).toBe(0);
    // The stored records followed the first batch, then its putting back: they are as before.
    const stored = await w.db.priceLists.getRecords(w.companyId, WHOLESALE, 'USD', variants.map((v) => v.id));
    expect(new Map(stored.map((r) => [r.variantId, r.priceCents]))).toEqual(new Map(variants.map((v, i) => [v.id, Math.round(before[i]! * 100)])));
  }, 60_000);
});
