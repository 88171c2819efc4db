/**
 * The store's price list webhooks end to end against the demo store (issue 35): the app listens
 * on a port, the demo store delivers its store/priceList/* events to it, the refresh worker reads
 * what they queued. A record changed or deleted in the store is changed or removed here, with a
 * 'webhook' price history entry; records
 * deleted in bulk make the list's next Sync read it whole; a list created, renamed or deleted, or
 * an assignment changed, brings the lists again; a batch delivery (an array) is taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { listen, type Listening } from '@catalog/listen';
import { freePort } from '@catalog/listen/free-port';
import { createLogger } from '../../lib/logger';
import { startDemoStore, syncedApp, type TestStore } from '../../testing/store-fixture';
import { createRefreshWorker, type RefreshWorker } from './refresh-worker';
import { WEBHOOK_SECRET_HEADER, readWebhookSecret } from './webhook-registration';

let store: TestStore;
let t: Awaited<ReturnType<typeof syncedApp>>;
let server: Listening;
let worker: RefreshWorker;

const pricing = () => store.store.account(DEMO_STORE.hash)!.pricing;
/** Lets the demo store's deliveries arrive, then the worker read what they queued. */
async function settle(): Promise<number> {
  await store.store.webhooksSettled();
  return worker.runOnce();
}
const record = async (list: number, variantId: number, currency: string) => (await t.db.priceLists.getRecords(t.companyId, list, currency, [variantId]))[0];

beforeAll(async () => {
  store = await startDemoStore({ products: 40 });
  const port = await freePort();
  t = await syncedApp(store, { storeWebhookUrl: `http://127.0.0.1:${port}` });
  server = await listen(t.app, { port });
  worker = createRefreshWorker({ db: t.db, commerce: t.commerce, secrets: t.secrets, logger: createLogger('silent'), settleMs: 0 });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await t?.close();
  await store?.close();
});

describe('price list webhooks', () => {
  it('registers the price list events with the catalog\u2019s', () => {
    const scopes = store.store.account(DEMO_STORE.hash)!.hooks.list().map((h) => h.scope);
    expect(scopes).toEqual(expect.arrayContaining(['store/priceList/*', 'store/priceLists/deleted']));
  });

  it('changes a record changed in the store, and removes one deleted there, each a \'webhook\' price history entry', async () => {
    const [first, second, third] = pricing().records(1);
    expect(await record(1, second!.variant_id, 'USD')).toBeDefined();
    const since = new Date();
    pricing().upsert(1, { variant_id: first!.variant_id, currency: 'USD', price: 7.77, sale_price: first!.sale_price, retail_price: first!.retail_price, map_price: 9 });
    pricing().deleteRecords(1, { variantIds: [second!.variant_id], currency: 'USD' }, 'single');
    // A change of its MAP price only: none of the prices the history keeps.
    pricing().upsert(1, { variant_id: third!.variant_id, currency: 'USD', price: third!.price, sale_price: third!.sale_price, retail_price: third!.retail_price, map_price: 99 });
    expect(await settle()).toBeGreaterThanOrEqual(3);
    expect(await record(1, first!.variant_id, 'USD')).toMatchObject({ priceCents: 777, mapPriceCents: 900 });
    expect(await record(1, second!.variant_id, 'USD')).toBeUndefined();
    expect(await record(1, third!.variant_id, 'USD')).toMatchObject({ mapPriceCents: 9900 });

    const entries = await t.db.priceHistory.listForCompany(t.companyId, { after: since, until: new Date(Date.now() + 60_000) });
    const cents = (price: number | undefined) => (price === undefined ? null : Math.round(price * 100));
    /** The entry's variant (a product without options: none, its product's) and the catalog's prices of a store variant. */
    const ours = async (r: { product_id: number; variant_id: number }) => {
      const [p] = await t.db.products.getByExternalIds(t.companyId, [r.product_id]);
      const v = p!.variants.find((x) => x.externalId === r.variant_id);
      return { variant: v ? r.variant_id : null, catalog: [v?.regularPriceCents ?? p!.regularPriceCents, v?.salePriceCents ?? p!.salePriceCents] };
    };
    const seen = entries.map((e) => ({
      variant: e.variantExternalId, list: e.priceListId, currency: e.currency, type: e.changeType, by: e.changedBy,
      old: [e.oldRegularPriceCents, e.oldSalePriceCents], next: [e.newRegularPriceCents, e.newSalePriceCents], record: e.recordChange,
    }));
    const base = { list: 1, currency: 'USD', type: 'webhook', by: null };
    const [a, b] = [await ours(first!), await ours(second!)];
    expect(seen).toHaveLength(2);
    expect(seen).toEqual(expect.arrayContaining([
      { ...base, variant: a.variant, old: [cents(first!.price), cents(first!.sale_price)], next: [777, cents(first!.sale_price)], record: null },
      // Deleted in the store: the catalog's prices apply to the list's customers (USD is the storefront's currency), marked so.
      { ...base, variant: b.variant, old: [cents(second!.price), cents(second!.sale_price)], next: b.catalog, record: 'deleted' },
    ]));
  });

  it('takes a batch of deleted records, and reads the list whole at the next Sync', async () => {
    const some = pricing().records(2).slice(0, 3);
    pricing().deleteRecords(2, { variantIds: some.map((r) => r.variant_id), currency: 'EUR' }, 'batch');
    await settle();
    for (const r of some) expect(await record(2, r.variant_id, 'EUR')).toBeUndefined();
    expect((await t.db.priceLists.syncState(t.companyId)).lists.find((l) => l.id === 2)?.fullReadDue).toBe(true);
  });

  it('reads the lists again when one is created, renamed or deleted, or an assignment changes', async () => {
    const list = pricing().createList('Trade', true);
    pricing().assign(list.id, { customer_group_id: 1 });
    await settle();
    expect((await t.db.priceLists.listLists(t.companyId)).map((l) => [l.id, l.name, l.customerGroups.map((g) => g.id)]))
      .toEqual([[1, 'Wholesale', [2]], [2, 'Euro storefront', []], [list.id, 'Trade', [1]]]);
    pricing().deleteLists([2]);
    await settle();
    expect((await t.db.priceLists.listLists(t.companyId)).map((l) => l.id)).toEqual([1, list.id]);
    expect(await t.db.priceLists.listRecords(t.companyId, 2, { limit: 5 })).toEqual([]);
  });

  it('refuses a price list delivery that names nothing, without the secret or not', async () => {
    const secret = readWebhookSecret(t.secrets, (await t.db.settings.get(t.companyId))!)!;
    const send = (data: unknown) => t.app.request(`/api/webhooks/bigcommerce/${t.companyId}`, {
      method: 'POST', headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: secret },
      body: JSON.stringify({ scope: 'store/priceList/record/updated', producer: `stores/${DEMO_STORE.hash}`, data }),
    });
    expect((await send({})).status).toBe(400);
    expect((await send([{ price_list_id: 1, variant_id: 1, currency: 'DOLLARS' }])).status).toBe(400);
    expect((await send([{ price_list_id: 1, variant_id: 9_999_999, currency: 'usd' }])).status).toBe(200);
  });
});
