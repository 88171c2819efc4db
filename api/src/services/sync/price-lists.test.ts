/**
 * The price list sync against the demo store (two lists: Wholesale in USD for the Wholesale
 * customer group, Euro storefront in EUR on channel 2), on the project's database: the stored
 * copy equals the store's, a whole read costs ceil(records / page size) record requests per list,
 * an incremental read only brings what changed, a whole read removes what the store deleted, what
 * a read finds changed in a list read before is 'sync' price history, and a token without the
 * price list scope leaves the catalog's Sync alone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BigCommerceClient } from '@catalog/commerce';
import { DEMO_STORE } from '@catalog/demo-store';
import type { Database } from '../../db/repositories';
import { openTestDatabase } from '../../testing/db-targets';
import { startDemoStore, type TestStore } from '../../testing/store-fixture';
import { syncPriceLists } from './price-lists';
import { runSync } from './sync-engine';

const PAGE = 100;
let store: TestStore;
let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  store = await startDemoStore({ products: 120, windowMs: 1_000, quota: 10_000 });
  ({ db, close } = await openTestDatabase());
});
afterAll(async () => {
  await close();
  await store.close();
});
afterEach(() => store.store.reset());

const pricing = () => store.store.account(DEMO_STORE.hash)!.pricing;

/** A client on the demo store that counts its requests by path (`/pricelists/1/records`, ...); `refuse` answers 403 to the price list paths. */
function client(options: { refuse?: boolean } = {}) {
  const paths: string[] = [];
  const counted: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.replace(/^\/stores\/[^/]+\/v[23]/, '');
    paths.push(path);
    if (options.refuse && /^\/(pricelists|customer_groups|channels)/.test(path)) {
      return new Response(JSON.stringify({ status: 403, title: 'You do not have the required scope' }), { status: 403, headers: { 'content-type': 'application/json' } });
    }
    return fetch(input, init);
  };
  const c = new BigCommerceClient({ storeHash: DEMO_STORE.hash, accessToken: DEMO_STORE.accessToken, baseUrl: store.url, fetch: counted, retryBaseMs: 1 });
  return { client: c, paths, recordPages: (list: number) => paths.filter((p) => p === `/pricelists/${list}/records`).length };
}

async function company() {
  return (await db.companies.create({ name: 'Pricing Co', productLimit: 1_000 })).id;
}

/** Every live record of a list as stored, in (variant, currency) order. */
async function stored(companyId: string, list: number) {
  const rows = [];
  let after: { variantId: number; currency: string } | undefined;
  for (;;) {
    const page = await db.priceLists.listRecords(companyId, list, { limit: 500, after });
    rows.push(...page);
    if (page.length < 500) return rows;
    after = page.at(-1);
  }
}

/** The company's price history, oldest first. */
async function history(companyId: string) {
  const entries = await db.priceHistory.listForCompany(companyId, { after: new Date(0), until: new Date(Date.now() + 3_600_000) });
  return entries.map((e) => ({
    productId: e.productId, variantId: e.variantId, priceListId: e.priceListId, currency: e.currency, changeType: e.changeType,
    workOrderId: e.workOrderId, changedBy: e.changedBy, old: [e.oldRegularPriceCents, e.oldSalePriceCents], next: [e.newRegularPriceCents, e.newSalePriceCents],
    recordChange: e.recordChange,
  }));
}

const asStore = (r: { variantId: number; currency: string; priceCents: number; salePriceCents: number | null }) =>
  ({ variant_id: r.variantId, currency: r.currency, price: r.priceCents / 100, sale_price: r.salePriceCents === null ? undefined : r.salePriceCents / 100 });

describe('price list sync', () => {
  it('stores the store\u2019s lists, groups, channels and every record, one request per page of records', async () => {
    const c = await company();
    const { client: cl, paths, recordPages } = client();
    const stats = await syncPriceLists({ db, client: cl, companyId: c, full: true, pageSize: PAGE });
    const wholesale = pricing().records(1);
    const euro = pricing().records(2);
    expect(wholesale.length).toBeGreaterThan(PAGE);
    expect(recordPages(1)).toBe(Math.ceil(wholesale.length / PAGE));
    expect(recordPages(2)).toBe(Math.ceil(euro.length / PAGE));
    // The lists, assignments, customer groups and channels: one request each.
    expect(paths.filter((p) => !/\/records$/.test(p)).sort()).toEqual(['/channels', '/customer_groups', '/pricelists', '/pricelists/assignments']);
    expect(stats).toMatchObject({ lists: 2, fullReads: 2, records: wholesale.length + euro.length, changed: wholesale.length + euro.length, removed: 0 });

    const lists = await db.priceLists.listLists(c);
    expect(lists.map((l) => ({ id: l.id, name: l.name, currencies: l.currencies, groups: l.customerGroups, channels: l.channels.map((ch) => ch.id), counts: l.recordCounts }))).toEqual([
      { id: 1, name: 'Wholesale', currencies: ['USD'], groups: [{ id: 2, name: 'Wholesale' }], channels: [], counts: [{ currency: 'USD', records: wholesale.length }] },
      { id: 2, name: 'Euro storefront', currencies: ['EUR'], groups: [], channels: [2], counts: [{ currency: 'EUR', records: euro.length }] },
    ]);
    const rows = await stored(c, 1);
    expect(rows.map(asStore)).toEqual(wholesale.map((r) => ({ variant_id: r.variant_id, currency: r.currency, price: r.price, sale_price: r.sale_price })));
    expect(rows[0]).toMatchObject({ productId: wholesale[0]!.product_id, sku: wholesale[0]!.sku, dateModified: new Date(wholesale[0]!.date_modified) });
  });

  it('reads only the records changed since the last read when the Sync is incremental, and everything once a bulk delete was announced', async () => {
    const c = await company();
    await syncPriceLists({ db, client: client().client, companyId: c, full: true, pageSize: PAGE });
    const [first, second] = pricing().records(1);
    pricing().upsert(1, { variant_id: first!.variant_id, currency: 'USD', price: 1.23 });
    pricing().deleteRecords(1, { variantIds: [second!.variant_id], currency: 'USD' }, 'single');

    const incremental = client();
    const stats = await syncPriceLists({ db, client: incremental.client, companyId: c, full: false, pageSize: PAGE });
    expect(stats).toMatchObject({ fullReads: 0, records: 1, changed: 1, removed: 0 });
    expect(incremental.recordPages(1)).toBe(1);
    expect(incremental.recordPages(2)).toBe(1);
    expect((await db.priceLists.getRecords(c, 1, 'USD', [first!.variant_id]))[0]!.priceCents).toBe(123);
    // date_modified does not show a deletion: the record stays until a whole read.
    expect(await db.priceLists.getRecords(c, 1, 'USD', [second!.variant_id])).toHaveLength(1);

    await db.priceLists.requireFullRead(c, 1);
    const whole = await syncPriceLists({ db, client: client().client, companyId: c, full: false, pageSize: PAGE });
    expect(whole).toMatchObject({ fullReads: 1, removed: 1, changed: 0 });
    expect(await db.priceLists.getRecords(c, 1, 'USD', [second!.variant_id])).toEqual([]);
    expect((await db.priceLists.listLists(c))[0]!.recordCounts).toEqual([{ currency: 'USD', records: pricing().records(1).length }]);
  });

  it('removes a list the store deleted, with its records', async () => {
    const c = await company();
    await syncPriceLists({ db, client: client().client, companyId: c, full: true, pageSize: PAGE });
    pricing().deleteLists([2]);
    await syncPriceLists({ db, client: client().client, companyId: c, full: false, pageSize: PAGE });
    expect((await db.priceLists.listLists(c)).map((l) => l.id)).toEqual([1]);
    expect(await db.priceLists.listRecords(c, 2, { limit: 10 })).toEqual([]);
  });

  it('records what a read finds changed in a list it read before as \'sync\' price history, and nothing on a list\'s first read', async () => {
    const c = await company();
    const catalog = store.store.catalog();
    const options = catalog.variants().filter((v) => catalog.product(v.product_id)?.base_variant_id !== v.id && pricing().record(1, v.id, 'USD'));
    const [changed, deleted, made] = options.map((v) => v.id);
    // One variant without a record in the list until the store makes one.
    pricing().deleteRecords(1, { variantIds: [made!], currency: 'USD' }, 'single');
    await db.settings.upsert(c, { storeHash: DEMO_STORE.hash, accessToken: 'x', clientId: DEMO_STORE.clientId });
    const first = await runSync({ db, client: client().client, companyId: c, includeInvisible: true, plan: { name: 'Premium', productLimit: 1_000 } });
    expect(first.status).toBe('complete');
    expect(await history(c)).toEqual([]);

    const was = pricing().record(1, changed!, 'USD')!;
    const gone = pricing().record(1, deleted!, 'USD')!;
    pricing().upsert(1, { variant_id: changed!, currency: 'USD', price: was.price + 1, sale_price: was.sale_price });
    pricing().upsert(1, { variant_id: made!, currency: 'USD', price: 3.21 });
    pricing().deleteRecords(1, { variantIds: [deleted!], currency: 'USD' }, 'single');

    const incremental = await syncPriceLists({ db, client: client().client, companyId: c, full: false, pageSize: PAGE });
    expect(incremental).toMatchObject({ fullReads: 0, records: 2 });
    const ours = async (variantId: number) => {
      const v = catalog.variant(variantId)!;
      const [p] = await db.products.getByExternalIds(c, [v.product_id]);
      const row = p!.variants.find((x) => x.externalId === variantId)!;
      return { productId: p!.id, variantId: row.id, catalog: [row.regularPriceCents ?? p!.regularPriceCents, row.salePriceCents ?? p!.salePriceCents] };
    };
    const cents = (price: number | undefined) => (price === undefined ? null : Math.round(price * 100));
    const [a, b, m] = [await ours(changed!), await ours(deleted!), await ours(made!)];
    const entry = (o: { productId: string; variantId: string }, old: (number | null)[], next: (number | null)[], recordChange: string | null = null) => ({
      productId: o.productId, variantId: o.variantId, priceListId: 1, currency: 'USD', changeType: 'sync', workOrderId: null, changedBy: null,
      old, next, recordChange,
    });
    expect(await history(c)).toEqual(expect.arrayContaining([
      entry(a, [cents(was.price), cents(was.sale_price)], [cents(was.price + 1), cents(was.sale_price)]),
      // Made where there was none: its customers paid the catalog's price before (USD is the storefront's currency).
      entry(m, m.catalog, [321, null], 'created'),
    ]));
    expect(await history(c)).toHaveLength(2);

    // The whole read reads every record again, all unchanged but the deleted one, now gone: its customers pay the catalog's price again.
    await db.priceLists.requireFullRead(c, 1);
    expect(await syncPriceLists({ db, client: client().client, companyId: c, full: false, pageSize: PAGE })).toMatchObject({ fullReads: 1, removed: 1 });
    const after = await history(c);
    expect(after).toHaveLength(3);
    expect(after.at(-1)).toEqual(entry(b, [cents(gone.price), cents(gone.sale_price)], b.catalog, 'deleted'));
  });

  it('runs after the catalog in a Sync, and a token without the price list scope does not fail the Sync', async () => {
    const c = await company();
    await db.settings.upsert(c, { storeHash: DEMO_STORE.hash, accessToken: 'x', clientId: DEMO_STORE.clientId });
    const plan = { name: 'Premium', productLimit: 1_000 };
    const refused = await runSync({ db, client: client({ refuse: true }).client, companyId: c, includeInvisible: true, plan });
    expect(refused.status).toBe('complete');
    if (refused.status === 'complete') expect(refused.priceLists).toMatchObject({ lists: 0, skipped: 'forbidden' });
    expect(await db.products.count(c)).toBeGreaterThan(0);
    expect(await db.priceLists.syncState(c)).toMatchObject({ unavailable: 'forbidden', lists: [] });

    const allowed = await runSync({ db, client: client().client, companyId: c, includeInvisible: true, plan });
    if (allowed.status !== 'complete') throw new Error('the sync did not complete');
    expect(allowed.priceLists).toMatchObject({ lists: 2, fullReads: 2 });
    expect(await db.priceLists.syncState(c)).toMatchObject({ unavailable: null });
    // Records of synced variants know them.
    const [record] = await db.priceLists.listRecords(c, 1, { limit: 1 });
    expect(record!.variantRowId).not.toBeNull();
  });
});
