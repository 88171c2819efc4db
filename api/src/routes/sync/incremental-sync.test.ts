/**
 * Incremental sync (decision 036): after a full pass, a Sync reads only the products the store
 * modified since the last one started (`date_modified:min`), counted at the store; it removes
 * nothing (deletions wait for webhooks or the daily full pass); a full pass runs again once a
 * day, and after the visibility setting changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { postSync, readSyncEvents, startDemoStore, storeProducts, syncedApp, type TestStore } from '../../testing/store-fixture';

/** The product pages the app asked for (the credential check's one-product request aside), by their `date_modified:min`. */
const pages: Array<string | null> = [];
const counting: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const isPage = url.pathname.endsWith('/catalog/products') && (init?.method ?? 'GET') === 'GET' && url.searchParams.get('limit') !== '1';
  if (isPage) pages.push(url.searchParams.get('date_modified:min'));
  return fetch(input, init);
};

let store: TestStore;
let t: Awaited<ReturnType<typeof syncedApp>>;
/** Store ids of visible products (the ones a sync keeps), to change in the store. */
let ids: number[];

async function sync() {
  pages.length = 0;
  const events = await readSyncEvents(await postSync(t.app, t.owner));
  const result = events.find((e) => e.kind === 'result');
  if (!result) throw new Error(`the sync did not complete: ${JSON.stringify(events.at(-1))}`);
  return result.result.message;
}
const price = async (id: number) => (await t.db.products.getByExternalIds(t.companyId, [id]))[0]?.regularPriceCents;

beforeAll(async () => {
  store = await startDemoStore({ products: 600, quota: 1_000 });
  pages.length = 0;
  t = await syncedApp(store, { fetch: counting });
  ids = storeProducts(store).map((p) => p.id).filter((_, i) => i % 100 === 7);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await store?.close();
});

describe('incremental sync', () => {
  it('starts with a full pass that reads every page and records where the next sync starts', async () => {
    expect(pages).toEqual([null, null, null]); // 600 products, 250 a page
    const settings = (await t.db.settings.get(t.companyId))!;
    expect(settings.syncSince).toBeInstanceOf(Date);
    expect(settings.fullSyncAt).toBeInstanceOf(Date);
  });

  it('then reads only the products changed in the store since, in one request, and writes their prices', async () => {
    const [a, b, c, gone] = ids as [number, number, number, number];
    store.store.updateProduct(a, { price: 12.34 });
    store.store.updateProduct(b, { price: 56.78 });
    store.store.updateVariant(store.store.catalog().variantsOf(c)[0]!.id, { price: 9.99 });
    store.store.deleteProduct(gone);
    const before = await t.db.products.count(t.companyId);
    const message = await sync();
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(message).toMatch(/\b3 products\b/);
    expect(await price(a)).toBe(1234);
    expect(await price(b)).toBe(5678);
    // Deletions are not seen by dates: the product stays until a webhook or the daily full pass.
    expect(await price(gone)).toBeDefined();
    expect(await t.db.products.count(t.companyId)).toBe(before);
    const listed = await t.db.products.getByExternalIds(t.companyId, [a]);
    expect((await t.db.priceHistory.listForProduct(t.companyId, listed[0]!.id)).map((e) => e.changeType)).toEqual(['sync']);
  });

  it('brings a retail price and cost changed in the store (0 clears, a variant\'s own cost) with the changed products only', async () => {
    const id = ids[4]!;
    store.store.updateProduct(id, { retail_price: 99.5, cost_price: 0 });
    const withOptions = storeProducts(store).find((p) => p.base_variant_id === null && p.id !== id)!;
    const variant = store.store.catalog().variantsOf(withOptions.id)[0]!;
    store.store.updateVariant(variant.id, { cost_price: 3.21, retail_price: null });
    await sync();
    expect(pages).toHaveLength(1);
    const [row, other] = await t.db.products.getByExternalIds(t.companyId, [id, withOptions.id].sort((x, y) => x - y));
    const changed = row!.externalId === id ? row! : other!;
    const parent = row!.externalId === id ? other! : row!;
    expect(changed).toMatchObject({ retailPriceCents: 9950, costPriceCents: null });
    expect(parent.variants.find((v) => v.externalId === variant.id)).toMatchObject({ costPriceCents: 321, retailPriceCents: null });
  });

  it('reads nothing but one empty page when nothing changed', async () => {
    await sync();
    expect(pages).toHaveLength(1);
  });

  it('runs a full pass again once a day, which removes what the store deleted', async () => {
    const settings = (await t.db.settings.get(t.companyId))!;
    await t.db.settings.markSynced(t.companyId, new Date(Date.now() - 25 * 3_600_000), { startedAt: settings.syncSince!, full: true });
    await sync();
    expect(pages).toEqual([null, null, null]);
    expect(await price(ids[3]!)).toBeUndefined();
  });

  it('runs a full pass after hidden products are shown or hidden anew', async () => {
    const res = await t.app.request('/api/settings', {
      method: 'POST', headers: t.owner.headers,
      body: JSON.stringify({ storeHash: DEMO_STORE.hash, accessToken: '••••••••', clientId: DEMO_STORE.clientId, showInvisibleProducts: true }),
    });
    expect(res.status).toBe(200);
    await sync();
    expect(pages.every((since) => since === null)).toBe(true);
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });
});
