/**
 * What a refresh of products the store's webhooks named costs the merchant's quota (issue 32):
 * with the categories and brands cached by the sync, a refresh of k products is ceil(k/250)
 * store requests and nothing else, counted at the store; a product naming a brand the cache
 * does not know reads the brands once (and a deleted one only once), a category webhook makes
 * the next refresh read the categories once (and a renamed category reaches the refreshed
 * products' paths), a cache older than a day is read again, and connecting another store
 * forgets it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STORE } from '@catalog/demo-store';
import { createLogger } from '../../lib/logger';
import { createRefreshWorker, type RefreshWorker } from '../../services/store-webhooks/refresh-worker';
import { readWebhookSecret, WEBHOOK_SECRET_HEADER } from '../../services/store-webhooks/webhook-registration';
import { closedPortUrl, expectedCategory, startDemoStore, storeProducts, syncedApp, type TestStore } from '../../testing/store-fixture';

/** Every request sent to the store, as "products", "trees", "categories", "brands" or its path. */
const requests: string[] = [];
const counting: typeof fetch = (input, init) => {
  const path = new URL(input instanceof Request ? input.url : String(input)).pathname.replace(/^\/stores\/[^/]+\/v3/, '');
  const kind = { '/catalog/products': 'products', '/catalog/trees': 'trees', '/catalog/trees/categories': 'categories', '/catalog/brands': 'brands' }[path];
  requests.push(`${init?.method ?? 'GET'} ${kind ?? path}`);
  return fetch(input, init);
};
const count = (kind: string) => requests.filter((r) => r === `GET ${kind}`).length;

const OTHER = { hash: 'other', accessToken: 'other-token', clientId: 'other-client' };
let store: TestStore;
let t: Awaited<ReturnType<typeof syncedApp>>;
let worker: RefreshWorker;
/** Store ids of the products the sync kept (visible ones), lowest first. */
let ids: number[];
/** The category requests of one read of the store's categories (the trees, then pages of 250). */
let categoryReadRequests: number;

/** Queues `queued` as webhook deliveries would, then has the worker read them; returns the store requests. */
async function refresh(queued: readonly number[], by: RefreshWorker = worker): Promise<string[]> {
  await t.db.storeRefreshes.receive(t.companyId, { hash: crypto.randomUUID(), productIds: queued, at: new Date() });
  requests.length = 0;
  expect(await by.runOnce()).toBe(queued.length);
  return [...requests];
}
const stored = async (id: number) => (await t.db.products.getByExternalIds(t.companyId, [id]))[0];

beforeAll(async () => {
  store = await startDemoStore({
    quota: 10_000, stores: [{ ...DEMO_STORE, products: 700 }, { hash: OTHER.hash, accessToken: OTHER.accessToken, clientId: OTHER.clientId, products: 5 }],
  });
  // Webhooks are registered (the secret is what a category delivery needs); nobody listens at the destination.
  t = await syncedApp(store, { fetch: counting, storeWebhookUrl: await closedPortUrl() });
  worker = createRefreshWorker({ db: t.db, commerce: t.commerce, secrets: t.secrets, logger: createLogger('silent'), settleMs: 0 });
  ids = storeProducts(store).map((p) => p.id);
  categoryReadRequests = 1 + Math.max(1, Math.ceil(store.store.catalog().data.categories.length / 250));
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await store?.close();
});

describe('a refresh\'s store requests', () => {
  it('start from the categories and brands the sync read and saved', async () => {
    const cached = (await t.db.storeTaxonomy.get(t.companyId, DEMO_STORE.hash))!;
    const { categories, brands } = store.store.catalog().data;
    expect(cached.categories).toHaveLength(categories.length);
    expect(cached.brands).toEqual(brands.map((b) => [b.id, b.name]).sort((a, b) => Number(a[0]) - Number(b[0])));
    expect(cached.categoriesReadAt).toBeInstanceOf(Date);
    expect(cached.brandsReadAt).toBeInstanceOf(Date);
  });

  it.each([1, 125, 250, 251, 600])('are ceil(k/250) for k = %i products, with the cache warm', async (k) => {
    const made = await refresh(ids.slice(0, k));
    expect(made).toEqual(Array(Math.ceil(k / 250)).fill('GET products'));
  });

  it('read the brands once for a brand id the cache does not know, and the product gets its name', async () => {
    const brands = store.store.catalog().data.brands;
    const brandId = Math.max(...brands.map((b) => b.id)) + 1;
    brands.push({ ...brands[0]!, id: brandId, name: 'Brand New Outfitters' });
    const [first, second] = [ids[3]!, ids[300]!];
    store.store.catalog().product(first)!.brand_id = brandId;
    store.store.catalog().product(second)!.brand_id = brandId;
    // Two reads of products (both name the new brand): one read of the brands.
    expect((await refresh(ids.slice(0, 400))).sort()).toEqual(['GET brands', 'GET products', 'GET products']);
    expect((await stored(first))!.brand).toBe('Brand New Outfitters');
    expect((await stored(second))!.brand).toBe('Brand New Outfitters');
    // Saved: the next run knows it.
    expect(await refresh([first])).toEqual(['GET products']);
  });

  it('read the brands once for a brand the store no longer lists, not again after', async () => {
    const id = ids[5]!;
    store.store.catalog().product(id)!.brand_id = 987_654;
    expect((await refresh([id])).sort()).toEqual(['GET brands', 'GET products']);
    expect((await stored(id))!.brand).toBeNull();
    expect(await refresh([id])).toEqual(['GET products']);
  });

  it('read the categories once after a category webhook, and a renamed category reaches the refreshed product\'s path', async () => {
    const { categories } = store.store.catalog().data;
    const id = ids[7]!;
    const product = store.store.catalog().product(id)!;
    const renamed = categories.find((c) => c.category_id === product.categories[0])!;
    renamed.name = `${renamed.name} Renamed`;
    const secret = readWebhookSecret(t.secrets, (await t.db.settings.get(t.companyId))!)!;
    const res = await t.app.request(`/api/webhooks/bigcommerce/${t.companyId}`, {
      method: 'POST', headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: secret },
      body: JSON.stringify({ scope: 'store/category/updated', producer: `stores/${DEMO_STORE.hash}`, data: { type: 'category', id: renamed.category_id }, hash: 'c1' }),
    });
    expect(res.status).toBe(200);
    // The products' stored paths still need a full pass: the next Sync is one.
    expect((await t.db.settings.get(t.companyId))!.fullSyncAt).toBeNull();
    const made = await refresh([id, ...ids.slice(-250)]); // 251 products: two reads
    expect(count('products')).toBe(2);
    expect(count('trees')).toBe(1);
    expect(count('trees') + count('categories')).toBe(categoryReadRequests);
    expect(made).toHaveLength(2 + categoryReadRequests);
    expect((await stored(id))!.category).toBe(expectedCategory(product, categories));
    expect((await stored(id))!.category).toContain('Renamed');
    expect(await refresh([id])).toEqual(['GET products']);
  });

  it('read categories and brands again once they are a day old', async () => {
    const later = createRefreshWorker({
      db: t.db, commerce: t.commerce, secrets: t.secrets, logger: createLogger('silent'), settleMs: 0, now: () => new Date(Date.now() + 25 * 3_600_000),
    });
    await refresh([ids[0]!], later);
    expect(count('products')).toBe(1);
    expect(count('brands')).toBe(1);
    expect(count('trees') + count('categories')).toBe(categoryReadRequests);
    await later.stop();
    expect(await refresh([ids[0]!])).toEqual(['GET products']);
  });

  it('read both once when nothing is cached, then save them', async () => {
    await t.db.storeTaxonomy.clear(t.companyId);
    await refresh(ids.slice(0, 300));
    expect(count('products')).toBe(2);
    expect(count('brands')).toBe(1);
    expect(count('trees') + count('categories')).toBe(categoryReadRequests);
    expect(await refresh(ids.slice(0, 300))).toEqual(['GET products', 'GET products']);
  });

  it('start afresh when another store is connected: the cache of the old one is forgotten', async () => {
    const res = await t.app.request('/api/settings', {
      method: 'POST', headers: t.owner.headers, body: JSON.stringify({ storeHash: OTHER.hash, accessToken: OTHER.accessToken, clientId: OTHER.clientId }),
    });
    expect(res.status).toBe(200);
    expect(await t.db.storeTaxonomy.get(t.companyId, DEMO_STORE.hash)).toBeNull();
    expect(await t.db.storeTaxonomy.get(t.companyId, OTHER.hash)).toBeNull();
  });
});
